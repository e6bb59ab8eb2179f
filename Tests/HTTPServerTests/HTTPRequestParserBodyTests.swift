import HTTPServer
import Testing

/// Bodies of the requests a body rule names: read whole with the request, within the rule's bound, the connection
/// kept; everything else as before (unread, the connection ends).
struct HTTPRequestParserBodyTests {
    static let limits = HTTPLimits(
        bodies: [HTTPBodyRule(methods: [.put, .delete], pathPrefix: "/values/", maxBytes: 16)])

    static func requests(_ events: [HTTPRequestParser.Event]) -> [(HTTPRequest, Bool)] {
        events.compactMap { event in
            if case .request(let request, let keepAlive, _) = event { return (request, keepAlive) }
            return nil
        }
    }

    /// A named request's body comes with it, and the next request on the connection is read after it.
    @Test(arguments: [Int.max, 1, 3, 7])
    func readsTheBodyAndThenTheNextRequest(chunk: Int) {
        let bytes = Array(
            ("PUT /values/cov HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n87.4"
                + "GET /ring.svg HTTP/1.1\r\nHost: a\r\n\r\n").utf8)
        let got = Self.requests(
            ParserDriver.events(bytes, chunkSizes: repeatElement(chunk, count: 1000), limits: Self.limits))
        #expect(got.count == 2)
        #expect(got.first?.0.body == Array("87.4".utf8))
        #expect(got.first?.1 == true)
        #expect(got.last?.0.target == "/ring.svg")
        #expect(got.last?.0.body == nil)
    }

    /// `Content-Length: 0` on a named route is an empty body read, not an unread one.
    @Test func anEmptyBodyIsReadAsEmpty() {
        let got = Self.requests(
            ParserDriver.events(
                "DELETE /values/cov HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", limits: Self.limits))
        #expect(got.first?.0.body == [])
        #expect(got.first?.1 == true)
    }

    /// Over the bound, chunked, another path or another method: handed over unread, and the connection ends, so
    /// the body's bytes are never taken for a request.
    @Test(arguments: [
        "PUT /values/cov HTTP/1.1\r\nHost: a\r\nContent-Length: 17\r\n\r\n",
        "PUT /values/cov HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
        "PUT /ring.svg HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n",
        "POST /values/cov HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n",
    ])
    func otherBodiesStayUnread(head: String) {
        let events = ParserDriver.events(head + "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n", limits: Self.limits)
        let got = Self.requests(events)
        #expect(got.count == 1)
        #expect(got.first?.0.body == nil)
        #expect(got.first?.1 == false)
    }

    /// A head that waits for `100 Continue` gets one `continueBody`, then the request once the body arrives.
    @Test func expectContinueAsksForTheBody() {
        var parser = HTTPRequestParser(limits: Self.limits)
        let head = "PUT /values/cov HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        Array(head.utf8).withUnsafeBytes { parser.feed($0) }
        #expect(parser.next() == .continueBody)
        #expect(parser.next() == .needMoreData)
        #expect(parser.isReadingBody)
        #expect(parser.bufferedByteCount > 0)
        Array("42".utf8).withUnsafeBytes { parser.feed($0) }
        guard case .request(let request, let keepAlive, let expectContinue) = parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Array("42".utf8))
        #expect(keepAlive && !expectContinue)
        #expect(!parser.isReadingBody)
    }

    /// GET and HEAD still may not carry a body, named or not.
    @Test func getWithABodyIsStillRefused() {
        let limits = HTTPLimits(bodies: [HTTPBodyRule(methods: [.get], pathPrefix: "/", maxBytes: 16)])
        let events = ParserDriver.events(
            "GET /values/a HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nab", limits: limits)
        #expect(ParserDriver.errorStatus(events) == 413)
    }
}
