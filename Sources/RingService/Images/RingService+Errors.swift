import Dispatch
import HTTPServer
import RingKit

extension HTTPFieldName {
    /// The sentence an error image states, for scripts that read headers rather than pixels.
    static let xError: HTTPFieldName = "X-Error"
}

extension RingService {
    /// An image of the requested format stating the problem, with the same sentence in `X-Error`. Cached apart
    /// from successes (bounded), never stored by clients or proxies. `status` nil: a bad parameter's (400, or the
    /// configured `errorStatus`).
    func errorImage(
        _ refusal: RefusalImage, format: ImageFormat, varyAccept: Bool, status: HTTPStatus? = nil
    ) -> Served {
        let status = status ?? (configuration.errorStatus == 200 ? HTTPStatus.ok : .badRequest)
        // Everything the image is drawn from: a bar's height and a badge's style too, or one box's image would be
        // served for another's.
        let key = CacheKey(
            spec: "error \(status.code) \(refusal.kind) \(refusal.size)x\(refusal.height)@\(refusal.scale) "
                + "\(refusal.style.rawValue) \(refusal.badgeLabel)\n\(refusal.brief)\n\(refusal.message)",
            format: format, maxAge: 0, varyAccept: varyAccept)
        // On an event loop as often as not, which must not wait for another thread drawing the same error image.
        let (entry, _) = errorCache.value(for: key, waits: false) { () -> (value: CachedImage?, cacheable: Bool) in
            guard let body = try? refusal.render(format) else { return (nil, false) }
            // Never stored by anyone and never compressed, so it varies by nothing but the format (`/ring`).
            var headers: HTTPHeaders = [.contentType: format.contentType, .cacheControl: "no-store"]
            headers.append(.xError, Self.headerText(refusal.message))
            headers.append(.xContentTypeOptions, "nosniff")
            if format == .svg { headers.append(.contentSecurityPolicy, Self.securityPolicy) }
            headers.append(.accessControlAllowOrigin, "*")
            if varyAccept { headers.append(.vary, "Accept") }
            let response = HTTPResponse(status: status, headers: headers, body: body)
            let answers = Representations.Answers(ok: response, notModified: response)
            return (CachedImage(key: key, representations: .init(error: answers), compressible: false), true)
        }
        guard let response = entry?.ok else { return renderFailure }
        return Served(response, cache: .error, error: refusal.message)
    }

    /// A request line too long to read, on an image route: that route's error image at its default size (the query
    /// was never read), status 414, with the sentence in `X-Error`; nil elsewhere (the server's plain text).
    public func uriTooLong(path: String, reason: String) -> HTTPResponse? {
        guard
            case .image(let drawing, let format, let varyAccept) = ServiceRoute(HTTPRequest(method: .get, target: path))
        else { return nil }
        let limit = configuration.maxRequestLineBytes
        let message =
            "URL: the request line is longer than \(limit) bytes (accepted: at most \(limit); a custom logo of at most "
            + "\(CustomLogo.maxBytes / 1024) KiB fits)"
        let refusal = RefusalImage(message: message, for: drawing, format: format, brief: "URL too long")
        return errorImage(refusal, format: format, varyAccept: varyAccept, status: .uriTooLong).response
    }

    /// A miss refused because its client already has `clientQueue` other images waiting to be drawn: the route's error
    /// image, status 429, `Retry-After: 1` (a second holds some thousand renders), never cached.
    func tooManyWaiting(_ request: HTTPRequest, _ drawing: Drawing, key: CacheKey) -> Served {
        metrics.countClientRefusal(.queue)
        let bound = clientShares.bound
        let message =
            "too many different images of this client are being drawn at once (at most \(bound) wait); retry in a "
            + "second"
        return tooManyRequests(request, drawing, key: key, message).adding([.retryAfter: "1"])
    }

    /// The route's error image saying `message`, status 429, never cached.
    func tooManyRequests(_ request: HTTPRequest, _ drawing: Drawing, key: CacheKey, _ message: String) -> Served {
        let refusal = RefusalImage(
            message: message, for: Drawing.Request(kind: drawing.kind, query: request.query), format: key.format,
            brief: "too many requests")
        return errorImage(refusal, format: key.format, varyAccept: key.varyAccept, status: .tooManyRequests)
    }

    /// Why the client of `request` may not have more costly work now (its rate spent), with `Retry-After`; nil
    /// when it may. Counted in the metrics.
    func rateRefusal(_ request: HTTPRequest) -> (message: String, headers: HTTPHeaders)? {
        let client = clients.client(of: request)
        guard case .refused(let seconds) = clientRates.take(client, now: DispatchTime.now().uptimeNanoseconds)
        else { return nil }
        metrics.countClientRefusal(.rate)
        let message =
            "this client asked for more new images, live values or pushes than the server's rate allows "
            + "(clientRate \(clientRates.rate) a second after a burst of \(clientRates.burst)); retry in \(seconds) s"
        return (message, [.retryAfter: String(seconds)])
    }

    /// The 500 of an image that could not be drawn (or of a route whose service is missing): not cached, no value.
    var renderFailure: Served { Served(responses.renderFailed, cache: .error) }

    /// The message as a header value, which is ASCII (RFC 9110 §5.5): `…` is written `...`, control characters
    /// become spaces (the HTTP layer would drop them too), any other non-ASCII character (quoted from a parameter)
    /// is percent-encoded as its UTF-8 bytes, and a message longer than `maxErrorHeaderBytes` is cut and ends in
    /// `...`, so no header grows with the input. The image keeps the real characters.
    static func headerText(_ message: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(message.utf8.count)
        for scalar in message.unicodeScalars {
            var piece: [UInt8]
            switch scalar.value {
            case 0x2026: piece = Array("...".utf8)
            case 0..<0x20, 0x7F..<0xA0: piece = [UInt8(ascii: " ")]
            case 0x20..<0x7F: piece = [UInt8(scalar.value)]
            default:
                piece = []
                for byte in String(scalar).utf8 {
                    piece += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
                }
            }
            if out.count + piece.count > maxErrorHeaderBytes - 3 {
                out += Array("...".utf8)
                break
            }
            out += piece
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Longest X-Error value in bytes: every message of a single bad parameter fits, and a long quoted value's
    /// percent-encoding is cut.
    static let maxErrorHeaderBytes = 1024
}
