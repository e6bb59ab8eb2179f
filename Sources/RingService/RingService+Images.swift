import Dispatch
import HTTPServer
import RingKit

extension RingService {
    static let securityPolicy = "default-src 'none'; style-src 'unsafe-inline'"
    /// PNGs with more pixels on a side than this (~0.2 ms to draw at 128, ~2 ms at 512, ~50 ms at 2048) are drawn
    /// off the event loop when they are not cached.
    static let workerRenderEdge = 256

    /// An image route: parse, look up or render once, then answer 200 or 304. A bad parameter answers with an
    /// error image instead. Without `allowingCostlyRender`, an uncached PNG larger than `workerRenderEdge` gives
    /// nil: the caller has it drawn on a worker thread, so the tens of milliseconds do not stall an event loop.
    func image(
        _ request: HTTPRequest, query: Substring, pathValue: String?, format: ImageFormat, varyAccept: Bool,
        allowingCostlyRender: Bool = true
    ) -> (HTTPResponse, String)? {
        let spec: RingSpec
        do {
            spec = try RingSpec.parse(query: query, pathValue: pathValue)
        } catch {
            return (errorImage(error.message, query: query, format: format, varyAccept: varyAccept), "error")
        }
        let key = cacheKey(spec, format: format, varyAccept: varyAccept)
        if !allowingCostlyRender && format == .png && spec.size * spec.scale > Self.workerRenderEdge
            && !cache.holds(key)
        {
            return nil
        }
        let (entry, outcome) = cache.value(for: key) { render(spec, key: key) }
        guard let entry else { return (responses.renderFailed, "miss") }
        let outcomeLabel: String
        switch outcome {
        case .hit: outcomeLabel = "hit"
        case .coalesced: outcomeLabel = "coalesced"
        case .miss: outcomeLabel = "miss"
        }
        let conditions = request.headers.values("If-None-Match")
        if !conditions.isEmpty && EntityTag.noneMatch(conditions, matches: entry.etag) {
            return (entry.notModified, outcomeLabel)
        }
        return (entry.ok, outcomeLabel)
    }

    func cacheKey(_ spec: RingSpec, format: ImageFormat, varyAccept: Bool) -> CacheKey {
        let maxAge = max(configuration.maxAge, spec.cacheSeconds ?? 0)
        return CacheKey(spec: spec.canonicalKey(for: format), format: format, maxAge: maxAge, varyAccept: varyAccept)
    }

    private func render(_ spec: RingSpec, key: CacheKey) -> (value: CachedImage?, cacheable: Bool) {
        let started = DispatchTime.now().uptimeNanoseconds
        let body: [UInt8]
        switch key.format {
        case .svg:
            body = SVGRenderer.render(spec)
        case .png:
            do {
                body = try renderPNG(spec)
            } catch {
                log.log(
                    .error, "render failed", [("format", "png"), ("spec", spec.canonicalKey), ("error", "\(error)")])
                return (nil, false)
            }
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
    func errorImage(_ message: String, query: Substring, format: ImageFormat, varyAccept: Bool) -> HTTPResponse {
        let size = Self.looseInteger("size", in: query, range: 16...1024) ?? 128
        let scale = format == .png ? Self.looseInteger("scale", in: query, range: 1...4) ?? 1 : 1
        let effectiveScale = size * scale <= 2048 ? scale : 1
        let key = CacheKey(
            spec: "error \(size)x\(effectiveScale) \(message)", format: format, maxAge: 0, varyAccept: varyAccept)
        let status = configuration.errorStatus == 200 ? HTTPStatus.ok : .badRequest
        let (entry, _) = errorCache.value(for: key) { () -> (value: CachedImage?, cacheable: Bool) in
            let body: [UInt8]
            switch format {
            case .svg:
                body = ErrorImage.svg(message: message, size: size)
            case .png:
                guard let png = try? ErrorImage.png(message: message, size: size, scale: effectiveScale) else {
                    return (nil, false)
                }
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

    /// The message as a header value: control characters become spaces (the HTTP layer would drop them too).
    static func headerText(_ message: String) -> String {
        String(
            String.UnicodeScalarView(
                message.unicodeScalars.map { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) ? " " : $0 }))
    }

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
