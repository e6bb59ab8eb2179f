import HTTPServer
import LiveValues
import RingKit

extension HTTPFieldName {
    /// Where a live image's value came from: `fresh`, `cached`, `stale`, or `error`.
    static let xSource: HTTPFieldName = "X-Source"
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
}

extension RingService {
    /// The parameters that name a live value. A request that gives none of them is an ordinary image.
    static let liveParameters = ["url", "query", "maxQuery", "prometheus", "server"]

    /// What the request's live parameters resolve to: nil when it names no live value, else the target (memoized
    /// by the raw target) or a refusal naming the parameter (a 400, before anything is fetched).
    func liveTarget(_ request: HTTPRequest, _ drawing: Drawing.Request) -> Result<LiveTarget, ParameterError>? {
        if let known = liveTargets.target(request.target) { return .success(known) }
        // A byte search first: the common request names no live value and is not split again.
        guard Self.mayNameLiveValue(drawing.query) else { return nil }
        let parameters = QueryParameters(query: drawing.query)
        let named = parameters.contains("url") ? "url" : parameters.contains("prometheus") ? "prometheus" : nil
        guard let named else { return nil }
        do throws(ParameterError) {
            let values = try Self.liveParameters.map { name throws(ParameterError) in try parameters.value(name) }
            guard let live else {
                throw ParameterError(
                    parameter: named, value: "",
                    reason: "live values are off on this server (its operator turns them on with liveHosts, "
                        + "liveSources or prometheusServers)")
            }
            if parameters.contains("value") || drawing.pathValue != nil {
                throw ParameterError(
                    parameter: "value", value: "", reason: "cannot be given with \(named): the value is read from it")
            }
            if parameters.contains("max") && values[2] != nil {
                throw ParameterError(
                    parameter: "max", value: "", reason: "cannot be given with maxQuery: max is read from the document")
            }
            let source: LiveSource?
            do {
                source = try live.source(
                    url: values[0], query: values[1], maxQuery: values[2], prometheus: values[3], server: values[4])
            } catch {
                throw ParameterError(parameter: error.parameter, value: error.value, reason: error.reason)
            }
            guard let source else { return nil }
            let target = LiveTarget(
                source: source,
                takesLabel: drawing.kind == .badge && !parameters.contains("label") && drawing.pathLabel == nil,
                takesColor: !parameters.contains("color"), takesMax: !parameters.contains("max"))
            liveTargets.remember(target, for: request.target)
            return .success(target)
        } catch {
            return .failure(error)
        }
    }

    /// Whether `query` may hold `url` or `prometheus` (a quick test that only ever answers yes too often).
    static func mayNameLiveValue(_ query: Substring) -> Bool {
        query.utf8.count >= 3 && (query.contains("url") || query.contains("prometheus"))
    }

    /// A live image: from the value cache when it holds the value, else once the value is read, without any of
    /// the server's threads waiting for the fetch.
    func liveImage(
        _ request: HTTPRequest, _ drawing: Drawing.Request, _ target: LiveTarget, format: ImageFormat,
        varyAccept: Bool
    ) -> ImageAnswer {
        guard let live else { return .now(responses.renderFailed, .error) }
        if let answer = live.lookup(target.source) {
            return image(
                showing: answer, origin: .cached, request, drawing, target, format: format, varyAccept: varyAccept,
                onLoop: true)
        }
        return .whenReady { [self] respond in
            live.fetch(target.source) { [self] answer in
                // On the fetching thread, which may draw: no event loop waits for it.
                switch image(
                    showing: answer, origin: .fresh, request, drawing, target, format: format, varyAccept: varyAccept,
                    onLoop: false)
                {
                case .now(let response, let outcome, let origin): respond((response, outcome, origin))
                case .later(let work): respond(work())
                case .whenReady(let start): start(respond)
                }
            }
        }
    }

    /// The image for a value (or the error image when there is none), with the live headers. `onLoop`: called on
    /// an event loop, so a large PNG not yet cached is left to the loop's worker.
    private func image(
        showing value: LiveAnswer, origin given: LiveOrigin, _ request: HTTPRequest, _ drawing: Drawing.Request,
        _ target: LiveTarget, format: ImageFormat, varyAccept: Bool, onLoop: Bool
    ) -> ImageAnswer {
        let reading: LiveReading
        let maxAge: Int
        var origin = given
        switch value {
        case .failed(let error):
            return .now(liveErrorImage(error, drawing, format: format, varyAccept: varyAccept), .error, .error)
        case .fresh(let read, let secondsLeft):
            (reading, maxAge) = (read, secondsLeft)
        case .stale(let read, _):
            (reading, maxAge, origin) = (read, Int(live?.settings.retrySeconds ?? 0), .stale)
        }
        let headers: HTTPHeaders = [
            .cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)", .xSource: origin.rawValue,
        ]
        let extra = Self.liveQuery(reading, target)
        // The target and the value read: one value, one entry, answered without parsing while it lasts.
        let alias = TargetKey(target: request.target + "\n" + extra.all, format: format)
        if let entry = cache.value(aliasedBy: alias) {
            return .now(answer(request, with: entry).adding(headers), .hit, origin)
        }
        let shownOrigin = origin
        let parsed: Drawing
        switch parseLive(drawing, extra) {
        case .success(let d):
            parsed = d
        case .failure(let error):
            // A parameter the document supplied (value, max) is the document's fault, anything else the URL's.
            let upstream = error.parameter == "value" || error.parameter == "max"
            let refusal = RefusalImage(message: error.message, for: drawing, format: format)
            let status = upstream ? upstreamStatus(.noValue) : nil
            let response = errorImage(refusal, format: format, varyAccept: varyAccept, status: status)
            return .now(response.adding([.xSource: LiveOrigin.error.rawValue]), .error, .error)
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        if onLoop && format == .png && parsed.pixelEdge > Self.workerRenderEdge && !cache.holds(key) {
            return .later { [self] in
                let (response, outcome) = cachedAnswer(request, parsed, key: key, alias: alias)
                return (response.adding(headers), outcome, shownOrigin)
            }
        }
        let (response, outcome) = cachedAnswer(request, parsed, key: key, alias: alias)
        return .now(response.adding(headers), outcome, shownOrigin)
    }

    /// The parameters a reading adds to the query: the value, the max the document gave, and a shields endpoint
    /// document's label (badges) and color where the URL gives none. `all` holds the lot, `required` the value
    /// and the max alone, tried when the document's label or color is refused (they are only defaults).
    static func liveQuery(_ reading: LiveReading, _ target: LiveTarget) -> (all: String, required: String) {
        var required = "&value=\(reading.value)"
        if let max = reading.max, target.takesMax { required += "&max=\(max)" }
        var all = required
        if let label = reading.label, target.takesLabel { all += "&label=" + QueryParameters.encode(label) }
        if let color = reading.color, target.takesColor { all += "&color=" + QueryParameters.encode(color) }
        return (all, required)
    }

    private func parseLive(
        _ drawing: Drawing.Request, _ extra: (all: String, required: String)
    ) -> Result<Drawing, ParameterError> {
        var request = drawing
        request.query = Substring(String(drawing.query) + extra.all)
        do {
            return .success(try renderer.parse(request))
        } catch {
            guard extra.all != extra.required, error.parameter == "label" || error.parameter == "color" else {
                return .failure(error)
            }
            // The document's label or color does not fit this image: drawn without them, as without a document.
            request.query = Substring(String(drawing.query) + extra.required)
            do {
                return .success(try renderer.parse(request))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The error image of a value that could not be read: the URL's fault is a bad request (400, or the
    /// configured `errorStatus`), the upstream's a bad gateway (502; 504 for a timeout; 503 when the server's own
    /// fetch bounds are full), or 200 where `errorStatus` is 200 for clients that hide non-200 images.
    func liveErrorImage(
        _ error: LiveError, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> HTTPResponse {
        let refusal = RefusalImage(message: error.message, for: drawing, format: format)
        let status = error.isBadRequest ? nil : upstreamStatus(error.kind)
        return errorImage(refusal, format: format, varyAccept: varyAccept, status: status)
            .adding([.xSource: LiveOrigin.error.rawValue])
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
