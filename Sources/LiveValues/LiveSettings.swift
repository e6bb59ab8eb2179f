/// Everything an operator configures about live values, with the documented defaults. Plain data: `LiveValues`
/// checks it when it starts (`LiveValues.init` throws a `LiveSettingsError` naming the setting).
public struct LiveSettings: Sendable, Hashable {
    /// A document configured by name (`liveSources`), so a README's URL says `url=coverage`, not an internal URL.
    public struct Source: Sendable, Hashable {
        public var url: String
        public var query: String?
        public var maxQuery: String?

        public init(url: String, query: String? = nil, maxQuery: String? = nil) {
            self.url = url
            self.query = query
            self.maxQuery = maxQuery
        }
    }

    /// A Prometheus server (`prometheusServers`): its name, base URL (e.g. `http://prometheus:9090`) and how the
    /// service authenticates to it.
    public struct PrometheusServer: Sendable, Hashable {
        public var name: String
        public var url: String
        public var auth: PrometheusAuth

        public init(name: String, url: String, auth: PrometheusAuth = PrometheusAuth()) {
            self.name = name
            self.url = url
            self.auth = auth
        }
    }

    /// A PromQL query configured by name (`prometheusQueries`), so a README's URL need not carry PromQL.
    public struct PrometheusQuery: Sendable, Hashable {
        /// A value a request gives for a `$name` placeholder (`prometheus=disk&instance=web1`): the whole value
        /// must match `pattern` (anchored at both ends); without one, `defaultValue` stands in, and without that the
        /// request is refused.
        public struct Parameter: Sendable, Hashable {
            public var pattern: String
            public var defaultValue: String?

            public init(pattern: String, defaultValue: String? = nil) {
                self.pattern = pattern
                self.defaultValue = defaultValue
            }
        }

        /// The server's name; nil means the first server.
        public var server: String?
        public var query: String
        /// A second query on the same server whose one number is `max` ("used of total").
        public var maxQuery: String?
        /// The placeholders `query` and `maxQuery` hold, by name.
        public var parameters: [String: Parameter]

        public init(
            server: String? = nil, query: String, maxQuery: String? = nil, parameters: [String: Parameter] = [:]
        ) {
            self.server = server
            self.query = query
            self.maxQuery = maxQuery
            self.parameters = parameters
        }
    }

    /// Which PromQL a request may have sent (`livePromQL`).
    public enum PromQLPolicy: String, Sendable, Hashable, CaseIterable {
        /// Only the queries the operator named in `prometheusQueries`, with their parameters' values.
        case named
        /// Any PromQL a request gives, besides the named queries: for a private instance only, as any visitor may
        /// then read any series and load Prometheus with any query.
        case any
    }

    /// `liveHosts`: host names and `*.suffix` patterns a `url` may name; empty turns `url` off (named sources
    /// still work).
    public var hosts: [String] = []
    /// `livePrivateAddresses`: connect to loopback, private, link-local… addresses too (see `AddressPolicy`).
    public var allowPrivateAddresses = false
    /// `liveTimeout`: seconds for the whole fetch, connection, redirects and waiting for a free slot included.
    public var timeout = 2.5
    /// `liveMaxBytes`: the largest body read (after decompression).
    public var maxBytes = 1_048_576
    /// `liveTTL`: seconds a value read stays fresh.
    public var ttl = 300.0
    /// `liveStaleSeconds`: seconds past its freshness a value is still served when refetching it fails.
    public var staleSeconds = 86_400.0
    /// Seconds a failed fetch is remembered before the source is tried again (at most `ttl`): a broken or hanging
    /// source costs one fetch per this interval, not one per request.
    public var retrySeconds = 30.0
    /// `liveCAFile`: a PEM file of certificate authorities trusted beside the system store.
    public var caFile: String?
    /// `liveSources`: name → document.
    public var sources: [String: Source] = [:]
    /// `prometheusServers`, in order: the first is the default `server`. Empty turns `prometheus` off.
    public var prometheusServers: [PrometheusServer] = []
    /// `prometheusQueries`: name → query.
    public var prometheusQueries: [String: PrometheusQuery] = [:]
    /// `livePromQL`: whether `prometheus=` takes only named queries (the default) or any PromQL.
    public var promQL = PromQLPolicy.named
    /// Fetches in flight at once, overall and to one host; a fetch over the bound waits for a slot within its
    /// timeout, then fails (`busy`).
    public var maxFetches = 16
    public var maxFetchesPerHost = 4
    /// `liveMaxFetchesPerQuery`: fetches one query may have in flight to one host at once, so that a slow query
    /// (however many readings of it are asked for) leaves the host's other slots to the other queries. A configured
    /// query or source counts by its name, all PromQL that requests send to one server as one query, a URL by its
    /// path.
    public var maxFetchesPerQuery = 2
    /// `liveBreakerTimeouts`: fetches of a source timed out in a row after which it is answered at once from its last
    /// reading (or its error) without fetching, one probe per `retrySeconds` finding out whether it answers again.
    public var breakerTimeouts = 2
    /// Values (source and query) held at most; the oldest read is dropped first.
    public var maxValues = 10_000
    /// Redirects followed at most; each hop is checked as the first was.
    public var maxRedirects = 3
    /// The most bars one image draws of a list read live (a vector's series, a JSON array's items): more is refused,
    /// naming the count and `limit`. Rings draw at most five, as a list in the URL does.
    public var maxSeries = 20

    /// Any host may be named, whatever `hosts` says: for the command line, whose user fetches on their own behalf.
    /// Never a setting of the server, whose users are strangers.
    public var allowsAnyHost = false

    public init() {}

    /// Whether any live value can be asked for at all.
    public var isEnabled: Bool { allowsAnyHost || !hosts.isEmpty || !sources.isEmpty || !prometheusServers.isEmpty }
}
