import Testing

@testable import HTTPServer

/// The connection logic with a made-up clock and a made-up socket: no descriptor, no sleep.
struct HTTPConnectionStateMachineTests {
    typealias Machine = HTTPConnectionStateMachine

    static let timeouts = Machine.Timeouts(
        header: .seconds(10), idle: .seconds(60), send: .seconds(30), linger: .seconds(2))

    static func at(_ seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64(seconds * 1e9))
    }

    static func machine(maxRequests: Int = 100) -> Machine {
        Machine(limits: .init(), timeouts: timeouts, maxRequests: maxRequests, now: at(0))
    }

    /// What a socket does when the loop reads it.
    enum Socket {
        /// Holds these bytes, then would block.
        case holds(String)
        /// Holds these bytes, then the peer's end of stream.
        case holdsThenEnds(String)
        /// Holds nothing yet.
        case empty
    }

    /// Runs the machine as the event loop does until it waits: reads come from `socket`, answers are written at
    /// once unless `socketTakesOutput` is false (then 100 bytes stay queued). Returns the actions that reach the
    /// peer, as text: `"/a true"` (target, keep-alive), `"error 505"`, `"shutdown"`, `"close"`.
    static func drive(
        _ machine: inout Machine, at seconds: Double, socket: Socket = .empty, socketTakesOutput: Bool = true
    ) -> [String] {
        var pending: String? = nil
        var ends = false
        switch socket {
        case .holds(let text): pending = text
        case .holdsThenEnds(let text):
            pending = text
            ends = true
        case .empty: break
        }
        var actions: [String] = []
        func written() {
            machine.wrote(queued: socketTakesOutput ? 0 : 100, progressed: false, now: at(seconds))
        }
        while true {
            switch machine.next(now: at(seconds)) {
            case .wait:
                return actions
            case .read:
                if let text = pending {
                    Array(text.utf8).withUnsafeBytes { machine.received($0, filledBuffer: false, now: at(seconds)) }
                    pending = nil
                } else if ends {
                    machine.endOfInput()
                } else {
                    machine.readWouldBlock()
                }
            case .respond(let request, let keepAlive):
                actions.append("\(request.target) \(keepAlive)")
                written()
            case .respondError(let status, _, let isHead):
                actions.append("error \(status.code)" + (isHead ? " head" : ""))
                written()
            case .sendContinue:
                actions.append("100")
                written()
            case .shutdownOutput:
                actions.append("shutdown")
            case .close:
                actions.append("close")
                machine.closed()
                return actions
            }
        }
    }

    static let requestA = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"

    /// A keep-alive connection that has answered `/a` and waits, idle.
    static func idleAfterOneAnswer() -> Machine {
        var machine = Self.machine()
        _ = drive(&machine, at: 0, socket: .holds(requestA))
        return machine
    }

    @Test func keepAliveRequestIsAnsweredThenTheConnectionIdles() {
        var machine = Self.machine()
        #expect(Self.drive(&machine, at: 1, socket: .holds(Self.requestA)) == ["/a true"])
        #expect(machine.phase == .idle(deadline: Self.at(61)))
        #expect(machine.timedOut(now: Self.at(60.9)) == nil)
        #expect(machine.timedOut(now: Self.at(61)) == .close)
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        var machine = Self.machine()
        let three = (1...3).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        #expect(Self.drive(&machine, at: 1, socket: .holds(three + "GET /4 HT")) == ["/1 true", "/2 true", "/3 true"])
        // The fourth head has begun, so the header timeout applies, not the idle one.
        #expect(machine.phase == .awaitingHead(deadline: Self.at(11)))
    }

    @Test func aShortReadWaitsForTheNextEdgeUnlessThePeerHungUp() {
        var machine = Self.machine()
        #expect(Self.drive(&machine, at: 0, socket: .holds("GET /a")) == [])
        #expect(machine.next(now: Self.at(0)) == .wait)
        // A FIN brings no further edge: the loop reads on after a short read until end of stream.
        machine.socketReported(input: false, hangUp: true)
        #expect(machine.next(now: Self.at(0)) == .read)
        Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8).withUnsafeBytes {
            machine.received($0, filledBuffer: false, now: Self.at(0))
        }
        #expect(machine.next(now: Self.at(0)) == .respond(Self.request("/a"), keepAlive: true))
        machine.wrote(queued: 0, progressed: false, now: Self.at(0))
        #expect(machine.next(now: Self.at(0)) == .read)
    }

    @Test func slowHeadGets408AtTheHeaderDeadlineEvenWhileBytesTrickle() {
        var machine = Self.machine()
        var time = 0.0
        let head = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 500)
        for byte in head.utf8 {
            #expect(Self.drive(&machine, at: time, socket: .holds(String(UnicodeScalar(byte)))) == [])
            time += 0.1
            if machine.timedOut(now: Self.at(time)) != nil { break }
        }
        #expect(time >= 10 && time < 10.2)
        #expect(machine.phase == .finishing(linger: true))
    }

    @Test func freshConnectionThatSendsNothingIsClosedSilentlyAtTheHeaderTimeout() {
        var machine = Self.machine()
        #expect(machine.timedOut(now: Self.at(9.9)) == nil)
        #expect(machine.timedOut(now: Self.at(10)) == .close)
    }

    @Test func freshConnectionWithPartOfAHeadGets408AtTheHeaderTimeoutThenLingers() {
        var machine = Self.machine()
        #expect(Self.drive(&machine, at: 0, socket: .holds("G")) == [])
        #expect(
            machine.timedOut(now: Self.at(10))
                == .respondError(.requestTimeout, reason: "the request head did not arrive in time", isHead: false))
        machine.wrote(queued: 0, progressed: false, now: Self.at(10))
        #expect(Self.drive(&machine, at: 10) == ["shutdown"])
    }

    @Test func headRequestCutByTheHeaderTimeoutGets408WithoutContent() {
        var machine = Self.machine()
        #expect(Self.drive(&machine, at: 0, socket: .holds("HEAD / HTTP/1.1\r\nHost: x\r\n")) == [])
        #expect(
            machine.timedOut(now: Self.at(10))
                == .respondError(.requestTimeout, reason: "the request head did not arrive in time", isHead: true))
    }

    @Test func headRequestRefusedByTheParserIsAnsweredWithoutContent() {
        var machine = Self.machine()
        let withBody = "HEAD / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
        #expect(Self.drive(&machine, at: 0, socket: .holds(withBody)) == ["error 413 head", "shutdown"])
    }

    @Test func nextHeadBegunOnAKeepAliveConnectionGets408AtTheHeaderTimeout() {
        var machine = Self.idleAfterOneAnswer()
        machine.socketReported(input: true, hangUp: false)
        #expect(Self.drive(&machine, at: 30, socket: .holds("GET /b")) == [])
        #expect(machine.timedOut(now: Self.at(39.9)) == nil)
        #expect(machine.timedOut(now: Self.at(40))?.isRequestTimeout == true)
    }

    @Test func http10WithoutKeepAliveLingersAfterItsResponseAndReadsNoMore() {
        var machine = Self.machine()
        let two = "GET /old HTTP/1.0\r\n\r\nGET /never HTTP/1.0\r\n\r\n"
        #expect(Self.drive(&machine, at: 0, socket: .holds(two)) == ["/old false", "shutdown"])
        #expect(machine.phase == .lingering(deadline: Self.at(2)))
    }

    @Test func http10WithKeepAliveStaysOpen() {
        var machine = Self.machine()
        let request = "GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
        #expect(Self.drive(&machine, at: 0, socket: .holds(request)) == ["/old true"])
    }

    @Test func theLastAllowedRequestOfAConnectionSaysClose() {
        var machine = Self.machine(maxRequests: 2)
        let two = "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(Self.drive(&machine, at: 0, socket: .holds(two)) == ["/1 true", "/2 false", "shutdown"])
    }

    @Test func malformedHeadIsAnsweredWithTheParsersStatusThenLingers() {
        var machine = Self.machine()
        #expect(
            Self.drive(&machine, at: 0, socket: .holds("GET / HTTP/2.0\r\nHost: x\r\n\r\n")) == [
                "error 505", "shutdown",
            ])
    }

    @Test func peerThatHalfClosesAfterARequestStillGetsTheAnswerWithoutLingering() {
        var machine = Self.machine()
        // epoll reports the FIN with the request: the answer goes out, then the connection closes at once (the peer
        // has sent everything, so no unread bytes can turn into a reset that would destroy the answer).
        machine.socketReported(input: true, hangUp: true)
        #expect(Self.drive(&machine, at: 0, socket: .holdsThenEnds(Self.requestA)) == ["/a true", "close"])
    }

    @Test func peerThatClosesInTheMiddleOfAHeadIsClosedWithoutAnswer() {
        var machine = Self.machine()
        machine.socketReported(input: true, hangUp: true)
        #expect(Self.drive(&machine, at: 0, socket: .holdsThenEnds("GET /a HTTP/1.1\r\nHo")) == ["close"])
    }

    @Test func lingeringDiscardsInputAndEndsWhenThePeerCloses() {
        var machine = Self.machine()
        let request = "GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        #expect(Self.drive(&machine, at: 5, socket: .holds(request)) == ["/a false", "shutdown"])
        // Bytes after the last request are read and dropped, never parsed into another answer.
        machine.socketReported(input: true, hangUp: false)
        #expect(Self.drive(&machine, at: 5.5, socket: .holds(Self.requestA)) == [])
        #expect(machine.timedOut(now: Self.at(6.9)) == nil)
        machine.socketReported(input: true, hangUp: true)
        #expect(Self.drive(&machine, at: 6, socket: .holdsThenEnds("")) == ["close"])
    }

    @Test func lingeringEndsAtItsDeadline() {
        var machine = Self.machine()
        _ = Self.drive(&machine, at: 5, socket: .holds("GET /a HTTP/1.0\r\n\r\n"))
        #expect(machine.timedOut(now: Self.at(6.9)) == nil)
        #expect(machine.timedOut(now: Self.at(7)) == .close)
    }

    static func request(_ target: String) -> HTTPRequest {
        HTTPRequest(method: .get, target: target, headers: ["Host": "x"])
    }
}

extension HTTPConnectionStateMachine.Action {
    var isRequestTimeout: Bool {
        if case .respondError(let status, _, _) = self { return status == .requestTimeout }
        return false
    }
}
