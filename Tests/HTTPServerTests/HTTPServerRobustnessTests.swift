import HTTPServer
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Counts the requests it answers (with `TestHandler`'s responses).
final class CountingHandler: HTTPHandler {
    private let answered = Atomic<Int>(0)

    var count: Int { answered.load(ordering: .relaxed) }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        answered.add(1, ordering: .relaxed)
        return TestHandler().answer(request)
    }
}

/// A live server against hostile or unlucky clients: slow, vanishing, too many, and a drain in the middle.
@Suite(.serialized)
struct HTTPServerRobustnessTests {
    @Test func slowlorisIsCutWith408WhileOthersAreServed() async throws {
        try await withLiveServer({ $0.headerTimeout = .milliseconds(500) }) { server, port in
            let (status, connection, elapsed, served, closed) = try await onOwnThread {
                let slow = try TestClient(port: port)
                let start = ContinuousClock.now
                var served = 0
                // 200 bytes at one per 100 ms would take 20 s; the header timeout must cut it long before.
                let head = Array((get("/slow") + "X-Padding: " + String(repeating: "a", count: 200)).utf8)
                for byte in head {
                    if slow.hasPendingBytes() { break }
                    slow.send([byte])
                    let other = try TestClient(port: port)
                    other.send(get("/fast"))
                    if other.readResponse()?.status == 200 { served += 1 }
                    usleep(100_000)
                }
                let response = slow.readResponse()
                let elapsed = ContinuousClock.now - start
                return (response?.status, response?.header("Connection"), elapsed, served, slow.readsEndOfStream())
            }
            #expect(status == 408)
            #expect(connection == "close")
            // Bounds wide enough for a loaded machine, far from the 20 s the client wanted.
            #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(8), "\(elapsed)")
            #expect(served >= 1)
            #expect(closed)
            #expect(server.counters.headerTimeouts == 1)
        }
    }

    @Test func connectionThatNeverSendsIsClosedAtTheHeaderTimeout() async throws {
        try await withLiveServer({ $0.headerTimeout = .milliseconds(200) }) { server, port in
            let silent = try TestClient(port: port)
            #expect(silent.readsEndOfStream())
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withLiveServer({ $0.idleTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            client.send(get("/once"))
            #expect(client.readResponse()?.status == 200)
            #expect(client.readsEndOfStream())
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func thousandConcurrentConnectionsAreAllServed() async throws {
        try await withLiveServer { server, port in
            var clients: [TestClient] = []
            for _ in 0..<1000 { clients.append(try TestClient(port: port)) }
            for (index, client) in clients.enumerated() { client.send(get("/c\(index)")) }
            var answered = 0
            for (index, client) in clients.enumerated() where client.readResponse()?.text == "GET /c\(index)" {
                answered += 1
            }
            #expect(answered == 1000)
            #expect(server.openConnections == 1000)
            clients.removeAll()
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func connectionsBeyondTheMaximumAreClosedAndTheOthersServed() async throws {
        try await withLiveServer({ $0.maxConnections = 5 }) { server, port in
            var clients: [TestClient] = []
            for index in 0..<5 {
                let client = try TestClient(port: port)
                client.send(get("/m\(index)"))
                #expect(client.readResponse()?.status == 200)
                clients.append(client)
            }
            let extra = try TestClient(port: port)
            extra.send(get("/extra"))
            #expect(extra.readResponse() == nil)
            #expect(server.counters.rejectedConnections == 1)
            for client in clients {
                client.send(get("/again"))
                #expect(client.readResponse()?.status == 200)
            }
            clients.removeAll()
            #expect(await eventually { server.openConnections == 0 })
            let later = try TestClient(port: port)
            later.send(get("/later"))
            #expect(later.readResponse()?.status == 200)
        }
    }

    @Test func clientThatVanishesMidResponseFreesItsConnection() async throws {
        try await withLiveServer { server, port in
            for _ in 0..<5 {
                let client = try TestClient(port: port)
                client.send(get("/big"))
                #expect(await eventually { client.hasPendingBytes() })
                client.reset()
            }
            #expect(await eventually { server.openConnections == 0 })
            let after = try TestClient(port: port)
            after.send(get("/alive"))
            #expect(after.readResponse()?.text == "GET /alive")
        }
    }

    @Test func requestsBehindABackedUpResponseAreNotAnsweredUntilTheClientReads() async throws {
        let counter = CountingHandler()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: counter)
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        let client = try TestClient(port: server.localPort)
        // 100 requests for 4 MiB each: answering them all at once would queue 400 MiB for one client.
        client.send(String(repeating: get("/big"), count: 100))
        #expect(await eventually { counter.count >= 1 })
        try await Task.sleep(for: .milliseconds(200))
        #expect(counter.count <= 2)
        for _ in 0..<5 { #expect(client.readResponse()?.body.count == 4 << 20) }
        #expect(await eventually { counter.count >= 6 })
        #expect(counter.count < 100)
    }

    @Test func readerThatStopsReadingIsCutAtTheSendTimeout() async throws {
        try await withLiveServer({ $0.sendTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            // Pipelined requests behind the big answer are not read while it is backed up.
            client.send(get("/big") + get("/big") + get("/big"))
            #expect(await eventually { server.counters.sendTimeouts == 1 })
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func drainFinishesInFlightRequestsWithCloseAndClosesIdleOnes() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 2
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        try server.start()
        let port = server.localPort
        let idle = try TestClient(port: port)
        idle.send(get("/idle"))
        #expect(idle.readResponse()?.header("Connection") == "keep-alive")
        let busy = try TestClient(port: port)
        busy.send("GET /busy HTTP/1.1\r\n")
        #expect(await eventually { server.openConnections == 2 })
        // Bytes still on their way through loopback when the drain begins would make the connection idle.
        try await Task.sleep(for: .milliseconds(50))

        // On a thread of its own: the drain blocks while it waits, and the pool's threads may all be taken.
        async let drained = onOwnThread { server.drain(deadline: .seconds(5)) }
        #expect(idle.readsEndOfStream())
        busy.send("Host: test\r\n\r\n")
        let response = try #require(busy.readResponse())
        #expect(response.text == "GET /busy")
        #expect(response.header("Connection") == "close")
        #expect(busy.readsEndOfStream())
        busy.reset()
        #expect(try await drained)
        #expect(server.openConnections == 0)
        server.waitUntilStopped()
        #expect(throws: (any Error).self) { try TestClient(port: port) }
    }

    @Test func drainPastItsDeadlineForcesConnectionsClosedAndSaysSo() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        try server.start()
        let stuck = try TestClient(port: server.localPort)
        // One whole request first, so the connection is surely on its loop and being read when the half one comes.
        stuck.send(get("/first"))
        #expect(stuck.readResponse()?.status == 200)
        stuck.send("GET /never-finished HTTP/1.1\r\n")
        #expect(await eventually { server.openConnections == 1 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(server.drain(deadline: .milliseconds(200)) == false)
        server.waitUntilStopped()
        #expect(server.openConnections == 0)
        #expect(stuck.readsEndOfStream())
    }
}
