/// The name of a header field, compared and hashed case-insensitively (RFC 9110 §5.1), written as given.
/// The fields the server and the service use are named values (`.contentType`), not literals spread through the code.
public struct HTTPFieldName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written on the wire: only RFC 9110 token characters.
    public let rawName: String

    /// A name from any text: characters that may not appear in a field name are dropped, so no caller can split a
    /// response or inject a header.
    public init(_ name: String) {
        rawName = Self.sanitized(name)
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// A name the request parser has already checked (token characters only), skipping the check on the hot path.
    init(validated name: String) {
        rawName = name
    }

    public var description: String { rawName }

    public static func == (a: HTTPFieldName, b: HTTPFieldName) -> Bool {
        guard a.rawName.utf8.count == b.rawName.utf8.count else { return false }
        // Compared over the two names' bytes in place: a header lookup (the access line's `User-Agent`) compares
        // every field's name of a request.
        var (left, right) = (a.rawName, b.rawName)
        return left.withUTF8 { left in
            right.withUTF8 { right in
                for index in left.indices where lowerASCII(left[index]) != lowerASCII(right[index]) { return false }
                return true
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawName.utf8 { hasher.combine(Self.lowerASCII(byte)) }
    }

    static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// RFC 9110 token characters only.
    static func sanitized(_ name: String) -> String {
        if name.utf8.allSatisfy(isTokenByte) { return name }
        return String(decoding: name.utf8.filter(isTokenByte), as: UTF8.self)
    }

    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }
}

extension HTTPFieldName {
    public static let accept: HTTPFieldName = "Accept"
    public static let acceptEncoding: HTTPFieldName = "Accept-Encoding"
    public static let accessControlAllowOrigin: HTTPFieldName = "Access-Control-Allow-Origin"
    public static let allow: HTTPFieldName = "Allow"
    public static let authorization: HTTPFieldName = "Authorization"
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    public static let connection: HTTPFieldName = "Connection"
    public static let contentEncoding: HTTPFieldName = "Content-Encoding"
    public static let contentLength: HTTPFieldName = "Content-Length"
    public static let contentSecurityPolicy: HTTPFieldName = "Content-Security-Policy"
    public static let contentType: HTTPFieldName = "Content-Type"
    public static let date: HTTPFieldName = "Date"
    public static let eTag: HTTPFieldName = "ETag"
    public static let expect: HTTPFieldName = "Expect"
    public static let host: HTTPFieldName = "Host"
    public static let idempotencyKey: HTTPFieldName = "Idempotency-Key"
    public static let ifNoneMatch: HTTPFieldName = "If-None-Match"
    public static let referrerPolicy: HTTPFieldName = "Referrer-Policy"
    public static let retryAfter: HTTPFieldName = "Retry-After"
    public static let transferEncoding: HTTPFieldName = "Transfer-Encoding"
    public static let userAgent: HTTPFieldName = "User-Agent"
    public static let vary: HTTPFieldName = "Vary"
    public static let wwwAuthenticate: HTTPFieldName = "WWW-Authenticate"
    public static let xContentTypeOptions: HTTPFieldName = "X-Content-Type-Options"
    public static let xForwardedFor: HTTPFieldName = "X-Forwarded-For"
    public static let forwarded: HTTPFieldName = "Forwarded"
}
