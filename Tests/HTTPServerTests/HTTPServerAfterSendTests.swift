import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A `.later` answer's `afterSend` step runs once, on the loop's own thread, after the work (once the response is sent),
/// and also when the connection closed while the worker made the answer (what it keeps outlives the request).
@Suite(.serialized)
struct HTTPServerAfterSendTests {
    /// Where each step of `/made` ran: the loop that asked, the worker, and `afterSend`, with what it saw of the work.
    final class Steps: Sendable {
        struct Seen: Sendable {
            var loop: pthread_t?
            var worker: pthread_t?
            var afterSend: [(thread: pthread_t, afterWork: Bool)] = []
        }
        let seen = Mutex(Seen())
        let gate = Gate()
    }

    struct AfterSendHandler: HTTPHandler {
        let steps: Steps

        func answer(_ request: HTTPRequest) -> HTTPAnswer {
            steps.seen.withLock { $0.loop = pthread_self() }
            return .later(
                { [steps] in
                    steps.gate.pass()
                    steps.seen.withLock { $0.worker = pthread_self() }
                    return HTTPResponse(
                        status: .ok, headers: ["Content-Type": "text/plain"], body: Array("made\n".utf8))
                },
                afterSend: { [steps] in
                    steps.seen.withLock { $0.afterSend.append((pthread_self(), $0.worker != nil)) }
                })
        }
    }

    static func withServer(_ steps: Steps, _ body: (Int) async throws -> Void) async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, handler: AfterSendHandler(steps: steps))
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        try await body(server.localPort)
    }

    @Test func afterSendRunsOnceOnTheLoopAfterTheWork() async throws {
        let steps = Steps()
        steps.gate.open()
        try await Self.withServer(steps) { port in
            let client = try TestClient(port: port)
            client.send(get("/made"))
            #expect(client.readResponse()?.text == "made\n")
            #expect(await eventually { steps.seen.withLock { $0.afterSend.count } == 1 })
            let seen = steps.seen.withLock { $0 }
            guard let loop = seen.loop, let worker = seen.worker, let after = seen.afterSend.first else { return }
            #expect(pthread_equal(after.thread, loop) != 0)
            #expect(pthread_equal(worker, loop) == 0)
            #expect(after.afterWork)
        }
    }

    @Test func afterSendRunsWhenTheConnectionClosedMeanwhile() async throws {
        let steps = Steps()
        try await Self.withServer(steps) { port in
            do {
                let client = try TestClient(port: port)
                client.send(get("/made"))
                #expect(await eventually { steps.gate.entered == 1 })
                client.reset()
            }
            // The loop sees the reset before the worker is let go.
            try await Task.sleep(for: .milliseconds(100))
            steps.gate.open()
            #expect(await eventually { steps.seen.withLock { $0.afterSend.count } == 1 })
            let seen = steps.seen.withLock { $0 }
            if let loop = seen.loop, let after = seen.afterSend.first {
                #expect(pthread_equal(after.thread, loop) != 0)
                #expect(after.afterWork)
            }
        }
    }
}
