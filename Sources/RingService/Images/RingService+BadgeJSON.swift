import HTTPServer
import LiveValues
import RingKit

extension RingService {
    /// `/badge.json`: the shields endpoint document of the badge the same query draws (`/badge.svg`), so shields.io
    /// itself can show the number. It goes through the badge's own parsing, stored values and live values included;
    /// a bad parameter is a JSON error naming it. Validated by its ETag, cached as the image would be. A private
    /// stored value is read only where the URL was `signed`.
    func badgeDocument(_ request: HTTPRequest, _ drawing: Drawing.Request, signed: Bool = false) -> ServiceAnswer {
        if Self.mayNameStoredValue(request.target),
            let target = StoredTarget.make(drawing, staleAfter: configuration.values.staleAfterMilliseconds)
        {
            if case .success(let made) = target, !signed, let name = signing.privateName(among: made.allNames) {
                return refusal(.missing(name), .badgeDocument(drawing))
            }
            switch storedRequest(target) {
            case .failure(let error):
                return .now(documentError(error.message, drawing, brief: error.brief).from(.stored))
            case .success(let resolved):
                return .now(document(request, resolved.request, maxAge: resolved.maxAge).from(.stored))
            }
        }
        if ClockTarget.mayName(request.target), let made = ClockTarget.make(drawing) {
            switch made {
            case .failure(let error):
                return .now(documentError(error.message, drawing, brief: error.brief))
            case .success(let target):
                let (resolved, _, maxAge) = target.resolved(now: wallClock(), maxAge: configuration.maxAge)
                return .now(document(request, resolved, maxAge: maxAge))
            }
        }
        switch liveTarget(request, drawing) {
        case nil:
            break
        case .failure(let error):
            return .now(documentError(error.message, drawing, brief: error.brief).from(.error))
        case .success(let entry):
            guard let live else { return .now(renderFailure) }
            if let answer = live.lookup(entry.target.source) {
                return .now(liveDocument(request, drawing, entry.target, answer, origin: .cached))
            }
            return .whenReady { [self] respond in
                live.fetch(entry.target.source) { [self] answer in
                    respond(liveDocument(request, drawing, entry.target, answer, origin: .fresh))
                }
            }
        }
        return .now(document(request, drawing, maxAge: nil))
    }

    /// The request of a stored-value target with its records filled in (in the stale look where they are older
    /// than its `staleAfter`) and its max-age, or why there is none.
    private func storedRequest(
        _ made: Result<StoredTarget, ParameterError>
    ) -> Result<(request: Drawing.Request, maxAge: Int), ParameterError> {
        let target: StoredTarget
        switch made {
        case .failure(let error): return .failure(error)
        case .success(let made): target = made
        }
        let maxAge = configuration.values.maxAge
        return storedRecords(target).map { records in
            // A badge's value text is its number or `staleLabel`, filled without a previous value.
            let request = target.resolved(with: records, previous: target.comparedValue(in: records)).request
            let oldest = records.map(\.time).min() ?? 0
            let clocked = ClockedImage.of(
                staleAt: target.staleAfter.map { oldest + $0 }, oldest: oldest,
                valueTime: records.map(\.time).max() ?? 0, writes: target.writes, now: wallClock(), maxAge: maxAge)
            return (clocked.applied(to: request), clocked.maxAge)
        }
    }

    /// The document of a live badge: its value read, or the JSON error of why it could not be.
    private func liveDocument(
        _ request: HTTPRequest, _ drawing: Drawing.Request, _ target: LiveTarget, _ answer: LiveAnswer,
        origin: LiveOrigin
    ) -> Served {
        let reading: LiveReading
        var maxAge: Int
        var origin = origin
        switch answer {
        case .failed(let error):
            return documentError(error.message, drawing, brief: error.brief).from(.error)
        case .fresh(let read, let secondsLeft):
            (reading, maxAge) = (read, max(secondsLeft, read.cacheSeconds ?? 0))
        case .stale(let read, _):
            (reading, maxAge, origin) = (read, Int(live?.settings.retrySeconds ?? 0), .stale)
        }
        let clocked = ClockedImage.of(reading, target, now: wallClock(), maxAge: maxAge)
        maxAge = clocked.maxAge
        switch target.drawing(showing: reading, clocked.applied(to: drawing), parse: renderer.parse) {
        case .failure(let error):
            return documentError(error.message, drawing, brief: error.brief).from(.error)
        case .success(let parsed):
            guard let spec = parsed.image as? BadgeSpec else { return renderFailure }
            return Served(documentResponse(request, spec, maxAge: maxAge)).from(origin)
        }
    }

    /// The document of the badge `drawing` asks for; `maxAge` nil for the server's own, which `cacheSeconds` raises.
    private func document(_ request: HTTPRequest, _ drawing: Drawing.Request, maxAge: Int?) -> Served {
        let parsed: Drawing
        do {
            parsed = try renderer.parse(drawing)
        } catch {
            return documentError(error.message, drawing, brief: error.brief)
        }
        guard let spec = parsed.image as? BadgeSpec else { return renderFailure }
        return Served(
            documentResponse(request, spec, maxAge: maxAge ?? max(configuration.maxAge, spec.cacheSeconds ?? 0)))
    }

    /// The 200 (or 304) of a badge's document, with its ETag and, when `maxAge` is given, its Cache-Control.
    private func documentResponse(_ request: HTTPRequest, _ spec: BadgeSpec, maxAge: Int?) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: Self.jsonType]
        var validators: HTTPHeaders = [:]
        if let maxAge {
            headers.append(.cacheControl, "public, max-age=\(maxAge), s-maxage=\(maxAge)")
            validators.append(.cacheControl, "public, max-age=\(maxAge), s-maxage=\(maxAge)")
        }
        headers.append(.xContentTypeOptions, "nosniff")
        headers.append(.accessControlAllowOrigin, "*")
        let body = Array(BadgeDocument(spec).json.utf8)
        return Representations(body: body, headers: headers, validators: validators, compress: false)
            .response(to: request, coding: .identity)
    }

    /// The endpoint document of the error badge `drawing` gets instead (`isError`, its label, a few words such as
    /// `invalid max` or `inaccessible`, the error badge's red), with the whole sentence in `X-Error`; never stored.
    /// A 200: shields draws any other status as `inaccessible` and drops the document.
    /// `status`: 200 for a bad parameter, as shields reads an endpoint; 403 for a refused signature.
    func documentError(
        _ message: String, _ drawing: Drawing.Request, brief: String, status: HTTPStatus = .ok
    ) -> Served {
        let refusal = RefusalImage(message: message, for: drawing, format: .svg, brief: brief)
        let members = [
            ("label", refusal.badgeLabel), ("message", refusal.brief), ("color", BadgeRenderer.errorFill.hex),
        ]
        let body =
            "{\"schemaVersion\": 1, "
            + members.map { ConfigurationSetting.jsonString($0.0) + ": " + ConfigurationSetting.jsonString($0.1) }
            .joined(separator: ", ") + ", \"isError\": true}\n"
        var headers: HTTPHeaders = [.contentType: Self.jsonType, .cacheControl: "no-store"]
        headers.append(.xError, Self.headerText(message))
        headers.append(.xContentTypeOptions, "nosniff")
        headers.append(.accessControlAllowOrigin, "*")
        return Served(
            HTTPResponse(status: status, headers: headers, body: Array(body.utf8)), cache: .error, error: message)
    }

    static let jsonType = "application/json"
}
