import HTTPServer
import LiveValues
import RingKit

/// Every setting of the service, with the defaults `config/default.json` documents.
/// One table of settings reads them from JSON, environment variables and flags (`ServiceConfiguration.settings`).
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

    // The transport's settings take the transport's own defaults, written once in `HTTPServerConfiguration`.
    public var host = transport.host
    public var port = transport.port
    /// 0 means one event loop per core.
    public var eventLoops = 0
    public var backlog = transport.backlog
    public var maxConnections = transport.maxConnections
    public var maxRequestsPerConnection = transport.maxRequestsPerConnection
    public var maxRequestLineBytes = transport.limits.maxRequestLineBytes
    public var maxHeadBytes = transport.limits.maxHeadBytes
    public var maxHeaderFields = transport.limits.maxHeaderFields
    /// Seconds.
    public var headerTimeout = transport.headerTimeout.seconds
    public var idleTimeout = transport.idleTimeout.seconds
    public var sendTimeout = transport.sendTimeout.seconds
    public var lingerTimeout = transport.lingerTimeout.seconds
    public var cacheBytes = 64 << 20
    public var cacheEntries = 100_000
    public var maxAge = 86400
    public var errorStatus = 400
    /// Proxies whose forwarded-for header names the client (`ClientResolver`).
    public var trustedProxies: [String] = []
    /// Images of one client waiting for a worker thread at most (`ClientShares`).
    public var clientQueue = 64
    /// Costly requests (misses' renders, live reads, pushes) one client may make a second, over its burst; 0 turns
    /// the rate off (`ClientRates`). Off by default: behind an image proxy or a CDN one address is many readers,
    /// and `clientQueue` with the workers' turns already bounds what one address takes (docs/deployment.md).
    public var clientRate = 0
    /// Costly requests one client may make at once before `clientRate` applies.
    public var clientBurst = 1000
    /// Seconds between SIGTERM and the end of accepting: load balancers see `/readyz` fail meanwhile.
    public var drainDelay = 2.0
    /// Seconds in-flight requests get to finish once accepting has stopped.
    public var drainDeadline = 5.0
    public var logFormat = LogFormat.logfmt
    public var logLevel = LogLevel.info
    /// The access line's optional fields written (`ServiceLog.AccessField`).
    public var logFields = ServiceLog.AccessField.allCases.map(\.rawValue)
    /// Seconds a line waits in the log's buffer at most before it is written (`ServiceLog`).
    public var logFlushInterval = 0.1
    /// Where the named logos are read from at start-up (`LogoCatalog`): the build's copy of Simple Icons.
    public var logoDirectory = LogoCatalog.defaultDirectory
    /// Live values: off until hosts, sources or Prometheus servers are configured.
    public var live = LiveSettings()
    /// Stored values: off until a token may write them.
    public var values = ValueSettings()
    /// Signed URLs and private values: off until a URL key is named.
    public var signing = SigningSettings()

    public init() {}

    private static let transport = HTTPServerConfiguration()
}

extension Duration {
    /// The duration in seconds, as settings write it.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
