import Dispatch
import FoundationEssentials
import Locking

/// Live values: a ring's, bar's or badge's value read from a JSON document or a Prometheus query when the image is
/// asked for, cached, and served as fast as a value in the URL.
///
/// How a service uses it, per request:
/// 1. `source(url:query:maxQuery:prometheus:server:)` on the event loop: the decoded parameters → a `LiveSource`,
///    nil when the request names none, or a `LiveError` whose `isBadRequest` is true (a 400 naming the parameter).
///    Every rule a request must pass is checked here, before anything is fetched: http(s) only, no user name, an
///    allowed host, a public address for an IP literal in any spelling (`0x7f.1`, `2130706433`, `[::1]`).
/// 2. `lookup(source)` on the event loop. It never blocks (one dictionary lookup under a lock held for
///    nanoseconds) and answers `.fresh(reading, secondsLeft:)`, `.stale(reading, because:)` or `.failed(error)`
///    from the cache, or nil: the value must be fetched.
/// 3. On nil, `fetch(source) { answer in … }`. It never blocks: the answer is delivered from the thread that
///    fetched it, within `timeout` seconds (plus the time to read the document). Concurrent calls for one document
///    share one fetch (single flight); calls for different documents run in parallel within the in-flight bounds
///    (`maxFetches`, `maxFetchesPerHost`): over a bound, a fetch waits for a slot within its timeout, then fails
///    `busy` (not remembered: the next request tries again); past `maxFlights` documents at once, at once. Any other failure is remembered for `retrySeconds`, so a broken or hanging source costs one
///    fetch per interval, not one per request; meanwhile the last good value is answered `.stale` for
///    `staleSeconds` past its freshness.
/// 4. `counters` for `/metrics`: fetches by host and outcome, their durations, stale answers, values held.
///
/// Fetching: libcurl, GET only, http and https only (redirects included), TLS verified against the system store
/// plus `caFile`, the whole fetch (slot wait, DNS, connection, redirects, body) within `timeout`, bodies within
/// `maxBytes`, at most `maxRedirects` redirects each checked again as a request's URL is, no proxy, `User-Agent:
/// progress-rings/VERSION`. The address connected to is checked after DNS, for every address tried (see
/// `AddressPolicy`), unless `allowPrivateAddresses`. A configured endpoint (a named source's or a Prometheus
/// server's host) is trusted as the operator wrote it: its host needs no allow-list entry and its address is not
/// checked; any other host a redirect leads to is checked as a request's.
public final class LiveValues: Sendable {
    /// The settings in force: those the fetcher, the gate and the cache were built with, and the last reload's
    /// sources, servers, queries, allow-list and times (`reload(_:)`).
    public var settings: LiveSettings { configuration.settings }
    /// Read once by each use, as one value: a request sees the settings before a reload or after it, never half.
    var configuration: LiveConfiguration { current.withLock { $0.configuration } }
    /// The configuration and how many reloads put one in place (`generation`).
    private let current: Lock<(configuration: LiveConfiguration, generation: Int)>
    let fetcher: CurlFetcher
    let gate: FetchGate
    let clock: any LiveClock
    let state: Lock<State>
    /// Told when a source begins to fail and when it reads again (`onHealthChange`).
    let healthListener = Lock<(@Sendable (LiveHealthChange) -> Void)?>(nil)

    /// Calls `listener` (on the fetching thread, outside every lock) each time a source that read begins to fail
    /// for its own sake (unreachable, an error status, not JSON, a timeout…), and when a failing one reads again:
    /// once per change, however many requests wait for it, so an outage is one line in a log, not one per request.
    public func onHealthChange(_ listener: @escaping @Sendable (LiveHealthChange) -> Void) {
        healthListener.withLock { $0 = listener }
    }

    /// Who waits for a document being fetched: the sources read from it, and each request's delivery.
    struct Flight {
        var sources: Set<LiveSource>
        var deliveries: [(source: LiveSource, deliver: @Sendable (LiveAnswer) -> Void)]
        /// The query its fetch slots are held for (`LiveSource.slotQuery` of the source that started it).
        var slotQuery: String
    }

    struct State {
        var store: LiveValueStore
        var counters = LiveCounters()
        /// Per document being fetched (with its max's document, where a source has one), who waits for it.
        var flights: [LiveSource.Fetch: Flight] = [:]
    }

    /// Documents fetched or waiting for a slot at once, at most: beyond it a new document fails `busy` at once
    /// instead of holding one more thread for the whole timeout.
    var maxFlights: Int { settings.maxFetches * 4 }

    /// Checks `settings` (a `LiveSettingsError` names the bad setting); `version` goes into the User-Agent.
    public convenience init(settings: LiveSettings, version: String) throws(LiveSettingsError) {
        try self.init(settings: settings, version: version, clock: MonotonicClock(), resolve: [])
    }

    /// Checks `settings` as `init` does, without starting anything: a `LiveSettingsError` names the bad setting.
    public static func check(_ settings: LiveSettings) throws(LiveSettingsError) {
        if let caFile = settings.caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw LiveSettingsError(setting: "liveCAFile", reason: "\(LiveText.quoted(caFile)) cannot be read")
        }
        _ = try LiveConfiguration(settings)
    }

    /// `resolve` takes `host:port:address` entries (libcurl's CURLOPT_RESOLVE): tests point names at 127.0.0.1.
    init(settings: LiveSettings, version: String, clock: any LiveClock, resolve: [String]) throws(LiveSettingsError) {
        try Self.check(settings)
        current = Lock((try LiveConfiguration(settings), 0))
        fetcher = CurlFetcher(
            userAgent: "progress-rings/\(version)", caFile: settings.caFile, maxBytes: settings.maxBytes,
            maxRedirects: settings.maxRedirects, allowPrivateAddresses: settings.allowPrivateAddresses,
            resolve: resolve)
        gate = FetchGate(
            maxTotal: settings.maxFetches, maxPerHost: settings.maxFetchesPerHost,
            maxPerQuery: settings.maxFetchesPerQuery)
        self.clock = clock
        state = Lock(
            State(store: LiveValueStore(maxValues: settings.maxValues, breakerTimeouts: settings.breakerTimeouts)))
    }

    /// How many reloads changed the settings: what a request's source was worked out under, so one worked out
    /// before a reload is worked out again after it.
    public var generation: Int { current.withLock { $0.generation } }

    /// Puts `settings` in place for every source made from now on. What the fetcher, the gate and the cache were
    /// built with (the CA file, sizes, redirects, private addresses, fetch bounds and shares, the breaker's count,
    /// values held) is not built again: the caller passes the running values of those (`RingService.reload` takes
    /// only the settings its table names reloadable from the new file). A fetch under way finishes as it began.
    /// Throws, changing nothing, when `settings` cannot be used (a secret that cannot be read included).
    public func reload(_ settings: LiveSettings) throws(LiveSettingsError) {
        // Nothing changed: a new generation would work out every target again.
        guard settings != self.settings else { return }
        let made = try LiveConfiguration(settings)
        current.withLock { $0 = (made, $0.generation + 1) }
    }

    /// The source the request's decoded parameters name, nil when they name none; see the type's documentation.
    /// `arguments` are the request's values of the parameters the named queries take (`parameterNames`).
    public func source(
        url: String?, query: String?, maxQuery: String?, prometheus: String?, server: String?,
        arguments: [String: String] = [:], timeQuery: String? = nil
    ) throws(LiveError) -> LiveSource? {
        try configuration.source(
            url: url, query: query, maxQuery: maxQuery, prometheus: prometheus, server: server, arguments: arguments,
            timeQuery: timeQuery)
    }

    /// The parameters the named queries `prometheus` and `maxQuery` take (`instance`, `mountpoint`), whose values a
    /// request gives beside them; empty for PromQL and names no query has.
    public func parameterNames(prometheus: String?, maxQuery: String?) -> [String] {
        configuration.parameterNames(prometheus: prometheus, maxQuery: maxQuery)
    }

    /// The same Prometheus query read over the last `window` seconds with about `points` points (a sparkline's
    /// history, one point per pixel), its max query left out; nil for a JSON document, which has no history.
    public func rangeSource(_ source: LiveSource, window: Int, points: Int) -> LiveSource? {
        guard case .prometheus = source.document.kind else { return nil }
        var document = source.document
        document.range = PrometheusRange(window: window, points: points)
        return LiveSource(
            document: document, query: nil, maxQuery: nil, shownName: source.shownName, takesList: source.takesList)
    }

    /// The same Prometheus source with the query also evaluated `seconds` ago (`trend`), whose number the reading
    /// gives as `previous`: fetched and cached with it. Nil for a JSON document.
    public func trendSource(_ source: LiveSource, secondsAgo seconds: Int) -> LiveSource? {
        guard case .prometheus = source.document.kind else { return nil }
        var previous = source.document
        previous.secondsAgo = Swift.max(1, seconds)
        return LiveSource(
            document: source.document, query: nil, maxQuery: nil, shownName: source.shownName,
            maxDocument: source.maxDocument, maxShownName: source.maxShownName, previousDocument: previous,
            takesList: source.takesList)
    }

    /// `source` read as a list (`reduce`): a Prometheus vector of several series, or a JSON array at its `query`,
    /// is read whole rather than refused. A source of its own (another cache entry: the same document read for one
    /// number still refuses several), whose document is fetched once for both readings.
    public func listSource(_ source: LiveSource) -> LiveSource { source.reading(asList: true) }

    /// Every parameter name a named query takes, for the service's check that none shadows an image parameter.
    public static func queryParameterNames(_ settings: LiveSettings) -> [String: [String]] {
        settings.prometheusQueries.mapValues { $0.parameters.keys.sorted() }
    }

    /// The answer the cache holds for `source`, or nil when it must be fetched. Never blocks.
    public func lookup(_ source: LiveSource) -> LiveAnswer? {
        let now = clock.now()
        return state.withLock { s in
            let answer = s.store.answer(source, now: now)
            if case .stale = answer { s.counters.staleAnswers += 1 }
            return answer
        }
    }

    /// The counters as they are now.
    public var counters: LiveCounters {
        state.withLock { s in
            var c = s.counters
            c.valuesHeld = s.store.entries.count
            return c
        }
    }
}

/// A source that began to fail, or that reads again: how messages name it (its URL, or the configured name that
/// keeps the URL private) and, when it fails, why.
public struct LiveHealthChange: Sendable {
    public let source: String
    /// Nil when the source reads again.
    public let failure: LiveError?
    /// Set when the source's breaker opened (true: its last `breakerTimeouts` fetches timed out, so it is answered
    /// from what it last gave while one probe at a time finds out whether it answers again) or closed (false: a
    /// probe's fetch did not time out); nil for a change of `failure` alone.
    public var breakerOpen: Bool? = nil
}
