import FoundationEssentials
import HTTPServer
import LiveValues
import RingKit

extension HTTPFieldName {
    /// Where a live image's value came from: `fresh`, `cached`, `stale`, `error`, or `stored`.
    static let xSource: HTTPFieldName = "X-Source"
    /// When a live image's value was read, or a stored one pushed.
    static let lastModified: HTTPFieldName = "Last-Modified"
    /// The same time in RFC 3339 (`2026-12-05T10:00:00Z`), for scripts and readers of a value's age.
    static let xValueTime: HTTPFieldName = "X-Value-Time"
    static let ifModifiedSince: HTTPFieldName = "If-Modified-Since"
}

extension HTTPHeaders {
    /// `Last-Modified` and `X-Value-Time` of a value's time, in milliseconds since 1970.
    static func valueTime(milliseconds: Int64) -> HTTPHeaders {
        [
            .lastModified: HTTPDate.imfFixdate(epochSeconds: Int(milliseconds / 1000)),
            .xValueTime: ValueTime.text(milliseconds: milliseconds),
        ]
    }
}

extension HTTPRequest {
    /// This request as the cache answers it beside `headers`: a GET or HEAD without `If-None-Match` whose
    /// `If-Modified-Since` is at or after their `Last-Modified` gets `If-None-Match: *`, so the cached image answers
    /// 304 (RFC 9110 §13.1.3; `If-None-Match`, where given, decides alone, §13.2.2); else it is unchanged.
    func modifiedSince(_ headers: HTTPHeaders?) -> HTTPRequest {
        // An image of no value's time (most) is decided by the first test, before any header is looked up.
        guard let lastModified = headers?[.lastModified],
            let since = self.headers[.ifModifiedSince].flatMap({ HTTPDate.epochSeconds(imfFixdate: $0) }),
            method == .get || method == .head, self.headers[.ifNoneMatch] == nil,
            let modified = HTTPDate.epochSeconds(imfFixdate: lastModified), modified <= since
        else { return self }
        var conditional = self
        conditional.headers.append(.ifNoneMatch, "*")
        return conditional
    }
}

/// Where a live image's value came from, for `X-Source` and the access log's `source=`.
enum LiveOrigin: String, Sendable {
    /// Read for this request (or for another that was waiting for the same document).
    case fresh
    /// From the value cache, within its freshness.
    case cached
    /// The last good value, past its freshness, because reading it again failed.
    case stale
    /// No value to show: the error image says why.
    case error
    /// A value pushed to this server (`value=@name`), or an answer of the `/values` routes.
    case stored
}

extension RingService {
    /// What the request's live parameters resolve to: nil when it names no live value, else the target (memoized
    /// by the raw target) or a refusal naming the parameter (a 400, before anything is fetched).
    func liveTarget(_ request: HTTPRequest, _ drawing: Drawing.Request) -> Result<LiveTargetEntry, ParameterError>? {
        // Read before resolving: an entry resolved across a reload is marked with the older generation and
        // resolved again, never kept under the newer.
        let generation = live?.generation ?? 0
        if let known = liveTargets.entry(request.target), known.generation == generation { return .success(known) }
        switch LiveTarget.resolve(drawing, live: live, staleAfter: configuration.values.staleAfterMilliseconds) {
        case nil:
            return nil
        case .failure(let error):
            return .failure(error)
        case .success(let target):
            // A mistake of the URL's own costs no fetch, and is answered as the 400 it is even while the source
            // fails. Checked once: the entry is memoized.
            if let mistake = target.mistake(in: drawing, parse: renderer.parse) { return .failure(mistake) }
            let entry = LiveTargetEntry(target: target, generation: generation)
            liveTargets.remember(entry, for: request.target)
            return .success(entry)
        }
    }

    /// A live image: from the value cache when it holds the value, else once the value is read, without any of
    /// the server's threads waiting for the fetch.
    func liveImage(
        _ request: HTTPRequest, _ drawing: Drawing.Request, _ entry: LiveTargetEntry, format: ImageFormat,
        varyAccept: Bool
    ) -> ServiceAnswer {
        guard let live else { return .now(renderFailure) }
        if let answer = live.lookup(entry.target.source) {
            return image(
                showing: answer, origin: .cached, request, drawing, entry, format: format, varyAccept: varyAccept,
                onLoop: true)
        }
        // A read of the source: costly work, within the client's rate.
        if let refused = rateRefusal(request) {
            let refusal = RefusalImage(
                message: refused.message, for: drawing, format: format, brief: "too many requests")
            return .now(
                errorImage(refusal, format: format, varyAccept: varyAccept, status: .tooManyRequests)
                    .adding(refused.headers))
        }
        return .whenReady { [self] respond in
            live.fetch(entry.target.source) { [self] answer in
                // On the fetching thread, which may draw: no event loop waits for it.
                switch image(
                    showing: answer, origin: .fresh, request, drawing, entry, format: format, varyAccept: varyAccept,
                    onLoop: false)
                {
                case .now(let served): respond(served)
                case .later(let work, _, _): respond(work())
                case .whenReady(let start): start(respond)
                }
            }
        }
    }

    /// The image for a value (or the error image when there is none), with the live headers. `onLoop`: called on
    /// an event loop (see `RenderPlacement`).
    private func image(
        showing value: LiveAnswer, origin given: LiveOrigin, _ request: HTTPRequest, _ drawing: Drawing.Request,
        _ entry: LiveTargetEntry, format: ImageFormat, varyAccept: Bool, onLoop: Bool
    ) -> ServiceAnswer {
        let target = entry.target
        let reading: LiveReading
        var maxAge: Int
        var origin = given
        switch value {
        case .failed(let error):
            if let mapped = missingImage(error, request, drawing, entry, format, varyAccept, onLoop, failed: true) {
                return mapped
            }
            return .now(liveErrorImage(error, drawing, format: format, varyAccept: varyAccept))
        case .fresh(let read, let secondsLeft):
            // An endpoint document's cacheSeconds raises the max-age, never below the value's freshness.
            (reading, maxAge) = (read, max(secondsLeft, read.cacheSeconds ?? 0))
        case .stale(let read, let error):
            // A source that holds null now: a map item for it says so, rather than the last number.
            if let mapped = missingImage(error, request, drawing, entry, format, varyAccept, onLoop) { return mapped }
            (reading, maxAge, origin) = (read, Int(live?.settings.retrySeconds ?? 0), .stale)
        }
        // The target and the value read: one value, one entry, answered without parsing while it lasts. Built once
        // per value, as are the value's Last-Modified and X-Value-Time (when it was read; If-Modified-Since is
        // answered by it).
        let shown: LiveShown
        if let last = entry.shown, last.reading == reading {
            shown = last
        } else {
            shown = LiveShown(
                reading: reading, alias: request.target + "\n" + target.aliasText(for: reading),
                lastModified: HTTPDate.imfFixdate(epochSeconds: Int(reading.time.timeIntervalSince1970)),
                valueTime: ValueTime.text(milliseconds: Int64(reading.time.timeIntervalSince1970 * 1000)))
            var updated = entry
            updated.shown = shown
            liveTargets.remember(updated, for: request.target)
        }
        // Past its staleAfter the value is drawn in the stale look, under an alias of its own; before it, no cache
        // holds the fresh look past the moment.
        let clocked = ClockedImage.of(reading, target, now: wallClock(), maxAge: maxAge)
        let aliasText = shown.alias + clocked.alias
        let drawing = clocked.applied(to: drawing)
        maxAge = clocked.maxAge
        let headers: HTTPHeaders = [
            .cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)", .xSource: origin.rawValue,
            .lastModified: shown.lastModified, .xValueTime: shown.valueTime,
        ]
        let alias = TargetKey(target: aliasText, format: format)
        if let entry = cache.value(aliasedBy: alias) {
            return .now(
                Served(answer(request.modifiedSince(headers), with: entry).adding(headers), cache: .hit, source: origin)
            )
        }
        let parsed: Drawing
        switch target.drawing(showing: reading, drawing, parse: renderer.parse) {
        case .success(let d):
            parsed = d
        case .failure(let error):
            // A number the document supplied (value, max) is the document's fault, named by the parameter that
            // names the source; anything else is the URL's.
            let upstream = error.parameter == target.source.parameter || error.parameter == "maxQuery"
            let refusal = RefusalImage(message: error.message, for: drawing, format: format, brief: error.brief)
            let status = upstream ? upstreamStatus(.noValue) : nil
            return .now(errorImage(refusal, format: format, varyAccept: varyAccept, status: status).from(.error))
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        return placedAnswer(
            request, parsed, key: key, alias: alias, onLoop: onLoop, headers: headers, origin: origin)
    }

    /// The image of a source that read `null`, NaN or an infinity where the request maps it (`map=null:no data`),
    /// or, with `failed`, of a source that could not be read where the request maps `error`: the empty image with the
    /// item's text, status 200, fresh for as long as the failure is remembered (`X-Source: fresh`, or `error` for a
    /// failure); nil where nothing maps it.
    private func missingImage(
        _ error: LiveError, _ request: HTTPRequest, _ drawing: Drawing.Request, _ entry: LiveTargetEntry,
        _ format: ImageFormat, _ varyAccept: Bool, _ onLoop: Bool, failed: Bool = false
    ) -> ServiceAnswer? {
        guard drawing.query.contains("map") else { return nil }
        let special: ValueMap.Match
        if let missing = error.missing {
            special = LiveTarget.match(missing)
        } else if failed, !error.isBadRequest {
            special = .error
        } else {
            return nil
        }
        let max = special == .error ? nil : error.missingMax
        guard
            case .success(let parsed) = entry.target.drawing(
                special: special, max: max, drawing, parse: renderer.parse)
        else { return nil }
        let maxAge = Int(live?.settings.retrySeconds ?? 0)
        let origin: LiveOrigin = special == .error ? .error : .fresh
        let headers: HTTPHeaders = [
            .cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)", .xSource: origin.rawValue,
        ]
        let alias = TargetKey(
            target: request.target + "\n&value=" + special.text + (max.map { "&max=\($0)" } ?? ""), format: format)
        if let cached = cache.value(aliasedBy: alias) {
            return .now(
                Served(
                    answer(request.modifiedSince(headers), with: cached).adding(headers), cache: .hit, source: origin))
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        return placedAnswer(request, parsed, key: key, alias: alias, onLoop: onLoop, headers: headers, origin: origin)
    }

    /// The error image of a value that could not be read: the URL's fault is a bad request (400, or the
    /// configured `errorStatus`), the upstream's a bad gateway (502; 504 for a timeout; 503 when the server's own
    /// fetch bounds are full), or 200 where `errorStatus` is 200 for clients that hide non-200 images.
    func liveErrorImage(
        _ error: LiveError, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> Served {
        let refusal = RefusalImage(message: error.message, for: drawing, format: format, brief: error.brief)
        let status = error.isBadRequest ? nil : upstreamStatus(error.kind)
        return errorImage(refusal, format: format, varyAccept: varyAccept, status: status).from(.error)
    }

    private func upstreamStatus(_ kind: LiveError.Kind) -> HTTPStatus {
        if configuration.errorStatus == 200 { return .ok }
        switch kind {
        case .timeout: return .gatewayTimeout
        case .busy: return .serviceUnavailable
        default: return .badGateway
        }
    }
}
