import Testing

@testable import HTTPServer

/// The connection logic with a made-up clock: no socket, no sleep.
struct HTTPConnectionStateMachineTests {
    static let timeouts = HTTPConnectionStateMachine.Timeouts(
        header: .seconds(10), idle: .seconds(60), send: .seconds(30), linger: .seconds(2))

    static func at(_ seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64(seconds * 1e9))
    }

    static func machine(maxRequests: Int = 100) -> HTTPConnectionStateMachine {
        HTTPConnectionStateMachine(limits: .init(), timeouts: timeouts, maxRequests: maxRequests, now: at(0))
    }

    static func feed(_ machine: inout HTTPConnectionStateMachine, _ text: String, at seconds: Double) {
        Array(text.utf8).withUnsafeBytes { machine.received($0, now: at(seconds)) }
    }

    /// The actions until `.needMoreData`, reduced to (target, keepAlive) or a status code.
    static func drive(_ machine: inout HTTPConnectionStateMachine, at seconds: Double) -> [String] {
        var actions: [String] = []
        while true {
            switch machine.next(now: at(seconds)) {
            case .needMoreData: return actions
            case .respond(let request, let keepAlive): actions.append("\(request.target) \(keepAlive)")
            case .respondError(let status, _, _): actions.append("error \(status.code)")
            case .close:
                actions.append("close")
                return actions
            }
        }
    }

    @Test func keepAliveRequestIsAnsweredThenTheConnectionIdles() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 1)
        #expect(Self.drive(&machine, at: 1) == ["/a true"])
        #expect(machine.phase == .idle(deadline: Self.at(61)))
        #expect(machine.timedOut(now: Self.at(60.9)) == nil)
        #expect(machine.timedOut(now: Self.at(61)) == .close)
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        var machine = Self.machine()
        let three = (1...3).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        Self.feed(&machine, three + "GET /4 HT", at: 1)
        #expect(Self.drive(&machine, at: 1) == ["/1 true", "/2 true", "/3 true"])
        // The fourth head has begun, so the header timeout applies, not the idle one.
        #expect(machine.phase == .awaitingHead(deadline: Self.at(11)))
    }

    @Test func slowHeadGets408AtTheHeaderDeadlineEvenWhileBytesTrickle() {
        var machine = Self.machine()
        var time = 0.0
        let head = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 500)
        for byte in head.utf8 {
            Self.feed(&machine, String(UnicodeScalar(byte)), at: time)
            #expect(Self.drive(&machine, at: time) == [])
            time += 0.1
            if machine.timedOut(now: Self.at(time)) != nil { break }
        }
        #expect(time >= 10 && time < 10.2)
        #expect(machine.phase == .finishing)
    }

    @Test func freshConnectionThatSendsNothingIsClosedSilentlyAtTheHeaderTimeout() {
        var machine = Self.machine()
        #expect(machine.timedOut(now: Self.at(9.9)) == nil)
        #expect(machine.timedOut(now: Self.at(10)) == .close)
    }

    @Test func freshConnectionWithPartOfAHeadGets408AtTheHeaderTimeout() {
        var machine = Self.machine()
        Self.feed(&machine, "G", at: 0)
        #expect(Self.drive(&machine, at: 0) == [])
        #expect(
            machine.timedOut(now: Self.at(10))
                == .respondError(.requestTimeout, reason: "the request head did not arrive in time", isHead: false))
    }

    /// The 408 for a HEAD request cut short goes without its text, as every answer to HEAD does.
    @Test func headRequestCutByTheHeaderTimeoutGets408WithoutContent() {
        var machine = Self.machine()
        Self.feed(&machine, "HEAD / HTTP/1.1\r\nHost: x\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == [])
        #expect(
            machine.timedOut(now: Self.at(10))
                == .respondError(.requestTimeout, reason: "the request head did not arrive in time", isHead: true))
    }

    @Test func nextHeadBegunOnAKeepAliveConnectionGets408AtTheHeaderTimeout() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == ["/a true"])
        Self.feed(&machine, "GET /b", at: 30)
        #expect(Self.drive(&machine, at: 30) == [])
        #expect(machine.timedOut(now: Self.at(39.9)) == nil)
        #expect(machine.timedOut(now: Self.at(40))?.isRequestTimeout == true)
    }

    @Test func http10WithoutKeepAliveClosesAfterItsResponse() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /old HTTP/1.0\r\n\r\nGET /never HTTP/1.0\r\n\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == ["/old false", "close"])
    }

    @Test func http10WithKeepAliveStaysOpen() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == ["/old true"])
    }

    @Test func theLastAllowedRequestOfAConnectionSaysClose() {
        var machine = Self.machine(maxRequests: 2)
        Self.feed(&machine, "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == ["/1 true", "/2 false", "close"])
    }

    @Test func malformedHeadIsAnsweredWithTheParsersStatus() {
        var machine = Self.machine()
        Self.feed(&machine, "GET / HTTP/2.0\r\nHost: x\r\n\r\n", at: 0)
        #expect(Self.drive(&machine, at: 0) == ["error 505", "close"])
        #expect(machine.phase == .finishing)
    }

    @Test func peerThatHalfClosesAfterARequestStillGetsTheAnswer() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        machine.peerClosedInput()
        #expect(Self.drive(&machine, at: 0) == ["/a false", "close"])
    }

    @Test func peerThatClosesInTheMiddleOfAHeadIsClosedWithoutAnswer() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHo", at: 0)
        #expect(Self.drive(&machine, at: 0) == [])
        machine.peerClosedInput()
        #expect(Self.drive(&machine, at: 0) == ["close"])
    }

    @Test func drainClosesIdleConnectionsAndAnswersTheHeadInProgressWithClose() {
        var idle = Self.machine()
        Self.feed(&idle, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        _ = Self.drive(&idle, at: 0)
        #expect(idle.startDraining(outputQueued: false) == .close)

        var fresh = Self.machine()
        #expect(fresh.startDraining(outputQueued: false) == .close)

        var busy = Self.machine()
        Self.feed(&busy, "GET /b HTTP/1.1\r\n", at: 0)
        #expect(Self.drive(&busy, at: 0) == [])
        #expect(busy.startDraining(outputQueued: false) == nil)
        Self.feed(&busy, "Host: x\r\n\r\n", at: 1)
        #expect(Self.drive(&busy, at: 1) == ["/b false", "close"])
    }

    @Test func drainWhileAResponseIsQueuedClosesOnceItIsWritten() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        #expect(
            machine.next(now: Self.at(0))
                == .respond(HTTPRequest(method: .get, target: "/a", headers: ["Host": "x"]), keepAlive: true))
        machine.outputBlocked(now: Self.at(0))
        #expect(machine.startDraining(outputQueued: true) == nil)
        machine.outputFlushed(now: Self.at(1))
        #expect(machine.next(now: Self.at(1)) == .close)
    }

    @Test func readerThatTakesNothingIsCutAtTheSendTimeout() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        _ = machine.next(now: Self.at(0))
        machine.outputBlocked(now: Self.at(0))
        #expect(machine.timedOut(now: Self.at(29)) == nil)
        // Progress moves the deadline, as nginx's send_timeout does.
        machine.outputBlocked(now: Self.at(29))
        #expect(machine.timedOut(now: Self.at(58)) == nil)
        #expect(machine.timedOut(now: Self.at(59)) == .close)
    }

    @Test func idleTimeoutCountsFromWhenTheLastAnswerWasWritten() {
        var machine = Self.machine()
        Self.feed(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        _ = machine.next(now: Self.at(0))
        machine.outputBlocked(now: Self.at(0))
        #expect(machine.next(now: Self.at(0)) == .needMoreData)
        // The answer takes 50 s to go out; the client then has the whole idle timeout for its next request.
        machine.outputBlocked(now: Self.at(29))
        machine.outputFlushed(now: Self.at(50))
        #expect(machine.timedOut(now: Self.at(100)) == nil)
        #expect(machine.timedOut(now: Self.at(110)) == .close)
    }

    @Test func lingeringEndsAtItsDeadlineOrWhenThePeerCloses() {
        var machine = Self.machine()
        machine.startLingering(now: Self.at(5))
        #expect(machine.next(now: Self.at(5)) == .needMoreData)
        #expect(machine.timedOut(now: Self.at(6.9)) == nil)
        #expect(machine.timedOut(now: Self.at(7)) == .close)
        var other = Self.machine()
        other.startLingering(now: Self.at(5))
        other.peerClosedInput()
        #expect(other.next(now: Self.at(5)) == .close)
    }
}

extension HTTPConnectionStateMachine.Action {
    fileprivate var isRequestTimeout: Bool {
        if case .respondError(let status, _, _) = self { return status == .requestTimeout }
        return false
    }
}
