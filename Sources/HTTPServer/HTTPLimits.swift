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

    /// Limits with the documented defaults: 8 KiB request line, 16 KiB head, 100 fields, 32-byte method, 8 empty lines.
    public init(
        maxRequestLineBytes: Int = 8192,
        maxHeadBytes: Int = 16384,
        maxHeaderFields: Int = 100,
        maxMethodBytes: Int = 32,
        maxLeadingEmptyLines: Int = 8
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxMethodBytes = maxMethodBytes
        self.maxLeadingEmptyLines = maxLeadingEmptyLines
    }
}
