import Testing

@testable import HTTPServer

/// The connection's state machine around the things a connection waits for besides bytes: a worker's answer,
/// output the socket has not taken, a drain, a peer that hangs up while an answer is still queued.
struct HTTPConnectionFlowTests {
    typealias Machine = HTTPConnectionStateMachine
    typealias T = HTTPConnectionStateMachineTests

    static let two = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func aDeferredAnswerHoldsBackPipelinedRequestsUntilItArrives() {
        var machine = T.machine()
        Array(Self.two.utf8).withUnsafeBytes { machine.received($0, filledBuffer: false, now: T.at(0)) }
        #expect(machine.next(now: T.at(0)) == .respond(T.request("/a"), keepAlive: true))
        machine.deferredAnswer()
        // `/b` is already buffered, but its answer must not overtake `/a`'s.
        #expect(machine.next(now: T.at(0)) == .wait)
        #expect(machine.timedOut(now: T.at(100)) == nil)
        let keptOpen = machine.answerArrived()
        #expect(keptOpen)
        machine.wrote(queued: 0, progressed: false, now: T.at(1))
        #expect(T.drive(&machine, at: 1) == ["/b true"])
    }

    @Test func drainDuringAWorkersAnswerMakesItTheLastAnswer() {
        var machine = T.machine()
        Array(Self.two.utf8).withUnsafeBytes { machine.received($0, filledBuffer: false, now: T.at(0)) }
        #expect(machine.next(now: T.at(0)) == .respond(T.request("/a"), keepAlive: true))
        machine.deferredAnswer()
        machine.startDraining()
        #expect(machine.next(now: T.at(0)) == .wait)
        let keptOpen = machine.answerArrived()
        #expect(!keptOpen)
        machine.wrote(queued: 0, progressed: false, now: T.at(1))
        // The buffered `/b` is never answered: the connection lingers and closes.
        #expect(T.drive(&machine, at: 1) == ["shutdown"])
    }

    @Test func drainClosesAnIdleConnectionAndAFreshOneThatSentNothing() {
        var idle = T.idleAfterOneAnswer()
        idle.startDraining()
        #expect(T.drive(&idle, at: 1) == ["close"])

        var fresh = T.machine()
        fresh.startDraining()
        #expect(T.drive(&fresh, at: 1) == ["close"])
    }

    @Test func drainReadsBytesAlreadyInTheSocketBeforeCallingAConnectionIdle() {
        var machine = T.idleAfterOneAnswer()
        // The next request arrived in a batch the loop has not served when the drain begins.
        machine.socketReported(input: true, hangUp: false)
        machine.startDraining()
        #expect(
            T.drive(&machine, at: 1, socket: .holds("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")) == ["/b false", "shutdown"])
    }

    @Test func drainAnswersAHeadInProgressWithClose() {
        var busy = T.machine()
        #expect(T.drive(&busy, at: 0, socket: .holds("GET /b HTTP/1.1\r\n")) == [])
        busy.startDraining()
        #expect(T.drive(&busy, at: 0) == [])
        busy.socketReported(input: true, hangUp: false)
        #expect(T.drive(&busy, at: 1, socket: .holds("Host: x\r\n\r\n")) == ["/b false", "shutdown"])
    }

    @Test func drainWhileAnAnswerIsQueuedClosesOnceItIsWritten() {
        var machine = T.machine()
        #expect(T.drive(&machine, at: 0, socket: .holds(T.requestA), socketTakesOutput: false) == ["/a true"])
        machine.startDraining()
        #expect(T.drive(&machine, at: 0) == [])
        machine.wrote(queued: 0, progressed: true, now: T.at(1))
        #expect(T.drive(&machine, at: 1) == ["close"])
    }

    @Test func backedUpOutputStopsAnsweringUntilTheSocketTakesSome() {
        var machine = T.machine()
        Array(Self.two.utf8).withUnsafeBytes { machine.received($0, filledBuffer: false, now: T.at(0)) }
        #expect(machine.next(now: T.at(0)) == .respond(T.request("/a"), keepAlive: true))
        machine.wrote(queued: Machine.outputHighWater, progressed: false, now: T.at(0))
        #expect(machine.next(now: T.at(0)) == .wait)
        machine.wrote(queued: Machine.outputHighWater - 1, progressed: true, now: T.at(1))
        #expect(T.drive(&machine, at: 1) == ["/b true"])
    }

    @Test func peerHangUpDuringAFlushStillDeliversTheQueuedAnswerThenCloses() {
        var machine = T.machine()
        #expect(T.drive(&machine, at: 0, socket: .holds(T.requestA), socketTakesOutput: false) == ["/a true"])
        machine.socketReported(input: true, hangUp: true)
        // End of stream is read at once, but the queued answer still goes out before the close.
        #expect(T.drive(&machine, at: 0, socket: .holdsThenEnds("")) == [])
        #expect(machine.inputClosed)
        machine.wrote(queued: 0, progressed: true, now: T.at(1))
        #expect(T.drive(&machine, at: 1) == ["close"])
    }

    @Test func readerThatTakesNothingIsCutAtTheSendTimeout() {
        var machine = T.machine()
        _ = T.drive(&machine, at: 0, socket: .holds(T.requestA), socketTakesOutput: false)
        #expect(machine.timedOut(now: T.at(29)) == nil)
        // Progress moves the deadline, as nginx's send_timeout does; a write that makes none does not.
        machine.wrote(queued: 50, progressed: true, now: T.at(29))
        machine.wrote(queued: 50, progressed: false, now: T.at(40))
        #expect(machine.timedOut(now: T.at(58)) == nil)
        #expect(machine.timedOut(now: T.at(59)) == .close)
    }

    @Test func idleTimeoutCountsFromWhenTheLastAnswerWasWritten() {
        var machine = T.machine()
        _ = T.drive(&machine, at: 0, socket: .holds(T.requestA), socketTakesOutput: false)
        // The answer takes 50 s to go out; the client then has the whole idle timeout for its next request.
        machine.wrote(queued: 50, progressed: true, now: T.at(29))
        machine.wrote(queued: 0, progressed: true, now: T.at(50))
        #expect(machine.timedOut(now: T.at(100)) == nil)
        #expect(machine.timedOut(now: T.at(110)) == .close)
    }

    @Test func aClosedConnectionDoesNothingMore() {
        var machine = T.machine()
        machine.closed()
        machine.socketReported(input: true, hangUp: true)
        #expect(machine.next(now: T.at(0)) == .wait)
        #expect(machine.timedOut(now: T.at(1000)) == nil)
    }
}
