import Dispatch
import HTTPServer
import RingKit

extension RingService {
    static let securityPolicy = "default-src 'none'; style-src 'unsafe-inline'"
    /// PNGs with more pixels on a side than this (~65 µs to draw at 64, ~0.2 ms at 128, ~2 ms at 512, ~50 ms at
    /// 2048) are drawn off the event loop when they are not cached, so a loop never spends much more on one miss
    /// than on an SVG with a gradient. Drawn on the loops up to 256 px, the soak's flood of distinct PNGs put every
    /// other request of a loop behind a render: p99 1.15 ms against 0.15 ms quiet.
    static let workerRenderEdge = 64
    /// PNGs with more pixels on a side than this (a surface over 4 MiB) are drawn one at a time, whichever loop's
    /// worker draws them, so a flood of 2048 px misses holds one 16 MiB surface, not one per loop.
    static let largeRenderEdge = 1024

    /// An image route: a target answered before is looked up by its raw bytes; any other is parsed, looked up or
    /// rendered once, and remembered. Then it answers 200 or 304. A bad parameter answers with an error image
    /// instead (never remembered by target). Without `allowingCostlyRender`, an uncached PNG larger than
    /// `workerRenderEdge` gives nil: the caller has it drawn on a worker thread, so the tens of milliseconds do
    /// not stall an event loop.
    func image(
        _ request: HTTPRequest, drawing drawingRequest: Drawing.Request, format: ImageFormat, varyAccept: Bool,
        allowingCostlyRender: Bool = true
    ) -> (HTTPResponse, String)? {
        // The format is part of the alias because `/ring` negotiates it from Accept; everything else that shapes
        // the response (route, parameters, cacheSeconds) is in the target, and the server's max-age is fixed.
        let alias = TargetKey(target: request.target, format: format)
        if let entry = cache.value(aliasedBy: alias) {
            return (Self.answer(request, with: entry), "hit")
        }
        drawingsParsed.add(1, ordering: .relaxed)
        let drawing: Drawing
        do {
            drawing = try Drawing.parse(drawingRequest)
        } catch {
            return (errorImage(error.message, for: drawingRequest, format: format, varyAccept: varyAccept), "error")
        }
        let key = cacheKey(drawing, format: format, varyAccept: varyAccept)
        if !allowingCostlyRender && format == .png && drawing.pixelEdge > Self.workerRenderEdge && !cache.holds(key) {
            return nil
        }
        let (entry, outcome) = cache.value(for: key, alias: alias) { render(drawing, key: key) }
        guard let entry else { return (responses.renderFailed, "miss") }
        let outcomeLabel: String
        switch outcome {
        case .hit: outcomeLabel = "hit"
        case .coalesced: outcomeLabel = "coalesced"
        case .miss: outcomeLabel = "miss"
        }
        return (Self.answer(request, with: entry), outcomeLabel)
    }

    /// The entry's 200, or its 304 when `If-None-Match` names its ETag.
    static func answer(_ request: HTTPRequest, with entry: CachedImage) -> HTTPResponse {
        let conditions = request.headers.values("If-None-Match")
        if !conditions.isEmpty && EntityTag.noneMatch(conditions, matches: entry.etag) {
            return entry.notModified
        }
        return entry.ok
    }

    func cacheKey(_ drawing: Drawing, format: ImageFormat, varyAccept: Bool) -> CacheKey {
        let maxAge = max(configuration.maxAge, drawing.cacheSeconds ?? 0)
        return CacheKey(
            spec: drawing.canonicalKey(for: format), format: format, maxAge: maxAge, varyAccept: varyAccept)
    }

    private func render(_ drawing: Drawing, key: CacheKey) -> (value: CachedImage?, cacheable: Bool) {
        let large = key.format == .png && drawing.pixelEdge > Self.largeRenderEdge
        if large { largeRenders.wait() }
        defer { if large { largeRenders.signal() } }
        let started = DispatchTime.now().uptimeNanoseconds
        let body: [UInt8]
        do {
            if case .ring(let spec) = drawing, key.format == .png {
                body = try renderPNG(spec)
            } else {
                body = try drawing.render(key.format)
            }
        } catch {
            log.log(
                .error, "render failed",
                [("format", key.format.rawValue), ("spec", key.spec), ("error", "\(error)")])
            return (nil, false)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        metrics.observeRender(format: key.format, seconds: seconds)
        return (Self.cachedImage(body, format: key.format, maxAge: key.maxAge, varyAccept: key.varyAccept), true)
    }

    /// The 200 and 304 responses of one image, with every header the contract asks for.
    static func cachedImage(_ body: [UInt8], format: ImageFormat, maxAge: Int, varyAccept: Bool) -> CachedImage {
        let etag = EntityTag.strong(for: body)
        let cacheControl = "public, max-age=\(maxAge), s-maxage=\(maxAge)"
        var ok: HTTPHeaders = [
            "Content-Type": format.contentType,
            "Cache-Control": cacheControl,
            "ETag": etag,
        ]
        var notModified: HTTPHeaders = ["Cache-Control": cacheControl, "ETag": etag]
        commonImageHeaders(&ok, format: format, varyAccept: varyAccept)
        commonImageHeaders(&notModified, format: format, varyAccept: varyAccept)
        return CachedImage(
            ok: HTTPResponse(status: .ok, headers: ok, body: CachedImage.compact(body)),
            notModified: HTTPResponse(status: .notModified, headers: notModified), etag: etag)
    }

    static func commonImageHeaders(_ headers: inout HTTPHeaders, format: ImageFormat, varyAccept: Bool) {
        headers.append("X-Content-Type-Options", "nosniff")
        if format == .svg { headers.append("Content-Security-Policy", securityPolicy) }
        headers.append("Access-Control-Allow-Origin", "*")
        if varyAccept { headers.append("Vary", "Accept") }
    }

    /// An image of the requested format stating the problem, with the same sentence in `X-Error`. Cached apart
    /// from successes (bounded), never stored by clients or proxies.
    func errorImage(
        _ message: String, for drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> HTTPResponse {
        let query = drawing.query
        let size = Self.looseInteger("size", in: query, range: 16...1024) ?? 128
        let scale = format == .png ? Self.looseInteger("scale", in: query, range: 1...4) ?? 1 : 1
        let effectiveScale = size * scale <= 2048 ? scale : 1
        let key = CacheKey(
            spec: "error \(drawing.kind) \(size)x\(effectiveScale) \(message)", format: format, maxAge: 0,
            varyAccept: varyAccept)
        let status = configuration.errorStatus == 200 ? HTTPStatus.ok : .badRequest
        let (entry, _) = errorCache.value(for: key) { () -> (value: CachedImage?, cacheable: Bool) in
            let body: [UInt8]
            // A badge's error is a badge (`error | message`), so it sits in a README line like the badge it replaces.
            switch (drawing.kind, format) {
            case (.ring, .svg):
                body = ErrorImage.svg(message: message, size: size)
            case (.badge, .svg):
                body = BadgeRenderer.errorSVG(message: message)
            case (.ring, .png):
                guard let png = try? ErrorImage.png(message: message, size: size, scale: effectiveScale) else {
                    return (nil, false)
                }
                body = png
            case (.badge, .png):
                guard let png = try? BadgeRenderer.errorPNG(message: message, scale: scale) else { return (nil, false) }
                body = png
            }
            var headers: HTTPHeaders = ["Content-Type": format.contentType, "Cache-Control": "no-store"]
            headers.append("X-Error", Self.headerText(message))
            Self.commonImageHeaders(&headers, format: format, varyAccept: varyAccept)
            let response = HTTPResponse(status: status, headers: headers, body: body)
            return (CachedImage(ok: response, notModified: response, etag: ""), true)
        }
        return entry?.ok ?? responses.renderFailed
    }

    /// The message as a header value: control characters become spaces (the HTTP layer would drop them too), and a
    /// message that quotes long non-ASCII values is cut to `maxErrorHeaderBytes` so no header grows with the input.
    static func headerText(_ message: String) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in message.unicodeScalars {
            let clean: Unicode.Scalar =
                scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) ? " " : scalar
            bytes += UTF8.width(clean)
            if bytes > maxErrorHeaderBytes - 3 {
                scalars.append("…")
                break
            }
            scalars.append(clean)
        }
        return String(scalars)
    }

    /// Longest X-Error value in bytes; every message of a single bad parameter fits in ASCII.
    static let maxErrorHeaderBytes = 320

    /// A parameter read leniently to size the error image: the first `name=` integer within range, or nil.
    static func looseInteger(_ name: String, in query: Substring, range: ClosedRange<Int>) -> Int? {
        for pair in query.split(separator: "&") {
            guard pair.hasPrefix(name + "="), let n = Int(pair.dropFirst(name.count + 1)), range.contains(n) else {
                continue
            }
            return n
        }
        return nil
    }
}
