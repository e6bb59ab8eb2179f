/// Bounds on a request head. A head that crosses one is refused as soon as the crossing byte arrives, before the
/// rest is read, so one client never makes the server buffer more than these.
public struct HTTPLimits: Sendable, Hashable {
    /// The longest request line (method, target and version, CRLF not counted); a longer one is answered 414.
    public var maxRequestLineBytes: Int
    /// The largest head (request line, field lines and the empty line, CRLFs counted); a larger one is answered 431.
    public var maxHeadBytes: Int
    /// The most header fields in one head; more are answered 431.
    public var maxHeaderFields: Int
    /// The longest method; a longer one is answered 400 (no registered method comes near 32 bytes).
    public var maxMethodBytes: Int
    /// Empty lines skipped before a request line (RFC 9112 §2.2 allows a server to skip them); more are answered 400.
    public var maxLeadingEmptyLines: Int
    /// The requests whose bodies the server reads (none by default): any other request that announces a body is
    /// handed over unread and ends its connection, and GET and HEAD may carry none at all (413).
    public var bodies: [HTTPBodyRule]

    /// Limits with the documented defaults: 8 KiB request line, 16 KiB head, 100 fields, 32-byte method, 8 empty lines.
    public init(
        maxRequestLineBytes: Int = 8192,
        maxHeadBytes: Int = 16384,
        maxHeaderFields: Int = 100,
        maxMethodBytes: Int = 32,
        maxLeadingEmptyLines: Int = 8,
        bodies: [HTTPBodyRule] = []
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxMethodBytes = maxMethodBytes
        self.maxLeadingEmptyLines = maxLeadingEmptyLines
        self.bodies = bodies
    }
}

/// Requests whose body the server reads before it hands them over: a method, a path prefix and a bound. A body
/// framed by `Content-Length` within the bound is read under the same timeout as the head (the whole request must
/// arrive within it) and comes with the request; one over the bound, or chunked, is handed over unread (the handler
/// answers 413 or 411) and the connection ends after the answer.
public struct HTTPBodyRule: Sendable, Hashable {
    /// The methods it applies to (never GET or HEAD, which carry no body).
    public var methods: Set<HTTPMethod>
    /// The raw path it applies to starts with this.
    public var pathPrefix: String
    /// The largest body read, in bytes.
    public var maxBytes: Int

    public init(methods: Set<HTTPMethod>, pathPrefix: String, maxBytes: Int) {
        self.methods = methods
        self.pathPrefix = pathPrefix
        self.maxBytes = max(0, maxBytes)
    }

    /// Whether a request with this method and target is one the rule reads.
    func applies(method: HTTPMethod, target: String) -> Bool {
        methods.contains(method) && target.utf8.starts(with: pathPrefix.utf8)
    }
}
