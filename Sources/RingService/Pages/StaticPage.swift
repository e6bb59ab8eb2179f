import FoundationEssentials
import Glibc
import HTTPServer

/// An HTML page whose bytes never change while the process runs, built once at start-up: its 200 and 304
/// responses, a strong ETag, and a Content-Security-Policy that allows exactly its one inline style and its one
/// inline script, by hash, and nothing from anywhere else but images (and, for a script, fetches) from this origin.
struct StaticPage: Sendable {
    /// The page's answers, in identity and in gzip (compressed once, here, at the strongest level).
    let representations: Representations
    /// The `Content-Security-Policy` value.
    let policy: String
    /// The whole document, UTF-8.
    let html: [UInt8]

    /// Assembles `<!doctype html>…` from its parts. `style` and `script` are the exact text between their tags,
    /// the text the browser hashes; `head` and `body` are trusted markup written by this module.
    init(title: String, style: String, body: String, script: String? = nil) {
        var document = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        document += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        document += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        // The icon is a ring from this server: img-src 'self' allows it, and no request goes to a missing file.
        document += "<link rel=\"icon\" href=\"/ring.svg?value=72&amp;size=32&amp;label=none\">\n"
        document += "<title>\(title)</title>\n<style>\(style)</style>\n</head>\n<body>\n\(body)\n"
        if let script { document += "<script>\(script)</script>\n" }
        document += "</body>\n</html>\n"
        html = Array(document.utf8)

        var sources = [
            "default-src 'none'", "img-src 'self'", "style-src \(Self.hashSource(style))",
        ]
        if let script { sources += ["script-src \(Self.hashSource(script))", "connect-src 'self'"] }
        // No <base>, no form posts, no framing: the page only ever talks to its own origin.
        sources += ["base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]
        policy = sources.joined(separator: "; ")

        // no-cache: browsers and proxies keep the page but ask each time, so a new version shows at once and an
        // unchanged one costs a 304.
        let validators: HTTPHeaders = [.cacheControl: "no-cache", .vary: "Accept-Encoding"]
        var headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8"]
        for field in validators { headers.append(field.name, field.value) }
        headers.append(.contentSecurityPolicy, policy)
        headers.append(.xContentTypeOptions, "nosniff")
        headers.append(.referrerPolicy, "no-referrer")
        representations = Representations(
            body: html, headers: headers, validators: validators, compress: true, level: 9)
    }

    var etag: String { representations.etag }

    /// The identity 200.
    var ok: HTTPResponse { representations.identity.ok }

    /// The answer to a GET or HEAD: 304 when `If-None-Match` names this version, gzip where the client accepts it.
    func response(to request: HTTPRequest) -> HTTPResponse {
        representations.response(
            to: request, coding: ContentCoding.choose(acceptEncoding: request.headers.values(.acceptEncoding)))
    }

    /// `'sha256-…'`: the CSP source that allows an inline element whose text is exactly `text`.
    static func hashSource(_ text: String) -> String {
        "'sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString() + "'"
    }

    /// `text` safe inside HTML text and double-quoted attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
