import RingKit

/// The parameter reference at `/parameters`: every parameter each kind of image reads, with its meaning, default
/// and what it accepts, written from the parameter table (`ImageParameter`), the same rows as docs/parameters.md's
/// tables. The pages' "Parameters" link leads here. Static HTML, no script.
enum ReferencePage {
    static func make() -> StaticPage {
        StaticPage(title: "progress-rings: parameters", style: SharedStyle.css + style, body: body)
    }

    static var body: String {
        var out = SharedStyle.header(current: "/parameters")
        out += "<main id=\"main\">\n<h1>Parameters</h1>\n"
        out += "<p>What each image reads from its URL's query string. Names are case-sensitive; a parameter given "
        out += "twice is refused; unknown names are ignored. An empty value keeps the default. The longer guide, with "
        out += "what each option draws, is <code>docs/parameters.md</code> beside the README.</p>\n"
        out += "<nav aria-label=\"tables\"><ul>"
        for (id, title) in sections.map({ ($0.id, $0.title) }) + [(unitsID, unitsTitle)] {
            out += "<li><a href=\"#\(id)\">\(StaticPage.escaped(title))</a></li>"
        }
        out += "</ul></nav>\n"
        for (id, title, rows) in sections {
            out += "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(StaticPage.escaped(title))</h2>\n"
            out += table(rows)
            out += "</section>\n"
        }
        out += "<section aria-labelledby=\"\(unitsID)\">\n<h2 id=\"\(unitsID)\">\(unitsTitle)</h2>\n"
        out +=
            "<p>What <code>unit</code> accepts: how <code>{value}</code>, <code>{min}</code>, <code>{max}</code> and "
        out += "<code>{delta}</code> are written, and the automatic label with it. Without <code>decimals</code> a "
        out += "scaled number keeps at most three significant digits.</p>\n"
        out += grid(
            headers: ["unit", "the value is", "examples"],
            rows: NumberUnit.reference.map { row in
                (
                    row.units.map { "<code>\(StaticPage.escaped($0))</code>" }.joined(separator: ", "),
                    [inline(row.meaning), row.examples.map(inline).joined(separator: "; ")]
                )
            })
        out += "</section>\n</main>"
        return out
    }

    static let unitsID = "units"
    static let unitsTitle = "Units: unit="

    /// The ids a link on the page may lead to: its tables and the units.
    static var anchors: Set<String> { Set(sections.map(\.id) + [unitsID, "main"]) }

    /// The tables in page order: anchor, heading, rows.
    static var sections: [(id: String, title: String, rows: [(name: String, docs: ImageParameter.Docs)])] {
        [
            (
                "ring", "Rings: /ring.svg, /ring.png, /ring.webp, /ring.gif, /ring/{value}.svg",
                ImageParameter.rows(.ring)
            ),
            (
                "bar", "Bars: /bar.svg, /bar.png, .webp, .gif (the ring's parameters where they apply, and these)",
                ImageParameter.rows(.barShape)
            ),
            (
                "badge", "Badges: /badge.svg, /badge.png, .webp, .gif, /badge/{label}/{value}.svg",
                ImageParameter.rows(.badge)
            ),
            (
                "spark",
                "Sparklines: /spark.svg, /spark.png, .webp, .gif (the ring's parameters where they apply, and these)",
                ImageParameter.rows(.sparkShape)
            ),
            (
                "live",
                "Read by the server: live values, and the trend and history of a stored value, where the server turns "
                    + "them on",
                ImageParameter.serviceRows
            ),
        ]
    }

    static func table(_ rows: [(name: String, docs: ImageParameter.Docs)]) -> String {
        grid(
            headers: ["name", "meaning", "default", "accepted"],
            rows: rows.map { name, docs in
                (
                    "<code>\(StaticPage.escaped(name))</code>",
                    [inline(docs.meaning), inline(docs.defaultText), inline(docs.accepted)]
                )
            })
    }

    /// A table whose rows are named by their first cell. Its roles are written out because a phone's width lays
    /// the rows out as blocks (`style`), which takes a table's semantics away in some browsers; each cell after the
    /// second carries its column's name, shown before it there.
    static func grid(headers: [String], rows: [(name: String, cells: [String])]) -> String {
        var out = "<table role=\"table\">\n<thead role=\"rowgroup\"><tr role=\"row\">"
        for header in headers { out += "<th scope=\"col\" role=\"columnheader\">\(header)</th>" }
        out += "</tr></thead>\n<tbody role=\"rowgroup\">\n"
        for (name, cells) in rows {
            out += "<tr role=\"row\"><th scope=\"row\" role=\"rowheader\">\(name)</th>"
            for (i, cell) in cells.enumerated() {
                let label = i == 0 ? "" : " data-label=\"\(headers[i + 1])\""
                out += "<td role=\"cell\"\(label)>\(cell)</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        return out
    }

    /// The Markdown the table's texts use, as HTML: `` `code` `` spans, `[text](target)` links and `\|`, a table's
    /// escaped bar. Everything else is text, escaped. A link becomes one only where it leads somewhere from here
    /// (`link`); the rest name the document that explains them.
    static func inline(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let next = rest.firstIndex(where: { $0 == "`" || $0 == "[" || $0 == "\\" }) {
            out += StaticPage.escaped(String(rest[..<next]))
            let after = rest.index(after: next)
            switch rest[next] {
            case "`":
                if let close = rest[after...].firstIndex(of: "`") {
                    out += "<code>\(StaticPage.escaped(String(rest[after..<close])))</code>"
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            case "[":
                if let close = rest[after...].firstIndex(of: "]"), rest[close...].dropFirst().first == "(",
                    let end = rest[close...].firstIndex(of: ")")
                {
                    let target = String(rest[rest.index(close, offsetBy: 2)..<end])
                    out += link(inline(String(rest[after..<close])), to: target)
                    rest = rest[rest.index(after: end)...]
                    continue
                }
            default:
                if rest[after...].first == "|" {
                    out += "|"
                    rest = rest[rest.index(after: after)...]
                    continue
                }
            }
            out += StaticPage.escaped(String(rest[next]))
            rest = rest[after...]
        }
        return out + StaticPage.escaped(String(rest))
    }

    /// A link of the docs' Markdown as the page shows it: a table or section of this page as a link; an address on
    /// the web as its text and host (the page refers to nothing elsewhere, see `StaticPage`); a section of the docs
    /// (`#locales`, `stored-values.md`) as its text and the document's name, for the page is served without the
    /// docs beside it.
    static func link(_ text: String, to target: String) -> String {
        if target.hasPrefix("#"), anchors.contains(String(target.dropFirst())) {
            return "<a href=\"\(StaticPage.escaped(target))\">\(text)</a>"
        }
        if target.hasPrefix("https://") {
            let host = target.dropFirst("https://".count).prefix { $0 != "/" }
            return "\(text) (\(StaticPage.escaped(String(host))))"
        }
        let file = target.hasPrefix("#") ? "parameters.md" : String(target.prefix { $0 != "#" })
        return "\(text) (<code>docs/\(StaticPage.escaped(file))</code>)"
    }

    static let style = """
        table{border-collapse:collapse;width:100%;margin:0 0 2rem}
        th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid var(--line)}
        thead th{border-bottom:2px solid var(--line)}
        tbody th{white-space:nowrap;font-weight:normal}
        nav[aria-label=tables] ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;list-style:none}
        td{overflow-wrap:anywhere}
        @media (max-width:40rem){
        table,tbody,tr,td,tbody th{display:block}
        thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
        tbody tr{border-bottom:1px solid var(--line);padding:.5rem 0}
        tbody th,td{border:0;padding:.1rem 0;white-space:normal}
        tbody th{font-weight:700}
        td[data-label]::before{content:attr(data-label) ": ";color:var(--muted)}
        }
        """
}
