import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A `.later` answer's `adopt` step runs once, on the loop's own thread, after the work (once the response is sent),
/// and also when the connection closed while the worker made the answer (what it adopts outlives the request).
@Suite(.serialized)
struct HTTPServerAdoptTests {
    /// Where each step of `/made` ran: the loop that asked, the worker, and `adopt`, with what it saw of the work.
    final class Steps: Sendable {
        struct Seen: Sendable {
            var loop: pthread_t?
            var worker: pthread_t?
            var adopted: [(thread: pthread_t, afterWork: Bool)] = []
        }
        let seen = Mutex(Seen())
        let gate = Gate()
    }

    struct AdoptingHandler: HTTPHandler {
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
                adopt: { [steps] in
                    steps.seen.withLock { $0.adopted.append((pthread_self(), $0.worker != nil)) }
                })
        }
    }

    static func withServer(_ steps: Steps, _ body: (Int) async throws -> Void) async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, handler: AdoptingHandler(steps: steps))
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        try await body(server.localPort)
    }

    @Test func adoptRunsOnceOnTheLoopAfterTheWork() async throws {
        let steps = Steps()
        steps.gate.open()
        try await Self.withServer(steps) { port in
            let client = try TestClient(port: port)
            client.send(get("/made"))
            #expect(client.readResponse()?.text == "made\n")
            #expect(await eventually { steps.seen.withLock { $0.adopted.count } == 1 })
            let seen = steps.seen.withLock { $0 }
            guard let loop = seen.loop, let worker = seen.worker, let adopted = seen.adopted.first else { return }
            #expect(pthread_equal(adopted.thread, loop) != 0)
            #expect(pthread_equal(worker, loop) == 0)
            #expect(adopted.afterWork)
        }
    }

    @Test func adoptRunsWhenTheConnectionClosedMeanwhile() async throws {
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
            #expect(await eventually { steps.seen.withLock { $0.adopted.count } == 1 })
            let seen = steps.seen.withLock { $0 }
            if let loop = seen.loop, let adopted = seen.adopted.first {
                #expect(pthread_equal(adopted.thread, loop) != 0)
                #expect(adopted.afterWork)
            }
        }
    }
}
