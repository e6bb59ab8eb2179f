/// One live value a request asks for: which document, and where the value (and the max) sit in it. Made by
/// `LiveValues.source(url:query:maxQuery:prometheus:server:)`, which checks every rule a request must pass, so a
/// `LiveSource` is always fetchable. It is the value cache's key: equal sources share one value.
public struct LiveSource: Hashable, Sendable, CustomStringConvertible {
    /// What is fetched: a JSON document, or a Prometheus query's answer.
    struct Document: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case json
            /// The configured server's name, for messages.
            case prometheus(server: String)
        }

        let kind: Kind
        /// The URL fetched (for Prometheus, `{base}/api/v1/query?query=…`).
        let url: FetchURL
        /// A configured endpoint's host, which is fetched whatever its address (the operator named it); nil for a
        /// request's URL. Redirects to any other host are checked like a request's URL.
        let trustedHost: String?
        /// How the Prometheus server was asked (its credentials as configured, never their text): part of the
        /// value's identity, so a reading made as one tenant (`X-Scope-OrgID`) is not served once a reload names
        /// another. Nil for a JSON document.
        var auth: PrometheusAuth?
        /// A query of `prometheusQueries`, whose text stays private: Prometheus' own wording of a refusal, which may
        /// quote it, is left out of messages.
        var isConfiguredQuery = false
        /// Set where the query is read over time (a sparkline): `url` is then the instant query's, made into a
        /// `query_range` for each fetch.
        var range: PrometheusRange?
        /// Set where the query is evaluated that many seconds ago (`trend`): `url` is then the instant query's, asked
        /// with `time=` for each fetch.
        var secondsAgo: Int?

        /// The configured Prometheus server's name; empty for a JSON document.
        var serverName: String {
            if case .prometheus(let server) = kind { return server }
            return ""
        }
    }

    let document: Document
    let query: JSONPath?
    let maxQuery: JSONPath?
    /// Where the value's time sits in a JSON document (`timeQuery`); nil: the time it was read.
    let timeQuery: JSONPath?
    /// For Prometheus, the second query whose one number is the max (`maxQuery`), fetched with the first.
    let maxDocument: Document?
    /// For Prometheus, the same query evaluated `trend` ago, whose number is `previous`; fetched with the first.
    let previousDocument: Document?
    /// How messages name `maxDocument`: the query or its configured name.
    let maxShownName: String?
    /// How messages name the document: the URL, or the configured name that keeps the URL private.
    let shownName: String
    /// Set where the image takes a list of values (`reduce`, one ring or bar per series): a vector of several series,
    /// or a JSON array at `query`, is read whole rather than refused. How the document is read, not what is fetched:
    /// sources that differ only here share one fetch (`Fetch`).
    public let takesList: Bool
    /// The fields' hash, computed once: a lookup on the event loop hashes one integer, not the URL and paths.
    private let hash: Int

    init(
        document: Document, query: JSONPath?, maxQuery: JSONPath?, shownName: String, maxDocument: Document? = nil,
        maxShownName: String? = nil, timeQuery: JSONPath? = nil, previousDocument: Document? = nil,
        takesList: Bool = false
    ) {
        self.takesList = takesList
        self.previousDocument = previousDocument
        self.document = document
        self.query = query
        self.maxQuery = maxQuery
        self.timeQuery = timeQuery
        self.shownName = shownName
        self.maxDocument = maxDocument
        self.maxShownName = maxShownName
        var hasher = Hasher()
        hasher.combine(document)
        hasher.combine(query)
        hasher.combine(maxQuery)
        hasher.combine(timeQuery)
        hasher.combine(shownName)
        hasher.combine(maxDocument)
        hasher.combine(previousDocument)
        hasher.combine(takesList)
        hash = hasher.finalize()
    }

    public static func == (a: LiveSource, b: LiveSource) -> Bool {
        a.hash == b.hash && a.document == b.document && a.query == b.query && a.maxQuery == b.maxQuery
            && a.timeQuery == b.timeQuery && a.shownName == b.shownName && a.maxDocument == b.maxDocument
            && a.previousDocument == b.previousDocument && a.takesList == b.takesList
    }

    /// What one fetch gets: the document, and the max's document where there is one. Sources that share both share
    /// one fetch, whether they read it as a list or as one number.
    struct Fetch: Hashable, Sendable {
        let document: Document
        let maxDocument: Document?
        var previousDocument: Document? = nil
    }

    var fetch: Fetch { Fetch(document: document, maxDocument: maxDocument, previousDocument: previousDocument) }

    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The parameter that names the document: `url` or `prometheus`.
    public var parameter: String {
        if case .prometheus = document.kind { return "prometheus" }
        return "url"
    }

    /// The same source read as a list (`reduce`) or as one number: the other reading of the same fetch.
    func reading(asList: Bool) -> LiveSource {
        LiveSource(
            document: document, query: query, maxQuery: maxQuery, shownName: shownName, maxDocument: maxDocument,
            maxShownName: maxShownName, timeQuery: timeQuery, previousDocument: previousDocument, takesList: asList)
    }

    /// The range a sparkline's source reads; nil for one number read now.
    public var range: PrometheusRange? { document.range }

    /// Whether `max` is read too (`maxQuery`, in a document or as a second Prometheus query).
    public var readsMax: Bool { maxQuery != nil || maxDocument != nil }

    /// The host fetched from (the metrics' `host` label and the per-host bound).
    public var host: String { document.url.host }

    /// The query a fetch slot is held for (`FetchSlots`, `maxFetchesPerQuery`): a configured query's or source's
    /// name, whatever values its parameters take; all PromQL that requests write, on one server, as one query (so the
    /// configured queries always keep room); a URL by its path, whatever its query string says.
    var slotQuery: String {
        switch document.kind {
        case .prometheus(let server):
            return document.isConfiguredQuery ? "prometheus=" + shownName : "PromQL on " + server
        case .json where document.trustedHost != nil:
            return "url=" + shownName
        case .json:
            let target = document.url.target
            return "url " + (target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target)
        }
    }

    /// The URLs a fetch of this source asks for (the document's, then the max's), for checks of what is sent; never
    /// for messages, which keep a configured URL private.
    public var fetchedURLs: [String] {
        [document.url.description] + [maxDocument, previousDocument].compactMap { $0?.url.description }
    }

    /// The source in one spelling, for logs: `url=https://x.test/c.json&query=$.a`, `prometheus=errors&server=main`.
    /// Escaped like every message (a quoted key may hold any character), so it is safe in a log line.
    public var description: String {
        var text = "\(parameter)=\(shownName)"
        if case .prometheus(let server) = document.kind { text += "&server=\(server)" }
        if let query { text += "&query=" + LiveText.shown(query.description, limit: JSONPath.maxLength) }
        if let maxQuery { text += "&maxQuery=" + LiveText.shown(maxQuery.description, limit: JSONPath.maxLength) }
        if let maxShownName { text += "&maxQuery=" + maxShownName }
        if let timeQuery { text += "&timeQuery=" + LiveText.shown(timeQuery.description, limit: JSONPath.maxLength) }
        return text
    }
}
