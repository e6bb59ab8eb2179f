import HTTPServer
import RingKit

/// The gallery at `/examples`: what the service draws, each image with the URL that made it and a link that opens
/// it in the builder, and images of live values where the server configures their sources. Static HTML, no script.
enum GalleryPage {
    /// The sections with only the examples this build can draw.
    static var shownSections: [(title: String, examples: [Example])] {
        sections.compactMap { section in
            let kept = section.examples.filter { $0.drawing != nil }
            return kept.isEmpty ? nil : (section.title, kept)
        }
    }

    /// The page for a server whose configured sources (`liveSources`) are `liveSources`: the live cards whose
    /// source is among them show their image, the others their URL and how to turn them on; the same for the
    /// stored-value cards whose names the server holds (`storedHeld`).
    static func make(liveSources: Set<String>, storedHeld: Set<String> = []) -> StaticPage {
        StaticPage(
            title: "progress-rings: gallery", style: SharedStyle.css + style,
            body: body(liveSources: liveSources, storedHeld: storedHeld))
    }

    static func body(liveSources: Set<String>, storedHeld: Set<String> = []) -> String {
        var out = SharedStyle.header(current: "/examples")
        out += "<main id=\"main\">\n<h1>Gallery</h1>\n"
        out +=
            "<p>Each image is drawn by this server from the URL under it. Open one in the builder to change it.</p>\n"
        for section in shownSections {
            out += "<section>\n<h2>\(StaticPage.escaped(section.title))</h2>\n<div class=\"grid\">\n"
            for example in section.examples { out += card(example) }
            out += "</div>\n</section>\n"
        }
        out += liveSection(configured: liveSources)
        out += storedSection(held: storedHeld)
        out += "</main>"
        return out
    }

    /// One image with its caption, its URL and the link that opens it in the builder.
    static func card(_ example: Example) -> String {
        let path = StaticPage.escaped(example.path)
        let caption = StaticPage.escaped(example.caption)
        var size = ""
        if let css = example.cssSize { size = " width=\"\(css.width)\" height=\"\(css.height)\"" }
        var out = "<figure class=\"\(example.backdrop.rawValue)\">"
        out += "<div class=\"art\"><img src=\"\(path)\" alt=\"\(caption)\"\(size) loading=\"lazy\"></div>"
        out += "<figcaption>\(caption)<br><a href=\"\(path)\"><code>\(path)</code></a>"
        if let link = example.builderLink {
            out += "<br><a class=\"edit\" href=\"\(StaticPage.escaped(link))\">open in the builder</a>"
        }
        out += "</figcaption></figure>\n"
        return out
    }

    static let style = """
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
        figure{margin:0;padding:.75rem;border:1px solid var(--line);border-radius:.5rem;background:#fff;color:#1f2328}
        figure.dark{background:#0d1117;color:#e6edf3}
        figure.dark a{color:#4493f8}
        @media (prefers-color-scheme:dark){figure.scheme{background:#0d1117;color:#e6edf3}figure.scheme a{color:#4493f8}}
        .art{display:flex;align-items:center;justify-content:center;min-height:8.5rem}
        .art img{max-width:100%;height:auto}
        figcaption{font-size:.85rem;margin-top:.5rem}
        figcaption a{color:#0969da}
        .off{list-style:none;padding:0;display:grid;gap:.5rem}
        .off li{padding:.5rem .75rem;border:1px dashed var(--line);border-radius:.5rem}
        """
}
