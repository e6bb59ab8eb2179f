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

    /// Under the preview: what the server read for a live image, when, and how long it stays fresh (from the
    /// image's accessible name, `X-Source`, `Last-Modified` and `Cache-Control`), or why it read nothing.
    static let liveReadout = """
        <section id="live-read" class="live-read" aria-labelledby="live-read-heading" hidden>
        <h3 id="live-read-heading">Live value</h3>
        <div id="live-facts">
        <dl>
        <dt>Shows</dt><dd id="live-shows"></dd>
        <dt>Read</dt><dd><time id="live-read-at"></time></dd>
        <dt>Source</dt><dd id="live-source"></dd>
        <dt>Fresh</dt><dd id="live-fresh"></dd>
        </dl>
        <p class="hint">The snippets' alt text is the image's accessible name as drawn now; a ring or bar given a \
        title keeps one that does not change with the value.</p>
        </div>
        <p id="live-error" class="error"></p>
        </section>
        """

    /// The part of the page script for live values, inside its scope (it uses `fieldNamed`, `rootAttribute`): the
    /// value field is off while url or prometheus is set, since the server refuses a value beside them, and the
    /// readout is filled from the preview's answer.
    static var liveScript: String {
        #"""
          var liveSection = document.getElementById("live");
          var liveBox = document.getElementById("live-read");
          var liveFacts = document.getElementById("live-facts");
          var liveError = document.getElementById("live-error");
          var liveParameters = \#(jsArray(LiveTarget.parameters));
          // The parameters whose refusal means the value was not read (the document's value and max included).
          var readParameters = liveParameters.concat(["value", "max"]);
          var origins = {
            fresh: "fresh: read from its source for this request",
            cached: "cached: read before and still fresh",
            stale: "stale: the last value read, shown because reading it again failed"
          };
          // "url" or "prometheus", whichever is set, or null for an image whose value is in the URL.
          function liveParameter() {
            var named = ["url", "prometheus"].filter(function (name) {
              var field = fieldNamed(name);
              return field && field.value !== "";
            });
            return named.length ? named[0] : null;
          }
          // The value field is off (and its text put aside, back when the live value goes) while one is read.
          function applyLive() {
            var value = fieldNamed("value");
            var named = liveParameter();
            if (named && !value.disabled) {
              value.setAttribute("data-kept", value.value);
              value.setAttribute("data-placeholder", value.placeholder);
              value.value = "";
              value.disabled = true;
              value.placeholder = "read from " + named;
            } else if (!named && value.disabled) {
              value.disabled = false;
              value.value = value.getAttribute("data-kept") || "";
              value.placeholder = value.getAttribute("data-placeholder");
            }
          }
          function showLive(response, svg, message) {
            var origin = response.headers.get("X-Source");
            liveBox.hidden = !origin && !liveParameter();
            if (liveBox.hidden) return;
            liveFacts.hidden = !!message;
            liveError.textContent = "";
            if (message) {
              var about = message.slice(0, Math.max(message.indexOf(":"), 0));
              var read = !about || readParameters.indexOf(about) >= 0;
              liveError.textContent = (read ? "Not read" : "No image") + " (HTTP " + response.status + "): " +
                message;
              return;
            }
            document.getElementById("live-shows").textContent = rootAttribute(svg, "aria-label") || "";
            var readAt = new Date(response.headers.get("Last-Modified") || NaN);
            var time = document.getElementById("live-read-at");
            time.dateTime = isNaN(readAt) ? "" : readAt.toISOString();
            time.textContent = isNaN(readAt) ? "unknown" : readAt.toLocaleString();
            document.getElementById("live-source").textContent = origins[origin] || origin || "";
            var maxAge = /max-age=(\d+)/.exec(response.headers.get("Cache-Control") || "");
            var seconds = maxAge ? Number(maxAge[1]) : 0;
            document.getElementById("live-fresh").textContent = origin === "stale"
              ? "no: the server tries its source again within " + seconds + " s"
              : seconds + " s more, until " + new Date(Date.now() + seconds * 1000).toLocaleTimeString() +
                " (Cache-Control: max-age=" + seconds + ")";
          }
        """#
    }

    /// `["a", "b"]`: names (letters only) as a script's array literal.
    private static func jsArray(_ names: [String]) -> String {
        "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
