import RingKit

/// The builder page at `/`: a control for every ring, badge, bar and sparkline parameter, a live SVG and PNG preview, the
/// service's own error message beside the field it names, and the URL, Markdown and HTML to copy. Self-contained
/// (inline CSS and JS, nothing fetched from elsewhere), so it works offline and under a CSP that allows only its own
/// hashes.
enum BuilderPage {
    /// The page, built once.
    static func make() -> StaticPage {
        StaticPage(title: "progress-rings: builder", style: SharedStyle.css + style, body: body, script: script)
    }

    static var body: String {
        var main = "<fieldset class=\"kinds\"><legend>Image</legend>\n"
        for kind in BuilderField.Kind.allCases {
            let checked = kind == .ring ? " checked" : ""
            main += "<label><input type=\"radio\" name=\"kind\" value=\"\(kind)\"\(checked)> \(kind)</label>\n"
        }
        main += "</fieldset>\n"
        var more = ""
        for (name, members) in groups {
            if name == liveGroup {
                more += liveSection(members)
                continue
            }
            let hidden = members.allSatisfy { !$0.kinds.contains(.ring) }
            let set =
                "<fieldset\(hidden ? " hidden" : "")>\n<legend>\(StaticPage.escaped(name))</legend>\n"
                + members.map(\.html).joined() + "</fieldset>\n"
            if mainGroups.contains(name) { main += set } else { more += set }
        }
        // One form holds the fields and the results, in the order a phone shows them in one column: what the image
        // shows, then its preview and URL, then the rest; a wide window puts the results in a column of their own.
        return SharedStyle.header(current: "/") + """
            <main id="main">
            <h1>Build a progress ring, badge, bar or sparkline</h1>
            <p>Every change redraws the preview from this server and updates the URL, Markdown and HTML to copy.</p>
            <form id="builder" class="builder" autocomplete="off" novalidate \
            data-named-colors="\(StaticPage.escaped(namedColors))">
            <section class="controls first" aria-labelledby="parameters">
            <h2 id="parameters">Parameters</h2>
            <p class="hint">Each field says what it means, its default and what it accepts; an empty field keeps the \
            default. Every parameter with its default and what it accepts: the \
            <a href="/parameters">parameter reference</a>.</p>
            \(main)</section>
            <section class="results" aria-labelledby="preview-heading">
            <h2 id="preview-heading">Preview</h2>
            <div id="preview" class="preview">
            <figure id="svg-figure" data-backdrop="light"><img id="preview-svg" src="/ring.svg?value=72" \
            alt="Progress: 72%"><figcaption id="svg-caption">SVG</figcaption></figure>
            <figure id="png-figure" data-backdrop="light"><img id="preview-png" src="/ring.png?value=72" \
            alt="Progress: 72%"><figcaption id="png-caption">PNG</figcaption></figure>
            </div>
            <p id="switch-note" class="note" role="status"></p>
            <p id="form-error" class="error" role="alert"></p>
            <p id="status" class="status" role="status" aria-live="polite"></p>
            \(liveReadout)
            <h2>Copy</h2>
            <fieldset class="formats"><legend>Image format</legend>
            <label><input type="radio" name="format" value="svg" checked> SVG</label>
            <label><input type="radio" name="format" value="png"> PNG</label>
            <label><input type="radio" name="format" value="webp"> WebP</label>
            <label><input type="radio" name="format" value="gif"> GIF</label>
            </fieldset>
            <div class="copy">
            <label for="out-url">URL</label>
            <textarea id="out-url" rows="2" readonly></textarea>
            <button type="button" data-copy="out-url">Copy URL</button>
            </div>
            <div class="copy">
            <label for="out-markdown">Markdown</label>
            <textarea id="out-markdown" rows="2" readonly></textarea>
            <button type="button" data-copy="out-markdown">Copy Markdown</button>
            </div>
            <div class="copy">
            <label for="out-html">HTML</label>
            <textarea id="out-html" rows="3" readonly></textarea>
            <button type="button" data-copy="out-html">Copy HTML</button>
            </div>
            <div class="copy">
            <label for="out-embed">Embed, updating itself</label>
            <textarea id="out-embed" rows="3" readonly aria-describedby="embed-hint"></textarea>
            <button type="button" data-copy="out-embed">Copy embed</button>
            <p class="hint" id="embed-hint">A frame that fetches the image again every <code>refresh</code> seconds \
            (under Output; never sooner than the image's max-age) and shows it when it changed.</p>
            </div>
            <div class="backdrop"><label for="backdrop">Page behind the preview</label>
            <select id="backdrop" aria-describedby="backdrop-hint">
            <option value="">as the image expects</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
            </select>
            <p class="hint" id="backdrop-hint">As the image expects: dark for theme=dark; for theme=auto, the SVG on \
            your system's scheme, which the SVG follows and on which the PNG reads as on any; light otherwise.</p></div>
            </section>
            <section class="controls more" aria-labelledby="more-parameters">
            <h2 id="more-parameters">More parameters</h2>
            \(more)</section>
            </form>
            </main>
            """
    }
}
