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
        // 1xx, 204 and 304 carry no Content-Length of their own body (RFC 9110 §8.6);
        // a 304 passes the validators only.
        let hasLength = status.code >= 200 && status.code != 204 && status.code != 304
        // The exact size, so a cached head holds no spare capacity. The numbers are small strings (up to 15 bytes,
        // held inline); the interpolated lines they were written in allocated one each (2 % of a PNG miss).
        let code = String(status.code)
        let length = hasLength ? String(body.count) : ""
        var size =
            9 + code.utf8.count + 1 + status.reasonPhrase.utf8.count + 2 + (hasLength ? 18 + length.utf8.count : 0)
        for field in headers where field.name != .contentLength {
            size += field.name.rawName.utf8.count + 2 + field.value.utf8.count + 2
        }
        var head: [UInt8] = []
        head.reserveCapacity(size)
        head += "HTTP/1.1 ".utf8
        head += code.utf8
        head.append(UInt8(ascii: " "))
        head += status.reasonPhrase.utf8
        head += "\r\n".utf8
        for field in headers where field.name != .contentLength {
            head += field.name.rawName.utf8
            head += ": ".utf8
            head += field.value.utf8
            head += "\r\n".utf8
        }
        if hasLength {
            head += "Content-Length: ".utf8
            head += length.utf8
            head += "\r\n".utf8
        }
        self.head = head
    }

    private init(status: HTTPStatus, head: [UInt8], body: [UInt8]) {
        self.status = status
        self.head = head
        self.body = body
    }

    /// A response from a head already serialized by one of these (`HTTPResponse+Fields.swift`).
    init(status: HTTPStatus, serializedHead head: [UInt8], body: [UInt8]) {
        self.init(status: status, head: head, body: body)
    }

    /// The same response in buffers allocated now, by the calling thread (as an `HTTPAnswer.later`'s `afterSend` may).
    public func copied() -> HTTPResponse {
        HTTPResponse(status: status, head: Self.copy(head), body: Self.copy(body))
    }

    private static func copy(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            _ = buffer.initialize(from: bytes)
            count = bytes.count
        }
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
