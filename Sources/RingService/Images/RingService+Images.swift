import Dispatch
import HTTPServer
import RingKit

extension HTTPFieldName {
    /// Seconds after which the browser showing the answer fetches it again (the HTML standard's `Refresh`).
    static let refresh: HTTPFieldName = "Refresh"
}

/// How the cache answered an image request, for the access log.
extension RingService {
    /// An image route. A target answered before is looked up by its raw bytes; any other is parsed once, then looked
    /// up or rendered and remembered. A bad parameter answers with an error image instead (never remembered by
    /// target). Where a render runs is `RenderPlacement`'s decision: work for the worker thread carries the parsed
    /// drawing and its key, so tens of milliseconds never stall an event loop and nothing is parsed twice.
    /// `signed`: the URL carried a valid signature (checked and stripped by `signedAnswer`).
    func image(
        _ request: HTTPRequest, _ drawingRequest: Drawing.Request, format: ImageFormat, varyAccept: Bool,
        signed: Bool = false
    ) -> ServiceAnswer {
        // The format is part of the alias because `/ring` negotiates it from Accept; everything else that shapes
        // the response (route, parameters, cacheSeconds) is in the target, and the server's max-age is fixed.
        // Before the alias: the same target shows another image once a stored value changes.
        if let stored = storedImage(request, drawingRequest, format: format, varyAccept: varyAccept, signed: signed) {
            return stored
        }
        if let clocked = clockImage(request, drawingRequest, format: format, varyAccept: varyAccept) { return clocked }
        let alias = TargetKey(target: request.target, format: format)
        if let entry = cache.value(aliasedBy: alias) {
            return .now(Served(answer(request, with: entry), cache: .hit))
        }
        switch liveTarget(request, drawingRequest) {
        case nil:
            break
        case .success(let entry)?:
            return liveImage(request, drawingRequest, entry, format: format, varyAccept: varyAccept)
        case .failure(let error)?:
            let refusal = RefusalImage(
                message: error.message, for: drawingRequest, format: format, brief: error.brief)
            return .now(errorImage(refusal, format: format, varyAccept: varyAccept).from(.error))
        }
        let drawing: Drawing
        do {
            drawing = try renderer.parse(drawingRequest)
        } catch {
            let refusal = RefusalImage(
                message: error.message, for: drawingRequest, format: format, brief: error.brief)
            return .now(errorImage(refusal, format: format, varyAccept: varyAccept))
        }
        let key = cacheKey(drawing, format: format, varyAccept: varyAccept)
        return placedAnswer(request, drawing, key: key, alias: alias, onLoop: true)
    }

    /// The answer for a parsed image, from the cache or drawn where `RenderPlacement` puts it. `onLoop`: asked on
    /// an event loop; `headers` (when given) are added to the response and `origin` is the live value's.
    func placedAnswer(
        _ request: HTTPRequest, _ drawing: Drawing, key: CacheKey, alias: TargetKey, onLoop: Bool,
        headers: HTTPHeaders? = nil, origin: LiveOrigin? = nil
    ) -> ServiceAnswer {
        let request = request.modifiedSince(headers)
        let cached = cache.holds(key)
        let placement = RenderPlacement.of(
            format: key.format, pixelEdge: drawing.pixelEdge, onLoop: onLoop, cached: cached)
        // A render is costly work, within the client's rate: one token for the request that causes it. A hit never
        // counts, nor a request that waits for a render already waiting, nor the image of a live value just read (off
        // the loops, on the fetch's thread): its read was counted.
        switch placement {
        case .loopWorker:
            let client = clients.client(of: request)
            switch clientShares.take(client, key) {
            case .refused:
                return .now(tooManyWaiting(request, drawing, key: key))
            case .joins:
                break
            case .draws:
                if let refused = rateRefusal(request) {
                    clientShares.release(client, key)
                    return .now(tooManyRequests(request, drawing, key: key, refused.message).adding(refused.headers))
                }
            }
            return .later(
                { [self] in
                    defer { clientShares.release(client, key) }
                    let (response, outcome) = cachedAnswer(request, drawing, key: key, alias: alias, offLoop: true)
                    return Served(headers.map { response.adding($0) } ?? response, cache: outcome, source: origin)
                }, afterSend: { [cache] in cache.copyWorkerEntry(key) }, client: client)
        case .inPlace:
            if !cached, onLoop, let refused = rateRefusal(request) {
                return .now(tooManyRequests(request, drawing, key: key, refused.message).adding(refused.headers))
            }
            let (response, outcome) = cachedAnswer(request, drawing, key: key, alias: alias, waits: !onLoop)
            return .now(Served(headers.map { response.adding($0) } ?? response, cache: outcome, source: origin))
        }
    }

    /// The cached image for the key, rendered first when it is not cached (once, however many ask at a time).
    /// `offLoop`: called on a worker, so an image rendered here is marked for the loop to copy. `waits`: whether
    /// it may wait for another thread drawing the same image (not on an event loop: see `RenderCache.value`).
    func cachedAnswer(
        _ request: HTTPRequest, _ drawing: Drawing, key: CacheKey, alias: TargetKey, offLoop: Bool = false,
        waits: Bool = true
    ) -> (HTTPResponse, CacheOutcome) {
        let (entry, outcome) = cache.value(for: key, alias: alias, waits: waits) {
            render(drawing, key: key, offLoop: offLoop)
        }
        guard let entry else { return (responses.renderFailed, .miss) }
        let label: CacheOutcome
        switch outcome {
        case .hit: label = .hit
        case .coalesced: label = .coalesced
        case .miss: label = .miss
        }
        return (answer(request, with: entry), label)
    }

    /// The entry's 200, or its 304 when `If-None-Match` names its content, in the coding the request accepts. An SVG
    /// asked for in gzip for the first time is compressed now, and the entry stored again with both codings.
    func answer(_ request: HTTPRequest, with entry: CachedImage) -> HTTPResponse {
        guard entry.compressible else { return entry.representations.response(to: request, coding: .identity) }
        let coding = ContentCoding.choose(acceptEncoding: request.headers.values(.acceptEncoding))
        guard coding != .identity, entry.representations.gzip == nil else {
            return entry.representations.response(to: request, coding: coding)
        }
        let (headers, validators) = Self.imageHeaders(entry.key)
        let compressed = CachedImage(
            key: entry.key, representations: entry.representations.addingGzip(headers: headers, validators: validators),
            compressible: true)
        cache.replace(with: compressed)
        return compressed.representations.response(to: request, coding: coding)
    }

    /// `live`: the image of a live value, whose max-age is the value's and is added to each answer.
    func cacheKey(_ drawing: Drawing, format: ImageFormat, varyAccept: Bool, live: Bool = false) -> CacheKey {
        let maxAge = live ? nil : max(configuration.maxAge, drawing.cacheSeconds ?? 0)
        return CacheKey(
            spec: drawing.canonicalKey(for: format), format: format, maxAge: maxAge, varyAccept: varyAccept,
            refresh: drawing.refresh)
    }

    private func render(_ drawing: Drawing, key: CacheKey, offLoop: Bool) -> (value: CachedImage?, cacheable: Bool) {
        let large = RenderPlacement.behindLargeRenderGate(format: key.format, pixelEdge: drawing.pixelEdge)
        if large { largeRenders.wait() }
        defer { if large { largeRenders.signal() } }
        let started = DispatchTime.now().uptimeNanoseconds
        let body: [UInt8]
        do {
            body = try renderer.render(drawing, as: key.format)
        } catch {
            log.log(
                .error, "render failed",
                [("format", .text(key.format.rawValue)), ("spec", .text(key.spec)), ("error", "\(error)")])
            return (nil, false)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        metrics.observeRender(format: key.format, seconds: seconds)
        return (Self.cachedImage(body, key: key, offLoop: offLoop), true)
    }

    /// The answers of one image, with every header the contract asks for. An SVG is compressed later, on demand.
    static func cachedImage(_ body: [UInt8], key: CacheKey, offLoop: Bool = false) -> CachedImage {
        let (headers, validators) = imageHeaders(key)
        return CachedImage(
            key: key,
            representations: Representations(body: body, headers: headers, validators: validators, compress: false),
            compressible: key.format == .svg, offLoop: offLoop)
    }

    /// The headers of an image's 200 and of its 304 (the validators and what a cache needs), without the ETag.
    static func imageHeaders(_ key: CacheKey) -> (ok: HTTPHeaders, notModified: HTTPHeaders) {
        var ok: HTTPHeaders = [.contentType: key.format.contentType]
        var notModified: HTTPHeaders = [:]
        if let maxAge = key.maxAge {
            let cacheControl = "public, max-age=\(maxAge), s-maxage=\(maxAge)"
            ok.append(.cacheControl, cacheControl)
            notModified.append(.cacheControl, cacheControl)
        }
        commonImageHeaders(&ok, format: key.format, varyAccept: key.varyAccept)
        // For <embed> and <iframe> users, whose browser reloads the image after that many seconds; a 304 needs none.
        if let refresh = key.refresh { ok.append(.refresh, String(refresh)) }
        commonImageHeaders(&notModified, format: key.format, varyAccept: key.varyAccept)
        return (ok, notModified)
    }

    /// `varyAccept`: the format was negotiated from `Accept`. An SVG varies by `Accept-Encoding` too (it may go out
    /// gzip-compressed); a raster never does.
    static func commonImageHeaders(_ headers: inout HTTPHeaders, format: ImageFormat, varyAccept: Bool) {
        headers.append(.xContentTypeOptions, "nosniff")
        if format == .svg { headers.append(.contentSecurityPolicy, securityPolicy) }
        headers.append(.accessControlAllowOrigin, "*")
        switch (varyAccept, format) {
        case (true, .svg): headers.append(.vary, "Accept, Accept-Encoding")
        case (true, _): headers.append(.vary, "Accept")
        case (false, .svg): headers.append(.vary, "Accept-Encoding")
        case (false, _): break
        }
    }

    static let securityPolicy = "default-src 'none'; style-src 'unsafe-inline'"
}
