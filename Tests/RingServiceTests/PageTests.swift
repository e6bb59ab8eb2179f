import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

struct PageTests {
    let service = makeService()

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesTheStandardVectors(message: String, hex: String) {
        let digest = SHA256.digest(Array(message.utf8))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == hex)
    }

    /// The inline text between `<tag>` and `</tag>`, as the browser hashes it.
    func inline(_ tag: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(tag)>"),
            let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test(arguments: ["/", "/examples"])
    func pagesAllowOnlyTheirOwnInlineStyleAndScript(path: String) throws {
        let response = service.get(path)
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        let policy = try #require(response.header("Content-Security-Policy"))
        #expect(!policy.contains("unsafe"))
        #expect(policy.hasPrefix("default-src 'none'; img-src 'self'; style-src 'sha256-"))
        #expect(policy.contains("frame-ancestors 'none'") && policy.contains("base-uri 'none'"))
        let html = response.text
        #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing from elsewhere")
        #expect(!html.contains(" style=\""), "inline style attributes would need 'unsafe-inline'")
        let style = try #require(inline("style", in: html))
        #expect(policy.contains(StaticPage.hashSource(style)))
        #expect(html.components(separatedBy: "<style>").count == 2)
        if let script = inline("script", in: html) {
            #expect(policy.contains("script-src \(StaticPage.hashSource(script)); connect-src 'self'"))
            #expect(html.components(separatedBy: "<script").count == 2)
        } else {
            #expect(!policy.contains("script-src") && !policy.contains("connect-src"))
        }
    }

    @Test(arguments: ["/", "/examples"])
    func pagesRevalidateWithTheirStrongETag(path: String) throws {
        let first = service.get(path)
        let etag = try #require(first.header("ETag"))
        #expect(etag.hasPrefix("\"") && first.header("Cache-Control") == "no-cache")
        let again = service.get(path, ["If-None-Match": "\"other\", W/\(etag)"])
        #expect(again.status == .notModified && again.body.isEmpty)
        #expect(again.header("ETag") == etag && again.header("Cache-Control") == "no-cache")
        #expect(service.get(path, ["If-None-Match": "\"other\""]).status == .ok)
        let head = service.get(path, method: .head)
        #expect(head.status == .ok && head.header("Content-Length") == String(first.body.count))
        // The same bytes on another replica: caches in front of several replicas keep one copy.
        #expect(makeService().get(path).header("ETag") == etag)
        #expect(service.get(path + "?value=5", method: .post).status == .methodNotAllowed)
    }

    /// The value of the first `name="…"` attribute in `html`.
    static func attribute(_ name: String, in html: Substring) -> String? {
        guard let start = html.range(of: " \(name)=\"") else { return nil }
        return html[start.upperBound...].prefix { $0 != "\"" }.description
    }

    /// `text` with the character references the pages write (`&lt;` `&gt;` `&quot;` `&#39;` `&amp;`) decoded.
    static func entitiesDecoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The builder's fields as the page renders them: each parameter with the kinds of image its field is shown
    /// for, counting only fields whose label is tied to their input.
    static func controls(in html: String) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for block in html.components(separatedBy: "<div class=\"field\"").dropFirst() {
            let field = Substring(block.components(separatedBy: "</div>")[0])
            guard let kinds = attribute("data-kinds", in: field), let name = attribute("data-param", in: field),
                let id = attribute("id", in: field), field.contains("<label for=\"\(id)\">")
            else { continue }
            found[name, default: []].formUnion(kinds.split(separator: " ").map(String.init))
        }
        return found
    }

    @Test func builderShowsALabelledControlAndAReferenceRowForEveryParameter() {
        let html = service.get("/").text
        let controls = Self.controls(in: html)
        for parameter in RingParameter.allCases.map(\.rawValue) {
            #expect(controls[parameter]?.contains("ring") == true, "no ring control for \(parameter)")
            #expect(html.contains("<th scope=\"row\"><code>\(parameter)</code></th>"), "no reference row")
        }
        for parameter in BadgeParameter.allCases.map(\.rawValue) {
            #expect(controls[parameter]?.contains("badge") == true, "no badge control for \(parameter)")
            #expect(html.contains("<th scope=\"row\"><code>\(parameter)</code></th>"), "no reference row")
        }
        #expect(html.contains("id=\"parameters\""))
    }

    @Test func everyGalleryImageIsServedAtTheURLThePageShows() throws {
        // Every feature the gallery shows has landed: no example is left out.
        #expect(GalleryPage.shownSections.flatMap(\.examples).count == GalleryPage.sections.flatMap(\.examples).count)
        let html = service.get("/examples").text
        // The URLs as a browser reads them from the page: every <img>'s src, with its entities decoded.
        let sources = html.components(separatedBy: "<img ").dropFirst().compactMap { tag in
            Self.attribute("src", in: " " + tag.prefix { $0 != ">" }).map(Self.entitiesDecoded)
        }
        #expect(sources.count == GalleryPage.sections.flatMap(\.examples).count)
        for source in sources {
            let response = service.get(source)
            #expect(response.status == .ok, "\(source)")
            #expect(response.header("Content-Type")?.hasPrefix("image/") == true, "\(source)")
        }
    }

    @Test func pagesAreCountedUnderTheirOwnRoute() {
        _ = service.get("/")
        _ = service.get("/examples")
        #expect(service.metrics.requestCount(route: .builder, format: nil, status: 200) == 1)
        #expect(service.metrics.requestCount(route: .examples, format: nil, status: 200) == 1)
    }
}
