import LiveValues
import RingKit

extension ServiceConfiguration {
    /// Every setting, in the order `config/default.json` and `--print-config` list them.
    static let settings: [ConfigurationSetting] =
        serviceSettings + clientSettings + liveSettings + valueSettings + signingSettings

    private static let serviceSettings: [ConfigurationSetting] = [
        .init(
            name: "host",
            doc:
                "IPv4 or IPv6 address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 or :: for every interface.",
            kind: .text, get: { .text($0.host) }, set: { if case .text(let v) = $1 { $0.host = v } }),
        integer("port", "TCP port to listen on; 0 picks a free port.", 0...65535, \.port),
        integer("eventLoops", "Event-loop threads; 0 means one per CPU core.", 0...1024, \.eventLoops),
        integer("backlog", "Length of the queue of connections not yet accepted.", 1...65535, \.backlog),
        integer(
            "maxConnections", "Open connections at most; a connection beyond it is closed as soon as it is accepted.",
            1...1_000_000,
            \.maxConnections),
        integer(
            "maxRequestsPerConnection", "Requests served on one keep-alive connection before it is closed.",
            1...1_000_000_000, \.maxRequestsPerConnection),
        integer(
            "maxRequestLineBytes", "Longest request line (method, target, version); longer gets 414.",
            256...1_048_576, \.maxRequestLineBytes),
        integer(
            "maxHeadBytes", "Largest request head (request line and header fields); larger gets 431.",
            1024...1_048_576, \.maxHeadBytes),
        integer("maxHeaderFields", "Most header fields in one request; more gets 431.", 1...10_000, \.maxHeaderFields),
        seconds(
            "headerTimeout", "Seconds a client has to send a complete request head; slower gets 408.", 0.1...3600,
            \.headerTimeout),
        seconds("idleTimeout", "Seconds an idle keep-alive connection stays open.", 0.1...86400, \.idleTimeout),
        seconds(
            "sendTimeout", "Seconds a response may wait for a client that does not read before the connection closes.",
            0.1...3600, \.sendTimeout),
        seconds(
            "lingerTimeout",
            "Seconds the server keeps reading (and discarding) after an error answer, so the client sees the answer.",
            0...60, \.lingerTimeout),
        integer(
            "cacheBytes",
            "Render cache bound: bytes of memory its entries hold (images, responses, index); 0 turns caching off.",
            0...(1 << 40), \.cacheBytes),
        integer("cacheEntries", "Render cache bound in entries.", 0...100_000_000, \.cacheEntries),
        integer(
            "maxAge",
            "Cache-Control max-age and s-maxage of images, in seconds; the cacheSeconds parameter may raise it.",
            0...31_536_000, \.maxAge),
        .init(
            name: "errorStatus",
            doc: "Status of an error image for a bad parameter: 400, or 200 for clients that hide non-200 images.",
            kind: .integerChoice([400, 200]), get: { .integer($0.errorStatus) },
            set: { if case .integer(let v) = $1 { $0.errorStatus = v } }),
        seconds(
            "drainDelay", "Seconds between SIGTERM or SIGINT and the end of accepting; /readyz answers 503 meanwhile.",
            0...3600, \.drainDelay),
        seconds(
            "drainDeadline", "Seconds in-flight requests get to finish once accepting has stopped.", 0...3600,
            \.drainDeadline),
        .init(
            name: "logFormat", doc: "Log lines as logfmt, json, or off.",
            kind: .choice(LogFormat.allCases.map(\.rawValue)), get: { .text($0.logFormat.rawValue) },
            set: { if case .text(let v) = $1, let f = LogFormat(rawValue: v) { $0.logFormat = f } }),
        .init(
            name: "logLevel",
            doc: "Least severe lines written: debug, info (includes one line per request), warn, error.",
            kind: .choice(LogLevel.allCases.map(\.rawValue)), get: { .text($0.logLevel.rawValue) },
            set: { if case .text(let v) = $1, let l = LogLevel(rawValue: v) { $0.logLevel = l } }),
        .init(
            name: "logFields",
            doc:
                "Optional fields of the access line: outcome (what the answer was), client (its address, behind "
                + "trustedProxies the one they forward for), agent (the User-Agent), error (why an answer refused "
                + "the request). Empty: the line holds method, path, status, bytes, duration and cache only.",
            kind: .list, get: { .list($0.logFields) }, set: { if case .list(let v) = $1 { $0.logFields = v } }),
        seconds(
            "logFlushInterval",
            "Seconds a log line waits at most in the log's buffer before it is written (sooner when the buffer is "
                + "half full, and every line at exit); what a crash can lose.",
            0.01...10, \.logFlushInterval),
        .init(
            name: "logoDirectory",
            doc:
                "Where the named logos (logo=github) are read from at start-up: Simple Icons' index.tsv and icons/, "
                + "as make deps installs them; a relative path is from the working directory. Empty: no named "
                + "logos (a logo= slug is refused; data: logos still work).",
            kind: .path, get: { .text($0.logoDirectory) }, set: { if case .text(let v) = $1 { $0.logoDirectory = v } }
        ),
    ]

    static func setting(named name: String) -> ConfigurationSetting? {
        settings.first { $0.name == name }
    }

    static func integer(
        _ name: String, _ doc: String, _ range: ClosedRange<Int>,
        _ path: WritableKeyPath<ServiceConfiguration, Int> & Sendable
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            name: name, doc: doc, kind: .integer(range), get: { .integer($0[keyPath: path]) },
            set: { if case .integer(let v) = $1 { $0[keyPath: path] = v } })
    }

    private static func seconds(
        _ name: String, _ doc: String, _ range: ClosedRange<Double>,
        _ path: WritableKeyPath<ServiceConfiguration, Double> & Sendable
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            name: name, doc: doc, kind: .seconds(range), get: { .seconds($0[keyPath: path]) },
            set: { if case .seconds(let v) = $1 { $0[keyPath: path] = v } })
    }

    /// The effective settings as JSON, in the shape of `config/default.json`: each setting with its value and doc.
    public var documentedJSON: String {
        var out = "{\n"
        for (i, setting) in Self.settings.enumerated() {
            out += "  \(ConfigurationSetting.jsonString(setting.name)): {\n"
            out += "    \"value\": \(ConfigurationSetting.json(setting.get(self))),\n"
            out += "    \"doc\": \(ConfigurationSetting.jsonString(setting.doc))\n"
            out += i == Self.settings.count - 1 ? "  }\n" : "  },\n"
        }
        return out + "}\n"
    }

    /// Checks that span settings: each setting alone is checked where it is read.
    func validateTogether() throws(ConfigurationError) {
        try validateSigning()
        let fields = ServiceLog.AccessField.allCases.map(\.rawValue)
        if let unknown = logFields.first(where: { !fields.contains($0) }) {
            throw ConfigurationError(
                "logFields: \(ConfigurationSetting.quoted(unknown)) is not a field of the access line (accepted: "
                    + fields.joined(separator: ", ") + ")")
        }
        if maxHeadBytes < maxRequestLineBytes {
            throw ConfigurationError(
                "maxHeadBytes: \(maxHeadBytes) is smaller than maxRequestLineBytes (\(maxRequestLineBytes)); "
                    + "the head holds the request line")
        }
        _ = try trustedNetworks()
        do {
            try LiveValues.check(live)
        } catch {
            throw ConfigurationError(error.message)
        }
        // A named query's parameter shares the URL with the image's: one that took an image parameter's name
        // would read the other's value, and one a near miss of it (`Label`, `colour`) would be refused as a typo.
        let taken = Set(ImageParameter.all.map(\.name) + LiveTarget.parameters)
        for (query, names) in LiveValues.queryParameterNames(live).sorted(by: { $0.key < $1.key }) {
            for name in names {
                let like = taken.contains(name) ? name : ImageParameter.nearMiss(of: name, among: taken.sorted())
                guard let like else { continue }
                throw ConfigurationError(
                    "prometheusQueries: \(ConfigurationSetting.quoted(query)): parameter \(name) is "
                        + (like == name ? "an image parameter's name" : "a near miss of the image parameter \(like)")
                        + "; name it otherwise (instance, job, mountpoint…)")
            }
        }
    }
}
