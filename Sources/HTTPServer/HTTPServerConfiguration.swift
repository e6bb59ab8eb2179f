#if canImport(Glibc)
    import Glibc
#endif

/// Every bound and timeout of the server, with the defaults an nginx operator would expect.
public struct HTTPServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal: "127.0.0.1", "0.0.0.0", "::1", "::" (which also accepts IPv4).
    public var host = "127.0.0.1"
    /// The TCP port; 0 asks for any free port (see `HTTPServer.localPort`).
    public var port = 8080
    /// Threads, each with its own epoll instance; connections are spread evenly over them.
    public var eventLoops = HTTPServerConfiguration.coreCount
    /// The kernel's queue of connections not yet accepted.
    public var backlog = 1024
    /// Bounds on request heads; beyond them the parser answers 414 or 431.
    public var limits = HTTPLimits()
    /// 408 when a request head is not complete this long after it began (or after the connection opened).
    public var headerTimeout: Duration = .seconds(10)
    /// Keep-alive connections with no request in progress are closed after this.
    public var idleTimeout: Duration = .seconds(60)
    /// A client that takes no bytes of a response for this long is disconnected.
    public var sendTimeout: Duration = .seconds(30)
    /// After an error answer or a `Connection: close` response the server stops writing and keeps reading
    /// (and discarding) for at most this long, so the client reads the answer before its unread bytes cause a reset.
    public var lingerTimeout: Duration = .seconds(2)
    /// The response to the request that reaches this count carries `Connection: close`.
    public var maxRequestsPerConnection = 10_000
    /// Connections beyond this count (all loops together) are closed as soon as they are accepted.
    public var maxConnections = 10_000

    public init() {}

    /// The processors this process may run on.
    public static var coreCount: Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count > 0 ? count : 1
    }
}
