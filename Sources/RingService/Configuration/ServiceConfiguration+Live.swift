import LiveValues

extension ServiceConfiguration {
    /// The live-value settings (`LiveSettings`), in the order `config/default.json` lists them, after the others.
    static let liveSettings: [ConfigurationSetting] = [
        .init(
            name: "liveHosts",
            doc:
                "Hosts a url parameter may name: exact names and *.suffix patterns. Empty turns url off (named "
                + "liveSources still work).",
            kind: .list, get: { .list($0.live.hosts) }, set: { if case .list(let v) = $1 { $0.live.hosts = v } }),
        .init(
            name: "livePrivateAddresses",
            doc:
                "Let live values connect to loopback, private, link-local and other non-public addresses; off, only "
                + "public addresses, checked on the address connected after DNS.",
            kind: .flag, get: { .bool($0.live.allowPrivateAddresses) },
            set: { if case .bool(let v) = $1 { $0.live.allowPrivateAddresses = v } }),
        live(
            "liveTimeout",
            "Seconds one live-value fetch may take in all: waiting for a slot, DNS, connecting, redirects, the body.",
            0.1...30, \.timeout),
        liveInteger(
            "liveMaxBytes", "Largest document read for a live value, in bytes (after decompression).",
            1024...(64 << 20), \.maxBytes),
        live(
            "liveTTL",
            "Seconds a value read stays fresh; an image showing it gets Cache-Control max-age of what is left.",
            1...31_536_000, \.ttl),
        live(
            "liveStaleSeconds",
            "Seconds past its freshness a value is still shown (X-Source: stale) while reading it again fails.",
            0...31_536_000, \.staleSeconds),
        live(
            "liveRetrySeconds",
            "Seconds a failed read is remembered before the source is tried again, so a broken source costs one "
                + "fetch per interval; also the max-age of a stale image.",
            1...3600, \.retrySeconds),
        .init(
            name: "liveCAFile",
            doc: "A PEM file of certificate authorities trusted for live values beside the system store; empty: none.",
            kind: .path, get: { .text($0.live.caFile ?? "") },
            set: { if case .text(let v) = $1 { $0.live.caFile = v.isEmpty ? nil : v } }),
        .init(
            name: "liveSources",
            doc:
                "Documents named for url=NAME, so a public URL need not show an internal one: name → URL, or name → "
                + "{\"url\": …, \"query\": …, \"maxQuery\": …}.",
            kind: .object(
                accepted: "an object of name → URL or name → {\"url\": …, \"query\": …, \"maxQuery\": …}",
                check: { LiveSettingsJSON.sources($0).problem }),
            get: { .json(LiveSettingsJSON.json(sources: $0.live.sources)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = LiveSettingsJSON.sources(j) { $0.live.sources = v }
            }
        ),
        .init(
            name: "prometheusServers",
            doc:
                "Prometheus servers for prometheus=, name → base URL, or name → {\"url\": …, \"bearerToken\": …, "
                + "\"basicAuth\": …, \"headers\": …, \"clientCertificate\": …} (secrets as {\"file\": …} or "
                + "{\"env\": …}); the first is the default. Empty turns it off.",
            kind: .object(
                accepted: "an object of name → base URL or name → {\"url\": …, \"bearerToken\": …, \"basicAuth\": …, "
                    + "\"headers\": …, \"clientCertificate\": …}",
                check: { LiveSettingsJSON.servers($0).problem }),
            get: { .json(LiveSettingsJSON.json(servers: $0.live.prometheusServers)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = LiveSettingsJSON.servers(j) {
                    $0.live.prometheusServers = v
                }
            }),
        .init(
            name: "prometheusQueries",
            doc:
                "PromQL named for prometheus=NAME: name → query, or name → {\"server\": …, \"query\": …, \"maxQuery\": "
                + "…, \"parameters\": …} (default server: the first; maxQuery: a second query whose number is max; "
                + "parameters: name → pattern or {\"pattern\": …, \"default\": …}, for \"$name\" in the queries' strings).",
            kind: .object(
                accepted:
                    "an object of name → PromQL or name → {\"server\": …, \"query\": …, \"maxQuery\": …, "
                    + "\"parameters\": …}",
                check: { LiveSettingsJSON.queries($0).problem }),
            get: { .json(LiveSettingsJSON.json(queries: $0.live.prometheusQueries)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = LiveSettingsJSON.queries(j) {
                    $0.live.prometheusQueries = v
                }
            }),
        .init(
            name: "livePromQL",
            doc:
                "Which PromQL prometheus= may send: named, only the prometheusQueries (with their parameters' "
                + "values); any, any query a URL gives too, fit only for a private instance.",
            kind: .choice(LiveSettings.PromQLPolicy.allCases.map(\.rawValue)), get: { .text($0.live.promQL.rawValue) },
            set: {
                if case .text(let v) = $1, let policy = LiveSettings.PromQLPolicy(rawValue: v) {
                    $0.live.promQL = policy
                }
            }),
        liveInteger(
            "liveMaxFetches", "Live-value fetches in flight at once; more wait for a slot.", 1...1024, \.maxFetches),
        liveInteger(
            "liveMaxFetchesPerHost", "Live-value fetches in flight to one host at once.", 1...1024, \.maxFetchesPerHost),
        liveInteger(
            "liveMaxFetchesPerQuery",
            "Live-value fetches one query may have in flight to one host at once, leaving the host's other slots to "
                + "other queries: a configured query or source counts by its name, all PromQL sent in URLs to one "
                + "server as one query, a url by its path.", 1...1024, \.maxFetchesPerQuery),
        liveInteger(
            "liveBreakerTimeouts",
            "Fetches of a live source timed out in a row after which it is answered at once from its last reading "
                + "(or error) without fetching, one probe per liveRetrySeconds checking whether it answers again.",
            1...100, \.breakerTimeouts),
        liveInteger(
            "liveMaxValues", "Live values held at most (source and query); the oldest read goes first.",
            1...10_000_000, \.maxValues),
        liveInteger(
            "liveMaxRedirects", "Redirects a live-value fetch follows, each checked as the first URL was.", 0...10,
            \.maxRedirects),
        liveInteger(
            "liveMaxSeries",
            "Bars one image draws at most of a list read live (a Prometheus vector's series, a JSON array's items); "
                + "more is refused unless limit= cuts them.", 1...100, \.maxSeries),
    ]

    private static func live(
        _ name: String, _ doc: String, _ range: ClosedRange<Double>,
        _ path: WritableKeyPath<LiveSettings, Double> & Sendable
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            name: name, doc: doc, kind: .seconds(range), get: { .seconds($0.live[keyPath: path]) },
            set: { if case .seconds(let v) = $1 { $0.live[keyPath: path] = v } })
    }

    private static func liveInteger(
        _ name: String, _ doc: String, _ range: ClosedRange<Int>,
        _ path: WritableKeyPath<LiveSettings, Int> & Sendable
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            name: name, doc: doc, kind: .integer(range), get: { .integer($0.live[keyPath: path]) },
            set: { if case .integer(let v) = $1 { $0.live[keyPath: path] = v } })
    }
}
