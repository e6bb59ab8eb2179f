import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A handler whose `/waiting` answer is made by the test, from a thread of its own, when the test says
/// (`HTTPAnswer.whenReady`), as a fetch from another service would; `/slow` is made on the loop's worker after
/// 300 ms; anything else at once.
final class WaitingHandler: HTTPHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var held: [(path: String, respond: @Sendable (HTTPResponse) -> Void)] = []

    var waiting: Int { lock.withLock { held.count } }

    static func text(_ text: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("\(text)\n".utf8))
    }

    /// Answers every held request, from a thread that is neither a loop nor a worker.
    func respondToAll() {
        let all = lock.withLock {
            defer { held.removeAll() }
            return held
        }
        Thread { for (path, respond) in all { respond(Self.text(path)) } }.start()
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let path = String(request.path)
        switch path {
        case "/waiting":
            return .whenReady { [self] respond in lock.withLock { held.append((path, respond)) } }
        case "/slow":
            return .later {
                usleep(300_000)
                return Self.text(path)
            }
        default:
            return .now(Self.text(path))
        }
    }
}

/// Answers that wait on something outside the server: neither the loop nor its worker waits with them.
@Suite(.serialized)
struct HTTPServerWaitingTests {
    static func withServer(_ body: (HTTPServer, WaitingHandler, Int) async throws -> Void) async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        // One loop and so one worker: either one waiting would stall the other requests.
        configuration.eventLoops = 1
        let handler = WaitingHandler()
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        try await body(server, handler, server.localPort)
    }

    @Test func aWaitingAnswerHoldsNeitherTheLoopNorItsWorker() async throws {
        try await Self.withServer { _, handler, port in
            let waiting = try TestClient(port: port)
            waiting.send(get("/waiting"))
            #expect(await eventually { handler.waiting == 1 })
            let other = try TestClient(port: port)
            other.send(get("/fast") + get("/slow") + get("/fast"))
            let texts = try await onOwnThread { (0..<3).map { _ in other.readResponse()?.text ?? "none" } }
            #expect(texts == ["/fast\n", "/slow\n", "/fast\n"])
            handler.respondToAll()
            #expect(waiting.readResponse()?.text == "/waiting\n")
        }
    }

    @Test func pipelinedAnswersKeepTheirOrderAroundAWaitingOne() async throws {
        try await Self.withServer { _, handler, port in
            let client = try TestClient(port: port)
            client.send(get("/a") + get("/waiting") + get("/b"))
            #expect(client.readResponse()?.text == "/a\n")
            #expect(await eventually { handler.waiting == 1 })
            // `/b` was read long ago, but goes out only after the answer before it.
            handler.respondToAll()
            #expect(client.readResponse()?.text == "/waiting\n")
            #expect(client.readResponse()?.text == "/b\n")
        }
    }

    /// The answer of a client that left is dropped (a client that only half-closed still gets it, so the
    /// connection waits for the answer); nothing is counted as a fault, and the loop serves on.
    @Test func anAnswerForAClientThatLeftIsDropped() async throws {
        try await Self.withServer { server, handler, port in
            do {
                let client = try TestClient(port: port)
                client.send(get("/waiting"))
                #expect(await eventually { handler.waiting == 1 })
            }
            handler.respondToAll()
            #expect(await eventually { server.openConnections == 0 })
            let next = try TestClient(port: port)
            next.send(get("/after"))
            #expect(next.readResponse()?.text == "/after\n")
            let counters = server.counters
            #expect(counters.sendTimeouts == 0 && counters.protocolErrors == 0)
        }
    }
}
