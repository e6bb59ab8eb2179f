import Testing

@testable import HTTPServer

/// A body of megabytes (a pushed report) is read whole, and the buffer it grew is given back once it is handed
/// over, so a keep-alive connection waiting for its next request does not hold the report's size.
struct HTTPRequestParserLargeBodyTests {
    @Test func theBufferIsGivenBackAfterALargeBody() {
        let limits = HTTPLimits(
            bodies: [HTTPBodyRule(methods: [.put], pathPrefix: "/values/", maxBytes: 8 << 20)])
        var parser = HTTPRequestParser(limits: limits)
        let body = [UInt8](repeating: UInt8(ascii: "7"), count: 4 << 20)
        let head = Array("PUT /values/cov HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        var received: HTTPRequest?
        for chunk in [head, body] {
            for start in stride(from: 0, to: chunk.count, by: 65536) {
                chunk[start..<min(start + 65536, chunk.count)].withUnsafeBytes { parser.feed($0) }
                if case .request(let request, _, _) = parser.next() { received = request }
            }
        }
        #expect(received?.body?.count == body.count)
        #expect(parser.bufferCapacity <= HTTPRequestParser.keptCapacity)
        Array("GET /ring.svg HTTP/1.1\r\nHost: a\r\n\r\n".utf8).withUnsafeBytes { parser.feed($0) }
        guard case .request(let next, _, _) = parser.next() else {
            Issue.record("the next request on the connection was not read")
            return
        }
        #expect(next.target == "/ring.svg")
    }
}
