import HTTPServer
import RingKit

extension RingService {
    /// An image route (or `/badge.json`) once its signature is checked: `sig`, `exp` and `key` are read and
    /// stripped here, before the image's own parameters, so the image is parsed, keyed and cached as the unsigned
    /// URL's (one entry however many signatures and expiries point at it), and every answer, a cache hit
    /// included, first passes the check.
    func signedAnswer(_ request: HTTPRequest, _ route: ServiceRoute) -> ServiceAnswer {
        let signing = self.signing
        // Without a key nothing is read, not even the clock: an unsigned server's images cost what they did.
        guard signing.isEnabled else { return routed(request, route, signed: false) }
        let now = wallClock() / 1000
        switch signing.check(target: request.target, path: request.path, query: request.query, now: now) {
        case .unsigned:
            if signing.required { return refusal(.missing(nil), route) }
            return routed(request, route, signed: false)
        case .refused(let why):
            return refusal(why, route)
        case .signed(let target, let expires):
            var plain = request
            plain.target = target
            let answer = routed(plain, ServiceRoute(plain), signed: true)
            guard let expires else { return answer }
            return Self.expiring(answer, within: expires - now)
        }
    }

    private func routed(_ request: HTTPRequest, _ route: ServiceRoute, signed: Bool) -> ServiceAnswer {
        switch route {
        case .image(let drawing, let format, let varyAccept):
            return image(request, drawing, format: format, varyAccept: varyAccept, signed: signed)
        case .badgeDocument(let drawing):
            return badgeDocument(request, drawing, signed: signed)
        default:
            return .now(Served(responses.notFound))
        }
    }

    /// The route's own error answer for a refused signature, status 403: an image of the requested format, or the
    /// badge document's JSON error.
    func refusal(_ why: SignatureRefusal, _ route: ServiceRoute) -> ServiceAnswer {
        let message = why.message(required: signing.required)
        switch route {
        case .image(let drawing, let format, let varyAccept):
            let refusal = RefusalImage(message: message, for: drawing, format: format, brief: why.brief)
            return .now(errorImage(refusal, format: format, varyAccept: varyAccept, status: .forbidden))
        case .badgeDocument(let drawing):
            return .now(documentError(message, drawing, brief: why.brief, status: .forbidden))
        default:
            return .now(Served(responses.notFound))
        }
    }

    /// The refusal of an unsigned URL that names a private stored value, or nil when it may be drawn.
    func privateRefusal(
        _ names: [String], signed: Bool, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> ServiceAnswer? {
        guard !signed, let name = signing.privateName(among: names) else { return nil }
        return refusal(.missing(name), .image(drawing, format, varyAccept: varyAccept))
    }

    /// `answer` with a freshness no longer than the `seconds` its signature has left, so no cache keeps a signed
    /// image past its expiry.
    static func expiring(_ answer: ServiceAnswer, within seconds: Int64) -> ServiceAnswer {
        switch answer {
        case .now(let served): return .now(capped(served, seconds))
        case .later(let work, let afterSend, let client):
            return .later({ capped(work(), seconds) }, afterSend: afterSend, client: client)
        case .whenReady(let start): return .whenReady { respond in start { respond(capped($0, seconds)) } }
        }
    }

    private static func capped(_ served: Served, _ seconds: Int64) -> Served {
        var capped = served
        capped.response = served.response.limitingMaxAge(to: max(0, seconds))
        return capped
    }
}
