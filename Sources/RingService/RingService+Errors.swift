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
    ) -> HTTPResponse {
        let status = status ?? (configuration.errorStatus == 200 ? HTTPStatus.ok : .badRequest)
        let key = CacheKey(
            spec: "error \(status.code) \(refusal.kind) \(refusal.size)x\(refusal.scale) \(refusal.message)",
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
}
