import HTTPServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 behaviour of a live server on 127.0.0.1, spoken to through raw sockets.
@Suite(.serialized)
struct HTTPServerLiveTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            for index in 1...3 {
                client.send(get("/k\(index)"))
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == "GET /k\(index)")
                #expect(response.header("Connection") == "keep-alive")
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            }
            #expect(server.openConnections == 1)
        }
    }

    @Test func pipelinedRequestsInOneWriteAreAnsweredInOrder() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send((1...20).map { get("/p\($0)") }.joined())
            for index in 1...20 {
                let response = try #require(client.readResponse())
                #expect(response.text == "GET /p\(index)")
            }
        }
    }

    @Test func pipelinedBigResponsesBackedUpStillArriveWhole() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(get("/big") + get("/after") + get("/big") + get("/last"))
            for expected in ["/big", "/after", "/big", "/last"] {
                let response = try #require(client.readResponse())
                if expected == "/big" {
                    #expect(response.body.count == 4 << 20)
                } else {
                    #expect(response.text == "GET \(expected)")
                }
            }
        }
    }

    @Test func headGetsTheHeadersOfGetWithoutTheBody() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("HEAD /same HTTP/1.1\r\nHost: test\r\n\r\n")
            let head = try #require(client.readResponse(bodyless: true))
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\("HEAD /same".utf8.count)")
            // Had a body followed the HEAD answer, it would be read here as the next status line.
            client.send(get("/next"))
            let next = try #require(client.readResponse())
            #expect(next.text == "GET /next")
        }
    }

    @Test func http10WithoutKeepAliveGetsConnectionCloseThenEndOfStream() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.send("GET /old HTTP/1.0\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.text == "GET /old")
            #expect(response.header("Connection") == "close")
            #expect(client.readsEndOfStream())
            // The server lingers (reads and discards) until the client closes too.
            client.reset()
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func http10WithKeepAliveStaysOpen() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            for _ in 1...2 {
                client.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.header("Connection") == "keep-alive")
            }
        }
    }

    @Test func connectionCloseRequestIsAnsweredThenClosed() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(get("/bye", "Connection: close\r\n") + get("/ignored"))
            let response = try #require(client.readResponse())
            #expect(response.text == "GET /bye")
            #expect(response.header("Connection") == "close")
            #expect(client.readsEndOfStream())
        }
    }

    @Test func clientThatShutsDownItsWriteSideStillGetsTheAnswer() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.send(get("/half") + get("/closed"))
            client.shutdownWrite()
            #expect(client.readResponse()?.text == "GET /half")
            // The FIN may arrive with the requests or after them: the last answer may say either, but it comes.
            #expect(client.readResponse()?.text == "GET /closed")
            #expect(client.readsEndOfStream())
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func maxRequestsPerConnectionClosesAfterTheLast() async throws {
        try await withLiveServer({ $0.maxRequestsPerConnection = 3 }) { _, port in
            let client = try TestClient(port: port)
            client.send(get("/1") + get("/2") + get("/3") + get("/4"))
            #expect(client.readResponse()?.header("Connection") == "keep-alive")
            #expect(client.readResponse()?.header("Connection") == "keep-alive")
            #expect(client.readResponse()?.header("Connection") == "close")
            #expect(client.readsEndOfStream())
        }
    }

    @Test(arguments: [
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: b\r\n", count: 150) + "\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 20000) + "\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
    ])
    func malformedRequestGetsItsStatusAndTheConnectionCloses(request: String, status: Int) async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.send(request)
            let response = try #require(client.readResponse())
            #expect(response.status == status)
            #expect(response.header("Connection") == "close")
            #expect(response.text.hasPrefix("\(status) "))
            #expect(client.readsEndOfStream())
            #expect(await eventually { server.counters.protocolErrors == 1 })
            // The server goes on serving others.
            let other = try TestClient(port: port)
            other.send(get("/ok"))
            #expect(other.readResponse()?.status == 200)
        }
    }

    @Test func malformedRequestBehindAGoodOneIsAnsweredAfterIt() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(get("/good") + "GET / HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n" + get("/never"))
            #expect(client.readResponse()?.text == "GET /good")
            #expect(client.readResponse()?.status == 400)
            #expect(client.readsEndOfStream())
        }
    }

    /// An answer to HEAD carries no content, error answers included: the head with its Content-Length, then the
    /// end of the stream. Had the text followed, a keep-alive client would read it as the next status line.
    @Test(arguments: [
        ("HEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx", 413),
        ("HEAD /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("HEAD / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400),
    ])
    func refusedHeadRequestGetsTheErrorHeadWithoutItsText(request: String, status: Int) async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(request)
            let response = try #require(client.readResponse(bodyless: true))
            #expect(response.status == status)
            #expect(response.header("Connection") == "close")
            #expect((Int(response.header("Content-Length") ?? "") ?? 0) > 0)
            #expect(client.readsEndOfStream())
        }
    }

    /// `OPTIONS *` reaches the handler, which answers for the server as a whole; the connection stays open.
    @Test func optionsStarReachesTheHandler() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("OPTIONS * HTTP/1.1\r\nHost: test\r\n\r\n" + get("/next"))
            let options = try #require(client.readResponse())
            #expect(options.text == "OPTIONS *")
            #expect(options.header("Connection") == "keep-alive")
            #expect(client.readResponse()?.text == "GET /next")
        }
    }

    @Test func ipv6LoopbackIsServed() async throws {
        try await withLiveServer({ $0.host = "::1" }) { _, port in
            let client = try TestClient(port: port, host: "::1")
            client.send(get("/v6"))
            #expect(client.readResponse()?.text == "GET /v6")
        }
    }

    @Test func hostThatIsNotAnAddressLiteralIsRefusedAtStart() {
        var configuration = HTTPServerConfiguration()
        configuration.host = "localhost"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.waitUntilStopped()
    }

    @Test func secondServerOnTheSamePortFailsInsteadOfSharingIt() async throws {
        try await withLiveServer { _, port in
            var configuration = HTTPServerConfiguration()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, handler: TestHandler())
            #expect(throws: IOError(errno: EADDRINUSE, function: "bind")) { try second.start() }
        }
    }

    @Test func settingsThatCannotWorkAreRefusedAtStartWithTheirName() {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.headerTimeout = .zero
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        #expect(throws: HTTPServerError.invalidConfiguration("headerTimeout must be positive, not 0.0 seconds")) {
            try server.start()
        }
    }

    @Test func portHeldByAnotherSocketIsAnError() throws {
        // SO_REUSEPORT lets this user's sockets share a port, so the holder is a socket without it.
        let holder = try TestListener()
        var configuration = HTTPServerConfiguration()
        configuration.port = holder.port
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        #expect(throws: IOError.self) { try server.start() }
    }
}
