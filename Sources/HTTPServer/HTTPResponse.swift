/// A response serialized once: its status line and header lines are bytes ready to write, so a cached response
/// is written again without any formatting. The server adds only `Date` and `Connection`, and omits the body
/// for HEAD (keeping Content-Length).
public struct HTTPResponse: Sendable {
    public let status: HTTPStatus
    /// Status line and header lines, each ending in CRLF, `Content-Length` included; no blank line.
    public let head: [UInt8]
    public let body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.body = body
        var head: [UInt8] = []
        head.reserveCapacity(64 + headers.count * 48)
        head += "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n".utf8
        for field in headers where field.name != .contentLength {
            head += field.name.rawName.utf8
            head += ": ".utf8
            head += field.value.utf8
            head += "\r\n".utf8
        }
        // 1xx, 204 and 304 carry no Content-Length of their own body (RFC 9110 §8.6);
        // a 304 passes the validators only.
        if status.code >= 200 && status.code != 204 && status.code != 304 {
            head += "Content-Length: \(body.count)\r\n".utf8
        }
        self.head = head
    }

    private init(status: HTTPStatus, head: [UInt8], body: [UInt8]) {
        self.status = status
        self.head = head
        self.body = body
    }

    /// This response with `headers` added after its own header lines (a header that changes with every answer,
    /// such as a max-age that counts down); the body is shared, not copied.
    public func adding(_ headers: HTTPHeaders) -> HTTPResponse {
        var head = self.head
        for field in headers where field.name != .contentLength {
            head += field.name.rawName.utf8
            head += ": ".utf8
            head += field.value.utf8
            head += "\r\n".utf8
        }
        return HTTPResponse(status: status, head: head, body: body)
    }
}
