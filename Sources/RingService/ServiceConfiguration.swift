/// Every setting of the service, with the defaults `config/default.json` documents.
/// Values are plain numbers and strings so one table can read them from JSON, environment variables and flags.
public struct ServiceConfiguration: Sendable, Hashable {
    /// The format of log lines.
    public enum LogFormat: String, Sendable, Hashable, CaseIterable {
        case logfmt, json, off
    }

    /// The least severe log line written; access lines are `info`.
    public enum LogLevel: String, Sendable, Hashable, CaseIterable, Comparable {
        case debug, info, warn, error

        var rank: Int {
            switch self {
            case .debug: 0
            case .info: 1
            case .warn: 2
            case .error: 3
            }
        }

        public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }
    }

    public var host = "127.0.0.1"
    public var port = 8080
    /// 0 means one event loop per core.
    public var eventLoops = 0
    public var backlog = 1024
    public var maxConnections = 10_000
    public var maxRequestsPerConnection = 10_000
    public var maxRequestLineBytes = 8192
    public var maxHeadBytes = 16384
    public var maxHeaderFields = 100
    /// Seconds.
    public var headerTimeout = 10.0
    public var idleTimeout = 60.0
    public var sendTimeout = 30.0
    public var lingerTimeout = 2.0
    public var cacheBytes = 64 << 20
    public var cacheEntries = 100_000
    public var maxAge = 86400
    public var errorStatus = 400
    /// Seconds between SIGTERM and the end of accepting: load balancers see `/readyz` fail meanwhile.
    public var drainDelay = 2.0
    /// Seconds in-flight requests get to finish once accepting has stopped.
    public var drainDeadline = 5.0
    public var logFormat = LogFormat.logfmt
    public var logLevel = LogLevel.info

    public init() {}
}
