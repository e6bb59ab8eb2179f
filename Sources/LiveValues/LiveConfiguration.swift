/// The settings read once at start: URLs parsed, paths parsed, names checked. What parsing a request needs.
struct LiveConfiguration: Sendable {
    struct NamedSource: Sendable {
        var url: FetchURL
        var query: JSONPath?
        var maxQuery: JSONPath?
    }

    struct Server: Sendable {
        var name: String
        var base: FetchURL
        var auth: PrometheusAuth
    }

    let settings: LiveSettings
    let hosts: HostAllowList
    let sources: [String: NamedSource]
    let servers: [Server]
    /// `prometheusQueries`, read: name → server, templates and parameters.
    let queries: [String: NamedQuery]

    /// The longest `query`/`maxQuery`, `prometheus` and `server` read, in bytes (`url`: `FetchURL.maxLength`).
    static let maxPromQLLength = 2048
    static let maxNameLength = 64

    init(_ settings: LiveSettings) throws(LiveSettingsError) {
        self.settings = settings
        hosts = try HostAllowList(settings.hosts)
        try Self.check(settings)
        var sources: [String: NamedSource] = [:]
        for (name, source) in settings.sources.sorted(by: { $0.key < $1.key }) {
            func refuse(_ reason: String) -> LiveSettingsError {
                LiveSettingsError(setting: "liveSources", reason: "\(LiveText.quoted(name)): \(reason)")
            }
            guard Self.isName(name) else { throw refuse("is not a name (accepted: letters, digits, . _ -)") }
            guard case .success(let url) = FetchURL.parse(source.url) else {
                throw refuse("url \(LiveText.quoted(source.url)) \(FetchURL.parse(source.url).failureReason)")
            }
            var named = NamedSource(url: url)
            for (setting, text) in [("query", source.query), ("maxQuery", source.maxQuery)] {
                guard let text else { continue }
                switch JSONPath.parse(text) {
                case .success(let path): if setting == "query" { named.query = path } else { named.maxQuery = path }
                case .failure(let reason): throw refuse("\(setting) \(LiveText.quoted(text)) \(reason)")
                }
            }
            sources[name] = named
        }
        self.sources = sources
        var servers: [Server] = []
        for server in settings.prometheusServers {
            func refuse(_ reason: String) -> LiveSettingsError {
                LiveSettingsError(setting: "prometheusServers", reason: "\(LiveText.quoted(server.name)): \(reason)")
            }
            guard Self.isName(server.name) else { throw refuse("is not a name (accepted: letters, digits, . _ -)") }
            guard !servers.contains(where: { $0.name == server.name }) else { throw refuse("is named twice") }
            let base: FetchURL
            switch FetchURL.parse(server.url) {
            case .success(let url): base = url
            case .failure(let reason): throw refuse("url \(LiveText.quoted(server.url)) \(reason)")
            }
            guard !base.target.utf8.contains(UInt8(ascii: "?")) else {
                throw refuse("url has a query; give the base URL only")
            }
            if let refusal = server.auth.refusal() { throw refuse(refusal.reason) }
            servers.append(Server(name: server.name, base: base, auth: server.auth))
        }
        self.servers = servers
        var queries: [String: NamedQuery] = [:]
        for (name, query) in settings.prometheusQueries.sorted(by: { $0.key < $1.key }) {
            func refuse(_ reason: String) -> LiveSettingsError {
                LiveSettingsError(setting: "prometheusQueries", reason: "\(LiveText.quoted(name)): \(reason)")
            }
            guard Self.isName(name) else { throw refuse("is not a name (accepted: letters, digits, . _ -)") }
            guard let server = query.server ?? servers.first?.name else { throw refuse("no prometheusServers are set") }
            guard servers.contains(where: { $0.name == server }) else {
                throw refuse("server \(LiveText.quoted(server)) is not in prometheusServers")
            }
            do {
                queries[name] = try NamedQuery(query, server: server)
            } catch {
                throw refuse(error.reason)
            }
        }
        self.queries = queries
    }

    private static func check(_ s: LiveSettings) throws(LiveSettingsError) {
        func positive(_ value: Double, _ setting: String) throws(LiveSettingsError) {
            guard value.isFinite, value > 0 else {
                throw LiveSettingsError(setting: setting, reason: "\(value) is not a positive number of seconds")
            }
        }
        try positive(s.timeout, "liveTimeout")
        try positive(s.ttl, "liveTTL")
        try positive(s.retrySeconds, "liveRetrySeconds")
        guard s.staleSeconds.isFinite, s.staleSeconds >= 0 else {
            throw LiveSettingsError(setting: "liveStaleSeconds", reason: "\(s.staleSeconds) is not 0 or more seconds")
        }
        for (value, setting) in [
            (s.maxBytes, "liveMaxBytes"), (s.maxFetches, "liveMaxFetches"),
            (s.maxFetchesPerHost, "liveMaxFetchesPerHost"),
            (s.maxValues, "liveMaxValues"),
        ] where value < 1 {
            throw LiveSettingsError(setting: setting, reason: "\(value) is not 1 or more")
        }
        guard (0...10).contains(s.maxRedirects) else {
            throw LiveSettingsError(setting: "liveMaxRedirects", reason: "\(s.maxRedirects) is out of range 0…10")
        }
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxNameLength
            && text.utf8.allSatisfy { b in
                (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x2d
                    || b == 0x2e
                    || b == 0x5f
            }
    }
}

extension Result where Failure == Refusal {
    /// The reason of a failure; empty for a success.
    var failureReason: String {
        if case .failure(let refusal) = self { return refusal.reason }
        return ""
    }
}
