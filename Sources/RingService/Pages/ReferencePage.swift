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
        for (id, title, _) in sections { out += "<li><a href=\"#\(id)\">\(StaticPage.escaped(title))</a></li>" }
        out += "</ul></nav>\n"
        for (id, title, rows) in sections {
            out += "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(StaticPage.escaped(title))</h2>\n"
            out += table(rows)
            out += "</section>\n"
        }
        out += "</main>"
        return out
    }

    /// The tables in page order: anchor, heading, rows.
    static var sections: [(id: String, title: String, rows: [(name: String, docs: ImageParameter.Docs)])] {
        [
            ("ring", "Rings: /ring.svg, /ring.png, /ring/{value}.svg", ImageParameter.rows(.ring)),
            (
                "bar", "Bars: /bar.svg, /bar.png (the ring's parameters where they apply, and these)",
                ImageParameter.rows(.barShape)
            ),
            ("badge", "Badges: /badge.svg, /badge.png, /badge/{label}/{value}.svg", ImageParameter.rows(.badge)),
            (
                "spark", "Sparklines: /spark.svg, /spark.png (the ring's parameters where they apply, and these)",
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
        var out = "<table>\n<thead><tr><th scope=\"col\">name</th><th scope=\"col\">meaning</th>"
        out += "<th scope=\"col\">default</th><th scope=\"col\">accepted</th></tr></thead>\n<tbody>\n"
        for (name, docs) in rows {
            out += "<tr><th scope=\"row\"><code>\(StaticPage.escaped(name))</code></th>"
            out += "<td>\(inline(docs.meaning))</td><td>\(inline(docs.defaultText))</td>"
            out += "<td>\(inline(docs.accepted))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        return out
    }

    /// The Markdown the table's texts use, as HTML: `` `code` `` spans, `[text](target)` links (shown as their
    /// text: their targets are sections of the docs, not pages of this server) and `\|`, a table's escaped bar.
    /// Everything else is text, escaped.
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
                    out += inline(String(rest[after..<close]))
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

    static let style = """
        table{border-collapse:collapse;width:100%;margin:0 0 2rem}
        th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid var(--line)}
        thead th{border-bottom:2px solid var(--line)}
        tbody th{white-space:nowrap;font-weight:normal}
        nav[aria-label=tables] ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;list-style:none}
        """
}
