import HTTPServer

/// Responses that never change, serialized once at start-up.
struct StaticResponses: Sendable {
    let healthy = Self.text(.ok, "ok\n")
    let ready = Self.text(.ok, "ready\n")
    let draining = Self.text(.serviceUnavailable, "draining\n")
    let notFound = Self.text(.notFound, "not found\n")
    let methodNotAllowed = Self.text(.methodNotAllowed, "method not allowed: use GET or HEAD\n", allow: true)
    let renderFailed = Self.text(.internalServerError, "the image could not be rendered\n")
    /// `OPTIONS *`: what every resource of this server allows, and no content (RFC 9110 §9.3.7).
    let serverOptions = HTTPResponse(status: .ok, headers: [.allow: "GET, HEAD", .cacheControl: "no-store"])

    private static func text(_ status: HTTPStatus, _ body: String, allow: Bool = false) -> HTTPResponse {
        var headers: HTTPHeaders = [
            .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
        ]
        if allow { headers.append(.allow, "GET, HEAD") }
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }
}
