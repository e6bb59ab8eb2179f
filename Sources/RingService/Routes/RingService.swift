import Dispatch
import HTTPServer
import LiveValues
import Locking
import RingKit
import StoredValues
import Synchronization
import TokenIssuers

/// The product's request handler: routes, the render cache, HTTP caching headers, error images, health,
/// readiness and metrics. It answers on the event-loop threads; a costly render is returned as work for the loop's
/// worker thread, carrying what was already parsed.
public final class RingService: HTTPHandler {
    public let configuration: ServiceConfiguration
    public let log: ServiceLog
    let cache: RenderCache
    /// Held while a PNG over `RenderPlacement.largeRenderEdge` px is drawn: one such surface at a time.
    let largeRenders = DispatchSemaphore(value: 1)
    /// Error images, cached apart so they never pass for successes; small, as they should be rare.
    let errorCache: RenderCache
    let metrics = ServiceMetrics()
    /// Counts and logs every answer (see `RequestRecorder`).
    let recorder: RequestRecorder
    let renderer: any Renderer
    private let draining = Atomic<Bool>(false)
    private let connectionCounter = Lock<(@Sendable () -> Int)?>(nil)
    let responses: StaticResponses
    /// The builder page and the gallery, built once: their bytes, ETags and CSP hashes never change while running
    /// (the gallery's live cards follow the configured sources, and its stored-value cards which of their names the
    /// store holds: the page is built again when either changes, a reload's sources included). The
    /// gallery is built on its first request: it parses every example, and one written in a locale opens ICU, which
    /// a server that never writes a locale should not hold in memory.
    let builderPage: StaticPage
    private let gallery = Lock<(held: Set<String>, sources: Set<String>, page: StaticPage)?>(nil)
    let referencePage = ReferencePage.make()
    /// `/rings.js`, built once.
    let ringsModule = RingsModule.make()

    /// Live values: nil until the configuration turns them on.
    let live: LiveValues?
    /// Live request targets resolved before.
    let liveTargets = TargetMemo<LiveTargetEntry>()
    /// Stored values: nil until the configuration names a token that may write them.
    let store: ValueStore?
    /// The `/values` routes.
    let values: ValuesResponder
    /// Image targets of stored values worked out before.
    let storedTargets = TargetMemo<StoredTargetEntry>()
    /// Image targets of clock-driven values worked out before.
    let clockTargets = TargetMemo<ClockTargetEntry>()
    /// The headers an image of a stored value adds, made once.
    let storedHeaders: HTTPHeaders
    /// The settings a reload may change: URL signatures and private values, push tokens, who a client is.
    let settings: ReloadableSettings
    /// The settings in force: `configuration` with the last reload's reloadable settings.
    let reloadBase: Lock<ServiceConfiguration>
    /// URL signatures and private values, as the settings stand now.
    var signing: URLSigning { settings.current.signing }
    /// Who a request is from, behind the trusted proxies, as the settings stand now.
    var clients: ClientResolver { settings.current.clients }
    /// Milliseconds since the epoch: what a stored or live value's age is measured against (the store's clock,
    /// else the wall clock; tests set their own).
    let wallClock: @Sendable () -> Int64
    /// What each client has waiting for a worker.
    let clientShares: ClientShares
    /// Each client's rate of costly work.
    let clientRates: ClientRates

    /// Throws when the live-value settings cannot be used (`ServiceConfiguration.load` has checked them already).
    public convenience init(configuration: ServiceConfiguration, log: ServiceLog) throws(ConfigurationError) {
        var live: LiveValues? = nil
        if configuration.live.isEnabled {
            do {
                live = try LiveValues(settings: configuration.live, version: ProgressRingsVersion.current)
            } catch {
                throw ConfigurationError(error.message)
            }
        }
        var store: ValueStore? = nil
        if configuration.values.isEnabled {
            do {
                var settings = ValueStore.Settings()
                settings.historyDays = configuration.values.historyDays
                settings.maxNames = configuration.values.maxNames
                settings.maxPointsPerName = configuration.values.maxPoints
                let place = configuration.values.store
                let storage: any ValueStorage =
                    ValueSettings.isPostgres(place)
                    ? try PostgresStorage(url: place, statementTimeout: configuration.values.statementTimeout)
                    : try SQLiteStorage(path: place)
                store = try ValueStore(storage: storage, settings: settings)
            } catch {
                throw ConfigurationError("valueStore: \(error.message)")
            }
            store?.prunePeriodically()
            if let store {
                log.log(
                    .info, "stored values",
                    [("store", .text(store.storageDescription)), ("names", .integer(store.count))])
            }
        }
        Self.loadLogos(configuration.logoDirectory, log: log)
        self.init(configuration: configuration, log: log, renderer: RingKitRenderer(), live: live, store: store)
    }

    /// Reads the named logos' index; without it the server still serves, refusing `logo=` slugs with a message that
    /// says where the logos were looked for. An empty directory is no named logos, as asked: nothing to warn of.
    private static func loadLogos(_ directory: String, log: ServiceLog) {
        let started = ContinuousClock.now
        do {
            let count = try LogoCatalog.shared.load(directory: directory)
            let took = (ContinuousClock.now - started).seconds * 1000
            // Debug: the first info line stays "listening", which scripts and operators look for.
            log.log(
                .debug, "logos",
                [
                    ("directory", .text(directory)), ("slugs", .integer(count)),
                    ("ms", .decimal((took * 10).rounded() / 10)),
                ])
        } catch {
            log.log(.warn, "logos", [("directory", .text(directory)), ("error", .text(error.reason))])
        }
    }

    init(
        configuration: ServiceConfiguration, log: ServiceLog, renderer: any Renderer, live: LiveValues? = nil,
        store: ValueStore? = nil, wallClock: (@Sendable () -> Int64)? = nil
    ) {
        if let wallClock {
            self.wallClock = wallClock
        } else if let store {
            self.wallClock = { store.clock() }
        } else {
            self.wallClock = ValueStore.wallClock
        }
        self.configuration = configuration
        settings = ReloadableSettings(
            configuration,
            issuers: OIDCIssuers(configuration.values.issuers) { issuer, problem in
                log.log(.warn, "issuer keys not fetched", [("issuer", .text(issuer)), ("error", .text(problem))])
            })
        reloadBase = Lock(configuration)
        clientShares = ClientShares(bound: configuration.clientQueue)
        clientRates = ClientRates(rate: Double(configuration.clientRate), burst: configuration.clientBurst)
        self.live = live
        self.store = store
        values = ValuesResponder(
            store: store, settings: settings, reportBytes: configuration.values.reportBytes, log: log)
        storedHeaders = Self.storedHeaders(maxAge: configuration.values.maxAge)
        self.log = log
        log.accessFields = Set(configuration.logFields.compactMap(ServiceLog.AccessField.init))
        recorder = RequestRecorder(metrics: metrics, log: log, settings: settings)
        self.renderer = renderer
        cache = RenderCache(maxBytes: configuration.cacheBytes, maxEntries: configuration.cacheEntries)
        errorCache = RenderCache(
            maxBytes: min(configuration.cacheBytes, 4 << 20), maxEntries: min(configuration.cacheEntries, 4096))
        responses = StaticResponses()
        builderPage = BuilderPage.make()
        // An outage is a warning once, when it begins, and its end a line too: with logLevel=warn the log said
        // nothing while every image of the source went stale.
        live?.onHealthChange { change in
            // A breaker's change is a warning both ways: it says how the images of the source are answered.
            if let open = change.breakerOpen {
                if open {
                    log.log(
                        .warn, "live source breaker open",
                        [("source", .text(change.source)), ("error", .text(change.failure?.message ?? ""))])
                } else {
                    log.log(.warn, "live source breaker closed", [("source", .text(change.source))])
                }
            } else if let failure = change.failure {
                log.log(
                    .warn, "live source failing",
                    [("source", .text(change.source)), ("error", .text(failure.message))])
            } else {
                log.log(.info, "live source reads again", [("source", .text(change.source))])
            }
        }
    }

    /// The gallery page, built on the first call and again when the stored values its cards show come or go
    /// (private ones never show).
    var galleryPage: StaticPage {
        // A private value's card would show its refusal: it is shown as a card of a value not pushed yet.
        let held: Set<String> =
            store.map { store in
                GalleryPage.storedNames.filter { store.record($0) != nil && !signing.isPrivate($0) }
            } ?? []
        // The live cards whose sources this server reads (by name, as a README would).
        let sources = Set(live?.settings.sources.keys.map(\.self) ?? [])
        return gallery.withLock { built in
            if let built, built.held == held, built.sources == sources { return built.page }
            let made = GalleryPage.make(liveSources: sources, storedHeld: held)
            built = (held, sources, made)
            return made
        }
    }

    /// Turns `/readyz` to 503 so load balancers stop sending new traffic; everything else keeps serving.
    public func beginDraining() { draining.store(true, ordering: .relaxed) }

    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Tells `/metrics` where to read the number of open connections.
    public func countConnections(with counter: @escaping @Sendable () -> Int) {
        connectionCounter.withLock { $0 = counter }
    }

    /// Counters of the render cache.
    public var cacheCounters: CacheCounters { cache.counters }

    public func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let started = recorder.start()
        let route = ServiceRoute(request)
        return recorder.record(answer(request, route), request, route, started: started)
    }

    /// The answer of `route`, and what it was.
    private func answer(_ request: HTTPRequest, _ route: ServiceRoute) -> ServiceAnswer {
        let response: HTTPResponse
        switch route {
        case .notFound:
            response = responses.notFound
        case .serverOptions:
            response = request.method == .options ? responses.serverOptions : responses.methodNotAllowed
        case .values(let name, let history):
            if request.method == .put || request.method == .delete, let refused = rateRefusal(request) {
                return .now(Served(values.valueError(.tooManyRequests, refused.message).adding(refused.headers)))
            }
            return values.answer(request, name: name, history: history)
        case _ where request.method != .get && request.method != .head:
            response = responses.methodNotAllowed
        case .image, .badgeDocument:
            return signedAnswer(request, route)
        case .builder:
            response = builderPage.response(to: request)
        case .examples:
            response = galleryPage.response(to: request)
        case .parameters:
            response = referencePage.response(to: request)
        case .embed(let image):
            response = EmbedPage.response(to: request, path: image)
        case .ringsModule:
            response = ringsModule.response(
                to: request, coding: ContentCoding.choose(acceptEncoding: request.headers.values(.acceptEncoding)))
        case .healthz:
            response = responses.healthy
        case .readyz:
            response = isDraining ? responses.draining : responses.ready
        case .metrics:
            response = metricsResponse(request)
        }
        return .now(Served(response))
    }

    /// The exposition, gzip-compressed where the scraper accepts it (Prometheus asks for gzip).
    private func metricsResponse(_ request: HTTPRequest) -> HTTPResponse {
        let text =
            metrics.exposition(
                caches: [("render", cache.counters), ("error", errorCache.counters)],
                openConnections: connectionCounter.withLock { $0 }?() ?? 0, logLinesDropped: log.droppedLines,
                live: live?.counters) + (store.map { values.metrics.exposition($0) } ?? "")
        var headers: HTTPHeaders = [
            .contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store",
            .vary: "Accept-Encoding",
        ]
        let body = Array(text.utf8)
        switch ContentCoding.choose(acceptEncoding: request.headers.values(.acceptEncoding)) {
        case .identity:
            break
        case .gzip, .gzipRequired:
            if let zipped = Gzip.compress(body) {
                headers.append(.contentEncoding, "gzip")
                return HTTPResponse(status: .ok, headers: headers, body: zipped)
            }
        }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}
