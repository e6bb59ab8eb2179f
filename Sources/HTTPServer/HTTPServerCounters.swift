/// Totals since the server started, over all event loops; for metrics and logs.
public struct HTTPServerCounters: Sendable, Hashable {
    /// Connections accepted and served.
    public var acceptedConnections = 0
    /// Connections closed on arrival because `maxConnections` were open.
    public var rejectedConnections = 0
    /// Requests answered with a 4xx or 5xx by the server itself because the request head was malformed or too large.
    public var protocolErrors = 0
    /// Connections answered 408 because the head did not arrive within `headerTimeout`.
    public var headerTimeouts = 0
    /// Connections cut because the client took no response bytes within `sendTimeout`.
    public var sendTimeouts = 0
    /// Times accepting paused because the process or system ran out of descriptors or memory.
    public var acceptPauses = 0

    public init() {}
}
