import HTTPServer
import TestSupport
import Testing

struct HTTPRequestParserTests {
    static let simple = "GET /ring.svg?value=72 HTTP/1.1\r\nHost: rings.example.com\r\nAccept: image/svg+xml\r\n\r\n"

    @Test func parsesARequestHead() throws {
        let events = ParserDriver.events(Self.simple)
        #expect(events.count == 1)
        guard case .request(let request, let keepAlive, let expectContinue) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.method == .get)
        #expect(request.target == "/ring.svg?value=72")
        #expect(request.path == "/ring.svg")
        #expect(request.query == "value=72")
        #expect(request.version == .http1_1)
        #expect(request.headers["host"] == "rings.example.com")
        #expect(request.headers["Accept"] == "image/svg+xml")
        #expect(request.headers.count == 2)
        #expect(keepAlive)
        #expect(!expectContinue)
    }

    @Test func trimsWhitespaceAroundFieldValues() throws {
        let events = ParserDriver.events("GET / HTTP/1.1\r\nHost:a\r\nX-A: \t spaced \t \r\nX-Empty:\r\n\r\n")
        guard case .request(let request, _, _) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.headers["x-a"] == "spaced")
        #expect(request.headers["X-Empty"] == "")
        #expect(request.headers["host"] == "a")
    }

    /// Each event in words: a request's method, target, version, Host and flags; an error's status.
    static func described(_ events: [HTTPRequestParser.Event]) -> [String] {
        events.map { event in
            switch event {
            case .request(let request, let keepAlive, let expectContinue):
                "\(request.method) \(request.target) \(request.version.major).\(request.version.minor) "
                    + "host=\(request.headers["host"] ?? "none") keepAlive=\(keepAlive) continue=\(expectContinue)"
            case .error(let status, _, _): "error \(status.code)"
            case .continueBody: "continueBody"
            case .needMoreData: "needMoreData"
            }
        }
    }

    @Test func byteByByteFeedingGivesTheSameEventsAsTheWholeBuffer() {
        let bytes = Array((Self.simple + "HEAD /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").utf8)
        let whole = ParserDriver.events(bytes)
        #expect(
            Self.described(whole) == [
                "GET /ring.svg?value=72 1.1 host=rings.example.com keepAlive=true continue=false",
                "HEAD /b 1.0 host=none keepAlive=true continue=false",
            ])
        #expect(ParserDriver.events(bytes, chunkSizes: repeatElement(1, count: bytes.count)) == whole)
    }

    @Test(arguments: [1, 2, 3, 42, 1234, 99999] as [UInt64])
    func randomSplitsGiveTheSameEventsAsTheWholeBuffer(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let bytes = Array(
            (Self.simple + "GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\n\r\n").utf8)
        let whole = ParserDriver.events(bytes)
        // Nothing after a request that closes the connection is parsed.
        #expect(
            Self.described(whole) == [
                "GET /ring.svg?value=72 1.1 host=rings.example.com keepAlive=true continue=false",
                "GET /x 1.1 host=h keepAlive=false continue=false",
            ])
        for _ in 0..<50 {
            let sizes = (0..<bytes.count).map { _ in Int.random(in: 1...16, using: &rng) }
            #expect(ParserDriver.events(bytes, chunkSizes: sizes) == whole)
        }
    }

    @Test func pipelinedRequestsInOneFeedComeOutInOrder() {
        let one = "GET /1 HTTP/1.1\r\nHost: a\r\n\r\n"
        let two = "GET /2 HTTP/1.1\r\nHost: a\r\n\r\n"
        let events = ParserDriver.events(one + two + "GET /3 HTT")
        let targets = events.compactMap { event -> String? in
            guard case .request(let request, true, _) = event else { return nil }
            return request.target
        }
        #expect(targets == ["/1", "/2"])
    }

    @Test func bufferedByteCountTracksAHalfSentRequest() {
        var parser = HTTPRequestParser()
        let first = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /next HT".utf8)
        first.withUnsafeBytes { parser.feed($0) }
        #expect(parser.bufferedByteCount == first.count)
        guard case .request = parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(parser.bufferedByteCount == "GET /next HT".utf8.count)
        #expect(parser.next() == .needMoreData)
        Array("TP/1.1\r\nHost: a\r\n\r\n".utf8).withUnsafeBytes { parser.feed($0) }
        guard case .request(let request, _, _) = parser.next() else {
            Issue.record("expected the second request")
            return
        }
        #expect(request.target == "/next")
        #expect(parser.bufferedByteCount == 0)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", true),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", true),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n", false),
        ("PUT / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", false),
    ])
    func keepAliveFollowsVersionConnectionAndBody(head: String, expected: Bool) throws {
        let events = ParserDriver.events(head)
        guard case .request(_, let keepAlive, _) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(keepAlive == expected)
    }

    @Test func bytesAfterARequestWithABodyAreNeverParsed() {
        var parser = HTTPRequestParser()
        let bytes = Array(
            "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 30\r\n\r\nGET /smuggled HTTP/1.1\r\n\r\n".utf8)
        bytes.withUnsafeBytes { parser.feed($0) }
        guard case .request(let request, false, _) = parser.next() else {
            Issue.record("expected a request without keep-alive")
            return
        }
        #expect(request.method == .post)
        #expect(parser.next() == .needMoreData)
        bytes.withUnsafeBytes { parser.feed($0) }
        #expect(parser.next() == .needMoreData)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func expectContinueIsReported() throws {
        let events = ParserDriver.events(
            "POST /u HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 10\r\n\r\n")
        guard case .request(_, false, true) = try #require(events.first) else {
            Issue.record("expected expectContinue, got \(events)")
            return
        }
    }

    @Test func expectIsIgnoredInHTTP10() throws {
        let events = ParserDriver.events("GET / HTTP/1.0\r\nExpect: 100-continue\r\nExpect: other\r\n\r\n")
        guard case .request(_, false, false) = try #require(events.first) else {
            Issue.record("expected a request without expectContinue, got \(events)")
            return
        }
    }

    @Test func aCRAtTheEndOfAReadWaitsForItsLF() {
        var parser = HTTPRequestParser()
        Array("GET / HTTP/1.1\r".utf8).withUnsafeBytes { parser.feed($0) }
        #expect(parser.next() == .needMoreData)
        Array("\nHost: a\r\n\r".utf8).withUnsafeBytes { parser.feed($0) }
        #expect(parser.next() == .needMoreData)
        Array("\n".utf8).withUnsafeBytes { parser.feed($0) }
        guard case .request(let request, true, false) = parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(request.headers["Host"] == "a")
    }

    @Test(arguments: [
        ("GET http://rings.example.com/ring.svg?value=1 HTTP/1.1", "/ring.svg?value=1", "rings.example.com"),
        ("GET HTTPS://rings.example.com:8443 HTTP/1.1", "/", "rings.example.com:8443"),
        ("GET http://[::1]:8080?value=2 HTTP/1.1", "/?value=2", "[::1]:8080"),
        ("OPTIONS * HTTP/1.1", "*", "sent.example.com"),
        ("GET /ring/%00.svg HTTP/1.1", "/ring/%00.svg", "sent.example.com"),
        ("GET /badge.svg?label={value}|x HTTP/1.1", "/badge.svg?label={value}|x", "sent.example.com"),
    ])
    func targetsAreReducedToOriginFormAndTheirHostWins(line: String, target: String, host: String) throws {
        let events = ParserDriver.events(line + "\r\nHost: sent.example.com\r\n\r\n")
        guard case .request(let request, _, _) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.target == target)
        #expect(request.headers.values("host") == [host])
    }

    @Test func anAbsoluteFormTargetAddsNoHostToAnHTTP10Request() throws {
        let events = ParserDriver.events("GET http://rings.example.com/x HTTP/1.0\r\n\r\n")
        guard case .request(let request, _, _) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.target == "/x")
        #expect(request.headers.count == 0)
    }

    @Test func anUnknownMethodIsARequestForTheServiceToRefuse() throws {
        let events = ParserDriver.events("GETT / HTTP/1.1\r\nHost: a\r\n\r\n")
        guard case .request(let request, true, _) = try #require(events.first) else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.method.rawValue == "GETT")
    }

    @Test func leadingEmptyLinesAreSkippedUpToTheLimit() {
        let eight = String(repeating: "\r\n", count: 8)
        #expect(ParserDriver.errorStatus(ParserDriver.events(eight + "GET / HTTP/1.1\r\nHost: a\r\n\r\n")) == nil)
        #expect(ParserDriver.errorStatus(ParserDriver.events(eight + "\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")) == 400)
    }

    @Test func anErrorIsFinal() {
        var parser = HTTPRequestParser()
        Array("GET / HTTP/1.1\r\nHost : a\r\n\r\n".utf8).withUnsafeBytes { parser.feed($0) }
        let first = parser.next()
        guard case .error(let status, _, _) = first else {
            Issue.record("expected an error, got \(first)")
            return
        }
        #expect(status == .badRequest)
        Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8).withUnsafeBytes { parser.feed($0) }
        #expect(parser.next() == first)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func anOverlongRequestLineIsRefusedBeforeItsEnd() {
        var parser = HTTPRequestParser()
        let partial = Array(("GET /" + String(repeating: "a", count: 9000)).utf8)
        partial.withUnsafeBytes { parser.feed($0) }
        guard case .error(let status, _, _) = parser.next() else {
            Issue.record("expected 414 without a line end")
            return
        }
        #expect(status == .uriTooLong)
    }

    @Test func aRequestLineOfExactlyTheLimitIsAccepted() {
        let limits = HTTPLimits(maxRequestLineBytes: 64)
        let line = "GET /" + String(repeating: "a", count: 64 - 14) + " HTTP/1.1"
        #expect(line.utf8.count == 64)
        #expect(ParserDriver.errorStatus(ParserDriver.events(line + "\r\nHost: a\r\n\r\n", limits: limits)) == nil)
        let longer = "GET /a" + String(repeating: "a", count: 64 - 14) + " HTTP/1.1"
        #expect(ParserDriver.errorStatus(ParserDriver.events(longer + "\r\nHost: a\r\n\r\n", limits: limits)) == 414)
    }

    @Test func aHeadOfExactlyTheLimitIsAccepted() {
        let limits = HTTPLimits(maxHeadBytes: 256)
        let base = "GET / HTTP/1.1\r\nHost: a\r\nX: \r\n\r\n"
        let exact =
            "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 256 - base.utf8.count) + "\r\n\r\n"
        #expect(exact.utf8.count == 256)
        #expect(ParserDriver.errorStatus(ParserDriver.events(exact, limits: limits)) == nil)
        let over =
            "GET / HTTP/1.1\r\nHost: a\r\nX: v" + String(repeating: "v", count: 256 - base.utf8.count) + "\r\n\r\n"
        #expect(ParserDriver.errorStatus(ParserDriver.events(over, limits: limits)) == 431)
    }

    @Test func exactlyTheMaximumNumberOfFieldsIsAccepted() {
        let fields = (0..<99).map { "X-\($0): v\r\n" }.joined()
        #expect(ParserDriver.errorStatus(ParserDriver.events("GET / HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n")) == nil)
        let more = fields + "X-Extra: v\r\n"
        #expect(ParserDriver.errorStatus(ParserDriver.events("GET / HTTP/1.1\r\nHost: a\r\n" + more + "\r\n")) == 431)
    }
}
