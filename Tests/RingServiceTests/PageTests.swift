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

    /// RFC 4231's HMAC-SHA256 test cases 1, 2 and 6 (a key longer than a block), and an empty key; and the
    /// comparison that takes the same time whatever the bytes.
    @Test func hmacMatchesRFC4231() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(
            hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            hex(SHA256.hmac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            hex(
                SHA256.hmac(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(
            hex(SHA256.hmac(key: [], []))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        #expect(
            SHA256.equal([1, 2, 3], [1, 2, 3]) && !SHA256.equal([1, 2, 3], [1, 2, 4]) && !SHA256.equal([1], [1, 1]))
    }

    /// The inline text between `<tag>` and `</tag>`, as the browser hashes it.
    func inline(_ tag: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(tag)>"),
            let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test(arguments: ["/", "/examples", "/parameters"])
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
        // In the markup: the builder's script writes an <iframe style="border:0"> snippet as text, which is no attribute.
        let markup = inline("script", in: html).map { html.replacingOccurrences(of: $0, with: "") } ?? html
        #expect(!markup.contains(" style=\""), "inline style attributes would need 'unsafe-inline'")
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

    @Test(arguments: ["/", "/examples", "/parameters"])
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

    @Test func builderShowsALabelledControlForEveryParameterOfEveryKind() {
        let html = service.get("/").text
        let controls = Self.controls(in: html)
        for parameter in ImageParameter.names(readBy: .ring) {
            #expect(controls[parameter]?.contains("ring") == true, "no ring control for \(parameter)")
        }
        for parameter in ImageParameter.names(readBy: .badge) {
            #expect(controls[parameter]?.contains("badge") == true, "no badge control for \(parameter)")
        }
        for parameter in ImageParameter.names(readBy: .bar) {
            #expect(controls[parameter]?.contains("bar") == true, "no bar control for \(parameter)")
        }
        for parameter in ImageParameter.names(readBy: .spark) {
            #expect(controls[parameter]?.contains("spark") == true, "no sparkline control for \(parameter)")
        }
        // A field is offered only to the kinds that read it: a ring's size is no bar's, a bar's width no ring's (a
        // sparkline's width is a field of its own, with its own default and range).
        #expect(controls["size"] == ["ring"] && controls["width"] == ["bar", "spark"])
        #expect(html.contains("id=\"f-bar-width\"") && html.contains("id=\"f-spark-width\""))
        #expect(controls["points"] == ["spark"])
        for kind in ["ring", "badge", "bar", "spark"] {
            #expect(html.contains("<input type=\"radio\" name=\"kind\" value=\"\(kind)\""), "no \(kind) choice")
        }
    }

    /// The builder's fields carry their own meaning and range; the reference tables are the reference page's,
    /// not repeated on the builder, which links to it.
    @Test func builderPointsToTheParameterReferenceInsteadOfRepeatingIt() {
        let html = service.get("/").text
        #expect(!html.contains("<table") && !html.contains("<th scope=\"row\">"))
        #expect(html.contains("<a href=\"/parameters\">parameter reference</a>"))
        for field in BuilderPage.fields {
            #expect(html.contains("<p class=\"hint\" id=\"\(field.inputID)-hint\">"), "no hint for \(field.inputID)")
        }
    }

    /// `label=` (no left half) is something a badge's empty text field cannot say, so the field has a checkbox
    /// that sends the parameter empty.
    @Test func builderCanSendABadgeLabelEmpty() {
        let html = service.get("/").text
        #expect(html.contains("<input type=\"checkbox\" id=\"f-badge-label-empty\" data-empty-for=\"f-badge-label\">"))
        #expect(BuilderPage.fields.filter { $0.emptyChoice != nil }.map(\.inputID) == ["f-badge-label"])
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

    /// The builder link of every card, turned into the image URL the builder makes (`/{kind}.{format}?` and the
    /// rest of the query), draws the card's image byte for byte, and names only parameters the builder has a field
    /// for in that kind.
    @Test(arguments: GalleryPage.sections.flatMap(\.examples).map(\.path))
    func everyGalleryCardOpensItsOwnImageInTheBuilder(path: String) throws {
        let example = try #require(GalleryPage.sections.flatMap(\.examples).first { $0.path == path })
        let link = try #require(example.builderLink)
        #expect(service.get("/examples").text.contains("href=\"\(StaticPage.escaped(link))\">open in the builder</a>"))
        let query = try #require(link.split(separator: "?", maxSplits: 1).last)
        var kind = "ring"
        var format = "svg"
        var rest: [Substring] = []
        for part in query.split(separator: "&") {
            if part.hasPrefix("kind=") {
                kind = String(part.dropFirst(5))
            } else if part.hasPrefix("format=") {
                format = String(part.dropFirst(7))
            } else {
                rest.append(part)
            }
        }
        let fieldNames = Set(BuilderPage.fields.filter { $0.kinds.map(\.rawValue).contains(kind) }.map(\.parameter))
        for name in GalleryPage.Example.names(in: Substring(rest.joined(separator: "&"))) {
            #expect(fieldNames.contains(name), "the builder has no \(kind) field for \(name)")
        }
        let original = service.get(path)
        let rebuilt = service.get("/\(kind).\(format)?" + rest.joined(separator: "&"))
        #expect(original.status == .ok && rebuilt.status == .ok)
        let same = original.body == rebuilt.body
        #expect(same, "\(link) draws another image than \(path)")
    }

    /// `theme=auto` follows the viewer's scheme, so its card does too: a card that stayed dark would show the
    /// light scheme's dark label on it.
    @Test func galleryCardsOfThemeAutoFollowTheViewersScheme() {
        let examples = GalleryPage.sections.flatMap(\.examples)
        #expect(examples.contains { $0.path.contains("theme=auto") })
        for example in examples where example.path.contains("theme=auto") {
            #expect(example.backdrop == .scheme, "\(example.path)")
        }
        #expect(GalleryPage.style.contains("@media (prefers-color-scheme:dark){figure.scheme{background:#0d1117"))
    }

    @Test func galleryShowsBars() {
        let bars = GalleryPage.shownSections.first { $0.title == "Bars" }?.examples ?? []
        let paths = bars.map(\.path).joined(separator: " ")
        for feature in ["radius=0", "thresholds=", "gradient=", "value=30,60,90", "theme=dark", "/bar/"] {
            #expect(paths.contains(feature), "no bar with \(feature)")
        }
    }

    @Test func pagesAreCountedUnderTheirOwnRoute() {
        _ = service.get("/")
        _ = service.get("/examples")
        #expect(service.metrics.requestCount(route: .builder, format: nil, status: 200, outcome: .page) == 1)
        #expect(service.metrics.requestCount(route: .examples, format: nil, status: 200, outcome: .page) == 1)
    }

    /// Every page's "Parameters" link leads to a reference of every parameter the table holds, with its docs.
    @Test func theParametersLinkLeadsToTheReferenceOfEveryParameter() {
        for path in ["/", "/examples"] {
            #expect(service.get(path).text.contains("<a href=\"/parameters\">Parameters</a>"))
        }
        let html = service.get("/parameters").text
        #expect(html.contains("<a href=\"/parameters\" aria-current=\"page\">Parameters</a>"))
        var names = Set<String>()
        for table in ImageParameter.DocsTable.allCases {
            for (name, docs) in ImageParameter.rows(table) {
                names.insert(name)
                #expect(
                    html.contains(
                        "<td role=\"cell\" data-label=\"accepted\">\(ReferencePage.inline(docs.accepted))</td>"),
                    "\(name)")
            }
        }
        for row in ImageParameter.all { names.insert(row.name) }
        for name in names {
            #expect(html.contains("<th scope=\"row\" role=\"rowheader\"><code>\(name)</code></th>"), "\(name)")
        }
        #expect(html.contains("<code>#2563eb</code>"), "the ring's default color")
        #expect(!html.contains("](") && !html.contains("`"), "no Markdown is left unconverted")
        #expect(service.metrics.requestCount(route: .parameters, format: nil, status: 200, outcome: .page) == 1)
    }

    /// The reference writes the table's Markdown as HTML: code spans, links (a section of the docs as its text and
    /// the document's name), escaped bars; the rest escaped.
    @Test func referenceTextsTurnTheirMarkdownIntoEscapedHTML() {
        #expect(
            ReferencePage.inline("`a<b` and [the `x` guide](#x-y) \\| 5 > 4 [not a link")
                == "<code>a&lt;b</code> and the <code>x</code> guide (<code>docs/parameters.md</code>) | 5 &gt; 4 "
                + "[not a link")
        #expect(ReferencePage.inline("an `open code span") == "an `open code span")
    }
}
