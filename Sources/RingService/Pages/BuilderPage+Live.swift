extension BuilderPage {
    /// The live-value fields, folded under a summary: most images carry their value in the URL.
    static func liveSection(_ members: [BuilderField]) -> String {
        var out = "<details id=\"live\" class=\"live\">\n<summary>\(StaticPage.escaped(liveGroup))</summary>\n"
        out +=
            "<p class=\"hint\">Instead of a value in the URL, the server reads it when the image is asked for: "
            + "from a JSON document (url, query, maxQuery) or from Prometheus (prometheus, server). It keeps what it "
            + "read for the time its operator sets (liveTTL), then reads it again, so the image follows the number. "
            + "Live values are off until the operator turns them on; the preview says so when they are off here.</p>\n"
        for field in members { out += field.html }
        out += "</details>\n"
        return out
    }

    /// Under the preview: what the server read for a live image (or a stored value's: then also the `curl` line
    /// that pushes it), when, and how long it stays fresh (from the image's accessible name, `X-Source`,
    /// `Last-Modified` and `Cache-Control`), or why it read nothing.
    static let liveReadout = """
        <section id="live-read" class="live-read" aria-labelledby="live-read-heading" hidden>
        <h3 id="live-read-heading">Live value</h3>
        <div id="live-facts">
        <dl>
        <dt>Shows</dt><dd id="live-shows"></dd>
        <dt>Read</dt><dd><time id="live-read-at"></time></dd>
        <dt>Source</dt><dd id="live-source"></dd>
        <dt>Fresh</dt><dd id="live-fresh"></dd>
        <div id="live-push-row" hidden><dt>Push</dt><dd><code id="live-push"></code></dd></div>
        </dl>
        <p class="hint">The snippets' alt text is the image's accessible name as drawn now; a ring or bar given a \
        title keeps one that does not change with the value.</p>
        </div>
        <p id="live-error" class="error" aria-live="polite"></p>
        </section>
        """
}
