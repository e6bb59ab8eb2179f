import MessageText

extension LiveConfiguration {
    /// The source the parameters name, nil when none of them is given; a `badParameter` error naming the parameter
    /// when they break a rule. Values are the decoded parameter values (percent-decoding and "given twice" are the
    /// caller's query parser's business).
    func source(
        url: String?, query: String?, maxQuery: String?, prometheus: String?, server: String?,
        arguments: [String: String] = [:], timeQuery: String? = nil
    ) throws(LiveError) -> LiveSource? {
        if url == nil && prometheus == nil {
            if query != nil { throw .bad("query", "", "needs url (the document to read it from)") }
            if timeQuery != nil { throw .bad("timeQuery", "", "needs url (the document to read it from)") }
            if maxQuery != nil { throw .bad("maxQuery", "", "needs url (the document to read it from)") }
            if server != nil { throw .bad("server", "", "needs prometheus (the query to send to it)") }
            return nil
        }
        if let prometheus {
            if url != nil { throw .bad("prometheus", "", "cannot be combined with url (give one source)") }
            if query != nil { throw .bad("query", "", "applies to url, not to prometheus") }
            if timeQuery != nil {
                throw .bad(
                    "timeQuery", "", "applies to url, not to prometheus (a Prometheus value's time is its sample's)")
            }
            return try prometheusSource(prometheus, maxQuery: maxQuery, server: server, arguments: arguments)
        }
        if server != nil { throw .bad("server", "", "needs prometheus (the query to send to it)") }
        return try urlSource(url ?? "", query: query, maxQuery: maxQuery, timeQuery: timeQuery)
    }

    private func urlSource(
        _ text: String, query: String?, maxQuery: String?, timeQuery: String?
    ) throws(LiveError) -> LiveSource {
        let queryPath = try path(query, "query")
        let maxPath = try path(maxQuery, "maxQuery")
        let timePath = try path(timeQuery, "timeQuery")
        if let named = sources[text] {
            let document = LiveSource.Document(kind: .json, url: named.url, trustedHost: named.url.host)
            return LiveSource(
                document: document, query: queryPath ?? named.query, maxQuery: maxPath ?? named.maxQuery,
                shownName: text, timeQuery: timePath)
        }
        guard !text.isEmpty else { throw .bad("url", "", "is empty (accepted: \(acceptedURLs))") }
        guard text.utf8.contains(UInt8(ascii: ":")) else {
            throw .bad(
                "url", LiveText.quoted(text),
                "is neither an http(s) URL nor a configured source (accepted: \(acceptedURLs))")
        }
        let fetchURL: FetchURL
        switch FetchURL.parse(text) {
        case .success(let u): fetchURL = u
        case .failure(let refusal): throw .bad("url", LiveText.quoted(text), refusal.reason)
        }
        if let refusal = refusal(of: fetchURL) { throw .bad("url", LiveText.quoted(text), refusal) }
        let document = LiveSource.Document(kind: .json, url: fetchURL, trustedHost: nil)
        return LiveSource(
            document: document, query: queryPath, maxQuery: maxPath,
            shownName: LiveText.shown(fetchURL.description, limit: LiveText.urlLength), timeQuery: timePath)
    }

    /// Why a request's URL (or a redirect's) may not be fetched, or nil when it may: an IP literal must be a public
    /// address (unless private addresses are allowed), and the host must be in the allow-list.
    func refusal(of url: FetchURL) -> String? {
        if let address = url.address, !settings.allowPrivateAddresses, let range = AddressPolicy.refusedRange(address) {
            return "names \(address), \(range) this server does not fetch"
        }
        guard !settings.allowsAnyHost else { return nil }
        guard !hosts.isEmpty else { return "is refused: live values from URLs are off here (liveHosts is empty)" }
        guard hosts.allows(url.host) else {
            return "names host \(LiveText.shown(url.host)), not allowed here (accepted: \(hosts.summary))"
        }
        return nil
    }

    private var acceptedURLs: String {
        var accepted =
            settings.allowsAnyHost ? "an http(s) URL" : hosts.isEmpty ? "" : "an http(s) URL on \(hosts.summary)"
        if !sources.isEmpty {
            let names = sources.keys.sorted()
            let list =
                names.count <= 5 ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + ", …"
            accepted += (accepted.isEmpty ? "" : ", or ") + "a configured source: \(list)"
        }
        return accepted.isEmpty ? "nothing: live values from documents are off here" : accepted
    }

    private func path(_ text: String?, _ parameter: String) throws(LiveError) -> JSONPath? {
        guard let text else { return nil }
        switch JSONPath.parse(text) {
        case .success(let path): return path
        case .failure(let refusal): throw .bad(parameter, text.isEmpty ? "" : LiveText.quoted(text), refusal.reason)
        }
    }

    /// The names of the parameters that the named queries `prometheus` and `maxQuery` take (`instance`,
    /// `mountpoint`): the request's values for them are `source`'s `arguments`. Empty for PromQL and unknown names.
    func parameterNames(prometheus: String?, maxQuery: String?) -> [String] {
        var names: [String] = []
        for text in [prometheus, maxQuery] {
            guard let text, let named = queries[text] else { continue }
            names += named.parameters.keys.sorted().filter { !names.contains($0) }
        }
        return names
    }

    /// The source of `prometheus=text` (a query's name or PromQL) and of its max: `maxQuery` as given (a name or PromQL,
    /// on the same server), else the named query's own `maxQuery`.
    private func prometheusSource(
        _ text: String, maxQuery: String?, server: String?, arguments: [String: String]
    ) throws(LiveError) -> LiveSource {
        guard servers.first != nil else {
            throw .bad("prometheus", "", "is off here: no Prometheus servers are configured (prometheusServers)")
        }
        let value = try promQL(text, parameter: "prometheus", server: server, arguments: arguments)
        let chosen = try self.server(value.server)
        let url = Self.queryURL(base: chosen.base, promQL: value.promQL)
        let document = LiveSource.Document(
            kind: .prometheus(server: chosen.name), url: url, trustedHost: url.host, auth: chosen.auth,
            isConfiguredQuery: queries[text] != nil)
        let max: (promQL: String, server: String, shownName: String, maxQuery: String?)
        let maxIsConfigured: Bool
        if let maxQuery {
            max = try promQL(maxQuery, parameter: "maxQuery", server: chosen.name, arguments: arguments)
            maxIsConfigured = queries[maxQuery] != nil
        } else if let named = value.maxQuery {
            max = (named, value.server, value.shownName + "'s maxQuery", nil)
            maxIsConfigured = true
        } else {
            return LiveSource(document: document, query: nil, maxQuery: nil, shownName: value.shownName)
        }
        guard max.server == chosen.name else {
            throw .bad(
                "maxQuery", LiveText.quoted(maxQuery ?? ""),
                "is answered by \(max.server), and prometheus by \(chosen.name) (accepted: a query on the same server)")
        }
        let maxURL = Self.queryURL(base: chosen.base, promQL: max.promQL)
        let maxDocument = LiveSource.Document(
            kind: .prometheus(server: chosen.name), url: maxURL, trustedHost: maxURL.host, auth: chosen.auth,
            isConfiguredQuery: maxIsConfigured)
        return LiveSource(
            document: document, query: nil, maxQuery: nil, shownName: value.shownName, maxDocument: maxDocument,
            maxShownName: max.shownName)
    }

    /// The PromQL that `text` names for `parameter` (`prometheus` or `maxQuery`): a configured query's, with
    /// `arguments` in its placeholders, or, where `livePromQL` is `any`, `text` itself; the server that answers it;
    /// how messages show it; and a configured query's own max query.
    private func promQL(
        _ text: String, parameter: String, server: String?, arguments: [String: String]
    ) throws(LiveError) -> (promQL: String, server: String, shownName: String, maxQuery: String?) {
        guard !text.isEmpty else {
            throw .bad(parameter, "", "is empty (accepted: \(acceptedQueries))")
        }
        if let named = queries[text] {
            if let server, server != named.server, parameter == "prometheus" {
                throw .bad(
                    "server", LiveText.quoted(server),
                    "does not apply: the query \(LiveText.shown(text)) is answered by \(named.server)")
            }
            let filled = try named.promQL(arguments)
            return (filled.query, named.server, text, filled.maxQuery)
        }
        guard settings.promQL == .any else {
            // Neither the configured names nor their text are listed: only a near miss of what was typed.
            let near = queries.keys.sorted().first { MessageText.isOneEditApart($0, text) }
            throw .bad(
                parameter, LiveText.quoted(text),
                "is not a query configured on this server"
                    + (near.map { "; did you mean \($0)?" } ?? "") + " (accepted: \(acceptedQueries))")
        }
        guard text.utf8.count <= Self.maxPromQLLength else {
            throw .bad(parameter, LiveText.quoted(text), "is longer than \(Self.maxPromQLLength) bytes")
        }
        if let bad = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .bad(
                parameter, LiveText.quoted(text), "contains the control character \(LiveText.shown(String(bad)))")
        }
        return (text, server ?? servers[0].name, LiveText.shown(text, limit: LiveText.urlLength), nil)
    }

    /// What `prometheus` and `maxQuery` accept here.
    private var acceptedQueries: String {
        settings.promQL == .any
            ? "a PromQL query or a query's name"
            : "the name of a query configured on this server; it sends Prometheus no other PromQL"
    }

    /// The configured server named `name`.
    private func server(_ name: String) throws(LiveError) -> Server {
        guard let chosen = servers.first(where: { $0.name == name }) else {
            let names = servers.map(\.name).joined(separator: ", ")
            throw .bad("server", LiveText.quoted(name), "is not a configured Prometheus server (accepted: \(names))")
        }
        return chosen
    }

    /// What an empty answer to `prometheus` (as messages show it) means. A bare name (letters, digits, `_`, `:`,
    /// `.`, `-`: no braces, spaces or other operators) that is no configured query's name was most likely meant as
    /// one, mistyped or not configured on this server: the message says so and lists the names. Anything else is a
    /// PromQL query that `server` found no data for.
    func noData(prometheus shownName: String, server: String) -> (value: String, reason: String) {
        let isBareName =
            !shownName.isEmpty
            && shownName.utf8.allSatisfy { b in
                (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x5f
                    || b == 0x3a || b == 0x2e || b == 0x2d
            }
        guard isBareName, queries[shownName] == nil, shownName.utf8.contains(where: { $0 > 0x39 }) else {
            return PrometheusAnswer.noData
        }
        let names = queries.keys.sorted()
        let configured =
            names.isEmpty
            ? "none are configured here; prometheusQueries names them"
            : "configured: "
                + (names.count <= 8 ? names.joined(separator: ", ") : names.prefix(8).joined(separator: ", ") + ", …")
        return (
            shownName,
            "names no configured query (\(configured)), and as a metric it has no data on server "
                + LiveText.shown(server)
        )
    }

    /// `{base}/api/v1/query?query=…`, the query percent-encoded but for unreserved characters.
    static func queryURL(base: FetchURL, promQL: String) -> FetchURL {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for b in promQL.utf8 {
            let unreserved =
                (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b == 0x2d
                || b == 0x2e || b == 0x5f || b == 0x7e
            if unreserved {
                encoded.append(b)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        var path = base.target
        while path.hasSuffix("/") { path.removeLast() }
        let target = path + "/api/v1/query?query=" + String(decoding: encoded, as: UTF8.self)
        return FetchURL(scheme: base.scheme, host: base.host, address: base.address, port: base.port, target: target)
    }
}
