/// The HTTP version on a request line.
public struct HTTPVersion: Sendable, Hashable {
    public let major: Int
    public let minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
}

/// A request method; the server itself treats only HEAD specially (no body in the answer).
public struct HTTPMethod: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
}

/// A parsed request, as the handler sees it. Only requests that an `HTTPBodyRule` of the limits names come with
/// their body; the server refuses bodies on GET and HEAD, and hands any other body over unread.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    /// The request target as sent, origin-form (`/ring.svg?value=1`); an absolute-form target is reduced to it.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The body, read whole, where a body rule names the request and its `Content-Length` is within the rule's
    /// bound (empty for `Content-Length: 0`); nil where none was read (none announced, chunked, or over the bound:
    /// the headers say which).
    public var body: [UInt8]?
    /// The connection's peer (nil where no socket is behind the request, as in tests that call a handler).
    public var client: ClientAddress?

    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:],
        body: [UInt8]? = nil
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target before `?`, still percent-encoded.
    public var path: Substring {
        // Searched as bytes (an ASCII byte is always a character boundary): by Character it cost 4k instructions.
        guard let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target[...] }
        return target[..<q]
    }

    /// The target after `?` (empty when there is none), still percent-encoded.
    public var query: Substring {
        guard let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        return target[target.index(after: q)...]
    }
}
