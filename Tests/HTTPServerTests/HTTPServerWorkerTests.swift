import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Testing

/// A handler whose `/slow` answer takes 400 ms and is made on a worker thread.
struct SlowHandler: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/slow" { usleep(400_000) }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain"], body: Array("\(request.path)\n".utf8))
    }

    func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        request.path == "/slow" ? nil : handle(request)
    }
}

/// Requests a handler answers on worker threads: the loop keeps serving, and order on a connection holds.
@Suite(.serialized)
struct HTTPServerWorkerTests {
    static func withSlowServer(_ body: (HTTPServer, Int) async throws -> Void) async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        // One loop: a slow answer made on it would stall every other connection.
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, handler: SlowHandler())
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        try await body(server, server.localPort)
    }

    @Test func otherConnectionsAreServedWhileAWorkerMakesASlowAnswer() async throws {
        try await Self.withSlowServer { _, port in
            let slow = try TestClient(port: port)
            slow.send(get("/slow"))
            try await Task.sleep(for: .milliseconds(50))
            let started = ContinuousClock.now
            let fast = try TestClient(port: port)
            fast.send(get("/fast"))
            let quick = fast.readResponse()
            let waited = ContinuousClock.now - started
            #expect(quick?.text == "/fast\n")
            // The slow answer has 350 ms to go: a loop blocked by it could not have answered yet.
            #expect(waited < .milliseconds(300))
            #expect(slow.readResponse()?.text == "/slow\n")
        }
    }

    @Test func pipelinedAnswersKeepTheirOrderAroundASlowOne() async throws {
        try await Self.withSlowServer { _, port in
            let client = try TestClient(port: port)
            client.send(get("/a") + get("/slow") + get("/b") + get("/slow") + get("/c"))
            let texts = (0..<5).map { _ in client.readResponse()?.text ?? "none" }
            #expect(texts == ["/a\n", "/slow\n", "/b\n", "/slow\n", "/c\n"])
        }
    }

    @Test func drainWaitsForASlowAnswerAndSendsIt() async throws {
        try await Self.withSlowServer { server, port in
            let client = try TestClient(port: port)
            client.send(get("/slow"))
            try await Task.sleep(for: .milliseconds(50))
            let drained = try await withCheckedThrowingContinuation { continuation in
                Thread { continuation.resume(returning: server.drain(deadline: .seconds(5))) }.start()
            }
            let response = client.readResponse()
            #expect(drained)
            #expect(response?.text == "/slow\n")
            #expect(response?.header("Connection") == "close")
        }
    }

    @Test func aClientThatLeavesBeforeItsSlowAnswerCostsNothing() async throws {
        try await Self.withSlowServer { server, port in
            do {
                let client = try TestClient(port: port)
                client.send(get("/slow"))
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(await eventually { server.openConnections == 0 })
            let next = try TestClient(port: port)
            next.send(get("/after"))
            #expect(next.readResponse()?.text == "/after\n")
        }
    }
}
