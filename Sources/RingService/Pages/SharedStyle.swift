/// The look both pages share: system fonts only (nothing to download), light and dark schemes, a visible focus
/// ring, and the navigation between them.
enum SharedStyle {
    static let css = """
        :root{--ink:#1f2328;--muted:#57606a;--line:#d0d7de;--field:#fff;--page:#f6f8fa;--bad:#b42318;--focus:#0969da;\
        --mono:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--ink:#e6edf3;--muted:#9198a1;--line:#3d444d;--field:#0d1117;\
        --page:#151b23;--bad:#ff7b72;--focus:#4493f8}}
        body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI","DejaVu Sans",sans-serif;color:var(--ink);\
        background:var(--page)}
        main{max-width:72rem;margin:0 auto;padding:0 1rem 3rem}
        .skip{position:absolute;left:-999px}
        .skip:focus{left:1rem;top:.5rem;background:var(--field);padding:.3rem .6rem;z-index:1}
        header.site{display:flex;gap:1.25rem;align-items:center;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
        header.site strong{font-size:1.1rem}
        header.site a{color:inherit}
        header.site a[aria-current=page]{font-weight:700;text-decoration:none}
        a{color:var(--focus)}
        :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
        code{font-family:var(--mono);font-size:.9em;overflow-wrap:anywhere}
        [hidden]{display:none!important}

        """

    /// The skip link and the navigation; `current` marks the page the visitor is on.
    static func header(current: String) -> String {
        func link(_ path: String, _ text: String) -> String {
            "<a href=\"\(path)\"\(path == current ? " aria-current=\"page\"" : "")>\(text)</a>"
        }
        return
            "<a class=\"skip\" href=\"#main\">Skip to content</a>\n<header class=\"site\"><strong>progress-rings</strong>"
            + "<nav aria-label=\"pages\">" + link("/", "Builder") + " · " + link("/examples", "Gallery")
            + " · " + link("/parameters", "Parameters") + "</nav></header>\n"
    }
}
