import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

/// The calling thread's nice value (Linux keeps one per thread).
func currentThreadNice() -> Int32 {
    getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
}

/// A handler whose `/slow` answer takes 400 ms, whose `/gated` and `/second` answers wait for their gates, whose
/// `/thread` answer names the thread that made it and that thread's nice value, and whose `/quick` answer is made at
/// once, all on a worker thread.
struct SlowHandler: HTTPHandler {
    static let workerPaths: Set<String> = ["/slow", "/gated", "/second", "/thread", "/quick"]
    let gate: Gate
    var second = Gate()
    /// Counts (`asked`) the answers handed to the worker; never passed.
    let queued = Gate()

    /// The answer, made where it is called.
    func make(_ request: HTTPRequest) -> HTTPResponse {
        var text = String(request.path)
        switch request.path {
        case "/slow": usleep(400_000)
        case "/gated": gate.pass()
        case "/second": second.pass()
        case "/thread":
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
            text = "\(name.trimmingCharacters(in: .whitespacesAndNewlines)) nice \(currentThreadNice())"
        default: break
        }
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("\(text)\n".utf8))
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        // The loop hands the work to its worker as soon as this returns, before it reads any command.
        if request.path == "/gated" { gate.ask() }
        guard Self.workerPaths.contains(String(request.path)) else { return .now(make(request)) }
        queued.ask()
        return .later { make(request) }
    }
}

/// Requests a handler answers on worker threads: the loop keeps serving, and order on a connection holds.
@Suite(.serialized)
struct HTTPServerWorkerTests {
    static func withSlowServer(
        gate: Gate = Gate(), handler: SlowHandler? = nil, _ body: (HTTPServer, Int) async throws -> Void
    ) async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        // One loop: a slow answer made on it would stall every other connection.
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, handler: handler ?? SlowHandler(gate: gate))
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        try await body(server, server.localPort)
    }

    /// A client whose `/gated` request a worker has begun to answer.
    static func clientInsideGate(_ gate: Gate, port: Int) async throws -> TestClient {
        let entered = gate.entered
        let client = try TestClient(port: port)
        client.send(get("/gated"))
        #expect(await eventually { gate.entered == entered + 1 })
        return client
    }

    @Test func otherConnectionsAreServedWhileAWorkerMakesASlowAnswer() async throws {
        let gate = Gate()
        try await Self.withSlowServer(gate: gate) { _, port in
            let slow = try await Self.clientInsideGate(gate, port: port)
            // The gated answer cannot finish before the gate opens: a loop blocked by it could not answer this.
            let fast = try TestClient(port: port)
            fast.send(get("/fast"))
            #expect(fast.readResponse()?.text == "/fast\n")
            gate.open()
            #expect(slow.readResponse()?.text == "/gated\n")
        }
    }

    @Test func slowAnswersAreMadeOnTheLoopsOwnWorkerBelowTheLoopsPriority() async throws {
        try await Self.withSlowServer { _, port in
            let client = try TestClient(port: port)
            // Nice 10, or the process's own nice when that is already lower priority (it cannot be raised).
            let nice = max(10, currentThreadNice())
            // Twice: the second answer comes from the same thread, still lowered.
            for _ in 0..<2 {
                client.send(get("/thread"))
                #expect(client.readResponse()?.text == "http-worker nice \(nice)\n")
            }
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
        let gate = Gate()
        try await Self.withSlowServer(gate: gate) { server, port in
            let client = try await Self.clientInsideGate(gate, port: port)
            // On a thread of its own: the drain blocks while it waits, and the pool's threads may all be taken.
            async let drained = onOwnThread { server.drain(deadline: .seconds(5)) }
            // The loop has begun draining once it stops accepting; only then may the answer finish.
            #expect(await eventually { (try? TestClient(port: port)) == nil })
            gate.open()
            let response = client.readResponse()
            // A client that closes after its last answer spares the server its lingering close.
            client.shutdownWrite()
            #expect(try await drained)
            #expect(response?.text == "/gated\n")
            #expect(response?.header("Connection") == "close")
        }
    }

    @Test func waitUntilStoppedWaitsForTheAnswerAWorkerIsMakingAndDropsTheQueuedOnes() async throws {
        let gate = Gate()
        try await Self.withSlowServer(gate: gate) { server, port in
            let first = try await Self.clientInsideGate(gate, port: port)
            // Queued behind the first on the loop's one worker.
            let second = try TestClient(port: port)
            second.send(get("/gated"))
            #expect(await eventually { gate.asked == 2 })
            server.stop()
            let stopped = DispatchSemaphore(value: 0)
            Thread {
                server.waitUntilStopped()
                stopped.signal()
            }.start()
            // The loop is gone once the connections are; the worker is still inside the first answer.
            #expect(first.readsEndOfStream() && second.readsEndOfStream())
            // Waited for off the task pool, which other suites' blocking reads may hold.
            #expect(try await onOwnThread { stopped.wait(timeout: .now() + 0.1) } == .timedOut)
            gate.open()
            #expect(try await onOwnThread { stopped.wait(timeout: .now() + 10) } == .success)
            // The second answer, queued for a connection already closed, was never begun.
            #expect(gate.entered == 1)
        }
    }

    /// Answers a worker makes while more of its jobs wait are handed back a few at a time (one wake-up of the loop
    /// for several); every one is sent, the last as soon as the worker runs out of jobs.
    @Test func answersMadeBehindEachOtherAreAllSent() async throws {
        let gate = Gate()
        try await Self.withSlowServer(gate: gate) { _, port in
            let first = try await Self.clientInsideGate(gate, port: port)
            // Queued behind the first on the loop's one worker, which takes them together once the gate opens.
            let others = try (0..<9).map { _ in try TestClient(port: port) }
            for client in others { client.send(get("/gated")) }
            #expect(await eventually { gate.asked == 10 })
            gate.open()
            #expect(first.readResponse()?.text == "/gated\n")
            for (index, client) in others.enumerated() {
                #expect(client.readResponse()?.text == "/gated\n", "answer \(index + 2) of 10")
            }
        }
    }

    /// The answer of a job queued before one that does not end (it waits at the second gate) is sent while that job
    /// waits. A long job's answer (`/slow`, 400 ms) is not held back at all; a quick one's (`/quick`) is held, as
    /// more jobs are queued, but the loop takes it once held for the hold limit: the worker, inside the next job,
    /// cannot. (A quick answer once waited for the next job's end.)
    @Test(arguments: ["/slow", "/quick"])
    func theAnswerBeforeAJobThatDoesNotEndIsSent(path: String) async throws {
        let handler = SlowHandler(gate: Gate())
        try await Self.withSlowServer(handler: handler) { _, port in
            let first = try await Self.clientInsideGate(handler.gate, port: port)
            // Queued in this order behind the first: the job under test, then one that waits for the second gate.
            let before = try TestClient(port: port, receiveTimeout: 5)
            before.send(get(path))
            #expect(await eventually { handler.queued.asked == 2 })
            let waiting = try TestClient(port: port)
            waiting.send(get("/second"))
            #expect(await eventually { handler.queued.asked == 3 })
            handler.gate.open()
            #expect(first.readResponse()?.text == "/gated\n")
            let text = before.readResponse()?.text
            #expect(text == "\(path)\n", "\(path) waited: \(text ?? "none")")
            handler.second.open()
            #expect(waiting.readResponse()?.text == "/second\n")
        }
    }

    /// A client that leaves while its answer is being made costs nothing that lasts: its socket is closed (the
    /// listener is the only socket left on the port), nothing is counted as a fault, and the worker, once done with
    /// the answer nobody will read, makes the next slow answer.
    @Test func aClientThatLeavesBeforeItsSlowAnswerCostsNothing() async throws {
        try await Self.withSlowServer { server, port in
            #expect(OpenSockets.count(localPort: port) == 1)
            do {
                let client = try TestClient(port: port)
                client.send(get("/slow"))
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(await eventually { server.openConnections == 0 })
            #expect(await eventually { OpenSockets.count(localPort: port) == 1 })
            let next = try TestClient(port: port)
            next.send(get("/slow"))
            #expect(next.readResponse()?.text == "/slow\n")
            let counters = server.counters
            #expect(counters.sendTimeouts == 0 && counters.protocolErrors == 0 && counters.rejectedConnections == 0)
        }
    }
}
