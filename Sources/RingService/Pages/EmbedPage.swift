import HTTPServer
import RingKit

/// `/embed/{image path}?{query}`: a page of a few hundred bytes that shows the image at `/{image path}?{query}` and,
/// with `refresh=N`, fetches it again every N seconds (never sooner than the image's max-age), swapping it in only
/// when its ETag changed (EmbedPage.js). For `<iframe>`s on dashboards and wallboards: no script from elsewhere, a CSP
/// that allows only the page's own style and script by hash, images and fetches from this origin and the `blob:`
/// URLs the script shows them through; it may be framed anywhere, as an image may be shown anywhere.
enum EmbedPage {
    private static let style = "html,body{margin:0;background:transparent}img{display:block;width:100%;height:auto}"

    /// The CSP of every embed page: its hashes never change while the process runs.
    static let policy = [
        "default-src 'none'", "img-src 'self' blob:", "style-src \(StaticPage.hashSource(style))",
        "script-src \(StaticPage.hashSource(script))", "connect-src 'self'", "base-uri 'none'", "form-action 'none'",
    ].joined(separator: "; ")

    /// The page of the image at `path` (an image route) and `query`, both as sent (percent-encoded, so only `&`,
    /// `"`, `<`, `>` and `'` need escaping in the attribute). `refresh` is the query's, when it is a valid one; an
    /// invalid one is left to the image, which states the problem.
    static func html(path: Substring, query: Substring, refresh: Int?) -> [UInt8] {
        let source = String(path) + (query.isEmpty ? "" : "?" + query)
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>progress-rings</title>"
        // The icon from this server (img-src 'self'), so a browser opening the page alone asks for no missing file.
        html += "<link rel=\"icon\" href=\"/ring.svg?value=72&amp;size=32&amp;label=none\">"
        html += "<style>\(style)</style></head><body><img id=\"image\" src=\"\(StaticPage.escaped(source))\" "
        html += "alt=\"progress image\"\(refresh.map { " data-refresh=\"\($0)\"" } ?? "")>"
        html += "<script>\(script)</script></body></html>\n"
        return Array(html.utf8)
    }

    /// The answer: 200 (or 304 for the ETag the client holds), gzip-compressed where the client accepts it, never
    /// cached without asking (`no-cache`), so a page changed by a new version of the server is seen at once.
    static func response(to request: HTTPRequest, path: Substring) -> HTTPResponse {
        let parameters = QueryParameters(query: request.query)
        let refresh = (try? parameters.value("refresh")).flatMap { $0.flatMap { Int($0) } }
            .flatMap { ImageLimits.refresh.contains($0) ? $0 : nil }
        let validators: HTTPHeaders = [.cacheControl: "no-cache", .vary: "Accept-Encoding"]
        var headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8"]
        for field in validators { headers.append(field.name, field.value) }
        headers.append(.contentSecurityPolicy, policy)
        headers.append(.xContentTypeOptions, "nosniff")
        headers.append(.referrerPolicy, "no-referrer")
        let representations = Representations(
            body: html(path: path, query: request.query, refresh: refresh), headers: headers,
            validators: validators, compress: true)
        return representations.response(
            to: request, coding: ContentCoding.choose(acceptEncoding: request.headers.values(.acceptEncoding)))
    }
}
