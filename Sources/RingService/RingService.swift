import Dispatch
import HTTPServer
import RingKit
import Synchronization

/// The product's request handler: routes, the render cache, HTTP caching headers, error images, health,
/// readiness and metrics. It runs on the event-loop threads, synchronously.
public final class RingService: HTTPHandler {
    public let configuration: ServiceConfiguration
    public let log: ServiceLog
    let cache: RenderCache
    /// Held while a PNG over `largeRenderEdge` px is drawn: one such surface at a time.
    let largeRenders = DispatchSemaphore(value: 1)
    /// Error images, cached apart so they never pass for successes; small, as they should be rare.
    let errorCache: RenderCache
    let metrics = ServiceMetrics()
    /// Image requests whose query was parsed: a repeated URL is answered through the cache's alias without one.
    let drawingsParsed = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    private let connectionCounter = Mutex<(@Sendable () -> Int)?>(nil)
    let responses: StaticResponses
    /// The builder page and the gallery, built once: their bytes, ETags and CSP hashes never change while running.
    let builderPage: StaticPage
    let galleryPage: StaticPage
    /// Draws a ring's PNG; replaceable so tests can make a render fail and prove that only its request fails.
    let renderPNG: @Sendable (RingSpec) throws(RenderError) -> [UInt8]

    public convenience init(configuration: ServiceConfiguration, log: ServiceLog) {
        self.init(
            configuration: configuration, log: log,
            renderPNG: { spec throws(RenderError) in
                try PNGRenderer.render(spec)
            })
    }

    init(
        configuration: ServiceConfiguration, log: ServiceLog,
        renderPNG: @escaping @Sendable (RingSpec) throws(RenderError) -> [UInt8]
    ) {
        self.configuration = configuration
        self.log = log
        self.renderPNG = renderPNG
        cache = RenderCache(maxBytes: configuration.cacheBytes, maxEntries: configuration.cacheEntries)
        errorCache = RenderCache(
            maxBytes: min(configuration.cacheBytes, 4 << 20), maxEntries: min(configuration.cacheEntries, 4096))
        responses = StaticResponses()
        builderPage = BuilderPage.make()
        galleryPage = GalleryPage.make()
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

    /// Everything but an uncached PNG over `workerRenderEdge` px is answered on the event loop; that one is left to
    /// the loop's worker thread.
    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        respond(to: request, allowingCostlyRender: false)
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        // With costly renders allowed, every path produces a response.
        respond(to: request, allowingCostlyRender: true) ?? responses.renderFailed
    }

    private func respond(to request: HTTPRequest, allowingCostlyRender: Bool) -> HTTPResponse? {
        let started = log.logsRequests ? DispatchTime.now().uptimeNanoseconds : 0
        let path = request.path
        let route = ServiceRoute(path: path)
        var format: ImageFormat? = nil
        var cacheOutcome = "none"
        let response: HTTPResponse
        if case .notFound = route {
            response = responses.notFound
        } else if request.method != .get && request.method != .head {
            response = responses.methodNotAllowed
        } else {
            switch route {
            case .ring(let explicit):
                let chosen = explicit ?? ContentNegotiation.format(accept: request.headers.values("Accept"))
                format = chosen
                guard
                    let answer = image(
                        request, drawing: .init(kind: .ring, query: request.query), format: chosen,
                        varyAccept: explicit == nil, allowingCostlyRender: allowingCostlyRender)
                else { return nil }
                (response, cacheOutcome) = answer
            case .ringValue(let value, let chosen):
                format = chosen
                guard
                    let answer = image(
                        request, drawing: .init(kind: .ring, query: request.query, pathValue: String(value)),
                        format: chosen, varyAccept: false, allowingCostlyRender: allowingCostlyRender)
                else { return nil }
                (response, cacheOutcome) = answer
            case .badge(let chosen):
                format = chosen
                guard
                    let answer = image(
                        request, drawing: .init(kind: .badge, query: request.query), format: chosen,
                        varyAccept: false, allowingCostlyRender: allowingCostlyRender)
                else { return nil }
                (response, cacheOutcome) = answer
            case .badgePath(let label, let value, let chosen):
                format = chosen
                guard
                    let answer = image(
                        request,
                        drawing: .init(
                            kind: .badge, query: request.query, pathLabel: String(label), pathValue: String(value)),
                        format: chosen, varyAccept: false, allowingCostlyRender: allowingCostlyRender)
                else { return nil }
                (response, cacheOutcome) = answer
            case .builder:
                response = builderPage.response(to: request)
            case .examples:
                response = galleryPage.response(to: request)
            case .healthz:
                response = responses.healthy
            case .readyz:
                response = isDraining ? responses.draining : responses.ready
            case .metrics:
                response = metricsResponse()
            case .notFound:
                response = responses.notFound
            }
        }
        metrics.countRequest(route: route.metricsLabel, format: format, status: response.status.code)
        if started != 0 {
            let elapsed = DispatchTime.now().uptimeNanoseconds &- started
            log.access(
                method: request.method.rawValue, path: path, status: response.status.code,
                bytes: request.method == .head ? 0 : response.body.count, microseconds: Int(elapsed / 1000),
                cache: cacheOutcome)
        }
        return response
    }

    private func metricsResponse() -> HTTPResponse {
        let text = metrics.exposition(
            caches: [("render", cache.counters), ("error", errorCache.counters)],
            openConnections: connectionCounter.withLock { $0 }?() ?? 0, logLinesDropped: log.droppedLines)
        return HTTPResponse(
            status: .ok,
            headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
            body: Array(text.utf8))
    }
}
