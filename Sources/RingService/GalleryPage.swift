import HTTPServer
import RingKit

/// The gallery at `/examples`: what the service draws, each image with the URL that made it and a link that opens
/// it in the builder. Static HTML, no script.
enum GalleryPage {
    /// One image of the gallery.
    struct Example: Sendable {
        /// `/ring.svg?…`, relative to this server.
        let path: String
        /// What it shows, for sighted readers and as the image's alt text.
        let caption: String
        /// Drawn on a dark panel.
        var dark = false

        /// The request the example's URL makes, or nil for a path that is no image route.
        var request: Drawing.Request? {
            guard case .image(let request, _, _) = ServiceRoute(HTTPRequest(method: .get, target: path)) else {
                return nil
            }
            return request
        }

        /// Whether this build draws the example: its URL parses, and every parameter it names is one the route
        /// reads (an ignored parameter would draw another picture than the caption says).
        var drawing: Drawing? {
            guard let request else { return nil }
            let names = request.query.split(separator: "&").map { String($0.prefix { $0 != "=" }) }
            let known: (String) -> Bool
            switch request.kind {
            case .ring: known = { RingParameter(rawValue: $0) != nil }
            case .badge: known = { BadgeParameter(rawValue: $0) != nil }
            case .bar: known = { BarParameter(rawValue: $0) != nil || BarSpec.reads($0) }
            }
            guard names.allSatisfy(known) else { return nil }
            return try? Drawing.parse(request)
        }

        /// The `<img>` size in CSS pixels: the image's own, divided by its PNG scale.
        var cssSize: (width: Int, height: Int)? {
            switch drawing {
            case .ring(let spec): (spec.size, spec.size)
            case .badge(let spec): (BadgeLayout(spec).width, BadgeLayout.height)
            case .bar(let spec): (spec.width, spec.imageHeight)
            case nil: nil
            }
        }
    }

    static let sections: [(title: String, examples: [Example])] = [
        (
            "Sizes",
            [
                Example(path: "/ring.svg?value=72&size=32", caption: "32 px"),
                Example(path: "/ring.svg?value=72&size=64", caption: "64 px"),
                Example(path: "/ring.svg?value=72", caption: "128 px, the default"),
                Example(path: "/ring.svg?value=72&size=160&thickness=6", caption: "160 px, thin stroke"),
                Example(path: "/ring.svg?value=72&size=160&thickness=40", caption: "160 px, thick stroke"),
            ]
        ),
        (
            "Values",
            [
                Example(path: "/ring.svg?value=0", caption: "0: no progress, not even a dot"),
                Example(path: "/ring.svg?value=1", caption: "1%"),
                Example(path: "/ring.svg?value=50", caption: "50%"),
                Example(path: "/ring.svg?value=99.5&decimals=1", caption: "99.5% with one decimal"),
                Example(path: "/ring.svg?value=100", caption: "100%: a closed circle"),
                Example(path: "/ring/7.svg?max=12&label=%7Bvalue%7D/%7Bmax%7D", caption: "7 of 12, short link form"),
            ]
        ),
        (
            "Gauges, directions and caps",
            [
                Example(path: "/ring.svg?value=60&arc=270", caption: "gauge: 270° arc, gap at 6 o'clock"),
                Example(path: "/ring.svg?value=60&arc=180&start=270", caption: "half circle from 9 o'clock"),
                Example(path: "/ring.svg?value=60&arc=270&direction=ccw", caption: "gauge, counter-clockwise"),
                Example(path: "/ring.svg?value=35&direction=ccw", caption: "counter-clockwise"),
                Example(path: "/ring.svg?value=35&cap=butt&thickness=20", caption: "butt caps"),
                Example(path: "/ring.svg?value=35&cap=square&thickness=20", caption: "square caps"),
            ]
        ),
        (
            "Labels",
            [
                Example(path: "/ring.svg?value=42&label=none", caption: "no label"),
                Example(path: "/ring.svg?value=3&max=5&label=%7Bvalue%7D%20of%20%7Bmax%7D", caption: "a template"),
                Example(path: "/ring.svg?value=72&fontWeight=normal&fontSize=20", caption: "normal weight, 20 px"),
                Example(path: "/ring.svg?value=88&label=%F0%9F%9A%80&fontSize=40", caption: "any UTF-8 text"),
                Example(path: "/ring.svg?value=72&title=Sprint%2012%20done", caption: "an accessible title"),
            ]
        ),
        (
            "Colors",
            [
                Example(path: "/ring.svg?value=72&color=green", caption: "CSS name"),
                Example(path: "/ring.svg?value=72&color=%23e11d48&track=%23ffe4e6", caption: "hex stroke and track"),
                Example(
                    path: "/ring.svg?value=72&color=brightgreen&track=none", caption: "shields' brightgreen, no track"),
                Example(
                    path: "/ring.svg?value=72&color=2563eb80&background=fef3c7",
                    caption: "translucent stroke, background"),
                Example(
                    path: "/ring.svg?value=60&color=orange&thresholds=50:orange,80:green",
                    caption: "thresholds: 60 → orange"),
                Example(
                    path: "/ring.svg?value=90&color=red&thresholds=50:orange,80:green",
                    caption: "thresholds: 90 → green"),
                Example(path: "/ring.svg?value=80&color=%232563eb&gradient=%2316a34a", caption: "gradient"),
            ]
        ),
        (
            "Dark backgrounds",
            [
                Example(
                    path: "/ring.svg?value=72&color=%2358a6ff&track=%2330363d&textColor=%23e6edf3",
                    caption: "colors for a dark page", dark: true),
                Example(path: "/ring.svg?value=72&theme=dark", caption: "theme=dark", dark: true),
                Example(path: "/ring.svg?value=72&theme=auto", caption: "theme=auto follows the viewer", dark: true),
                Example(
                    path: "/ring.svg?value=66&background=%230d1117&color=%233fb950&track=%2321262d&textColor=white",
                    caption: "its own dark background", dark: true),
            ]
        ),
        (
            "Several rings",
            [
                Example(path: "/ring.svg?value=30,60,90&color=red,green,blue", caption: "three rings, outermost first"),
                Example(
                    path:
                        "/ring.svg?value=80,45&color=%23fa114f,%2392e82a&track=%23333&background=black&textColor=white",
                    caption: "activity-ring style", dark: true),
            ]
        ),
        (
            "Badges",
            [
                Example(path: "/badge.svg?label=coverage&value=72", caption: "a badge, shields.io style"),
                Example(path: "/badge/coverage/72.svg", caption: "the same as a short link"),
                Example(
                    path: "/badge.svg?label=docs&value=45&thresholds=50:orange,80:brightgreen&color=red",
                    caption: "thresholds: 45 stays red"),
                Example(
                    path: "/badge.svg?label=build%20time&value=80&style=flat-square&color=brightgreen",
                    caption: "flat-square"),
                Example(path: "/badge.svg?label=&value=33", caption: "the right half alone"),
                Example(path: "/badge/tests/0.93.png?max=1&decimals=1&scale=2", caption: "PNG at scale=2"),
            ]
        ),
        (
            "Animation",
            [
                Example(path: "/ring.svg?value=72&animate=1.5", caption: "draws in 1.5 s (reload to replay)"),
                Example(path: "/ring.svg?value=90&arc=270&animate=3", caption: "a gauge in 3 s"),
            ]
        ),
        (
            "PNG",
            [
                Example(path: "/ring.png?value=72&size=96", caption: "PNG, 96 px"),
                Example(
                    path: "/ring.png?value=72&size=96&scale=2", caption: "PNG at scale=2 (192 px) shown at 96 px"),
                Example(
                    path: "/ring.png?value=40&size=48&scale=4", caption: "PNG at scale=4 shown at 48 px"),
            ]
        ),
    ]

    /// The sections with only the examples this build can draw.
    static var shownSections: [(title: String, examples: [Example])] {
        sections.compactMap { section in
            let kept = section.examples.filter { $0.drawing != nil }
            return kept.isEmpty ? nil : (section.title, kept)
        }
    }

    static func make() -> StaticPage {
        StaticPage(title: "progress-rings: gallery", style: SharedStyle.css + style, body: body)
    }

    static var body: String {
        var out = SharedStyle.header(current: "/examples")
        out += "<main id=\"main\">\n<h1>Gallery</h1>\n"
        out +=
            "<p>Each image is drawn by this server from the URL under it. Open one in the builder to change it.</p>\n"
        for section in shownSections {
            out += "<section>\n<h2>\(StaticPage.escaped(section.title))</h2>\n<div class=\"grid\">\n"
            for example in section.examples {
                let path = StaticPage.escaped(example.path)
                let caption = StaticPage.escaped(example.caption)
                let query = example.path.firstIndex(of: "?").map { String(example.path[$0...]) } ?? ""
                var size = ""
                if let css = example.cssSize { size = " width=\"\(css.width)\" height=\"\(css.height)\"" }
                out += "<figure\(example.dark ? " class=\"dark\"" : "")>"
                out += "<div class=\"art\"><img src=\"\(path)\" alt=\"\(caption)\"\(size) loading=\"lazy\"></div>"
                out += "<figcaption>\(caption)<br><a href=\"\(path)\"><code>\(path)</code></a>"
                if example.path.hasPrefix("/ring.") {
                    out += "<br><a class=\"edit\" href=\"/\(StaticPage.escaped(query))\">open in the builder</a>"
                } else if example.path.hasPrefix("/badge.") {
                    let badgeQuery = "?kind=badge&" + query.dropFirst()
                    out += "<br><a class=\"edit\" href=\"/\(StaticPage.escaped(badgeQuery))\">open in the builder</a>"
                }
                out += "</figcaption></figure>\n"
            }
            out += "</div>\n</section>\n"
        }
        out += "</main>"
        return out
    }

    static let style = """
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
        figure{margin:0;padding:.75rem;border:1px solid var(--line);border-radius:.5rem;background:#fff;color:#1f2328}
        figure.dark{background:#0d1117;color:#e6edf3}
        figure.dark a{color:#4493f8}
        .art{display:flex;align-items:center;justify-content:center;min-height:8.5rem}
        .art img{max-width:100%;height:auto}
        figcaption{font-size:.85rem;margin-top:.5rem}
        figcaption a{color:#0969da}
        """
}
