import RingKit

/// The builder page at `/`: a control for every parameter, a live SVG and PNG preview, the service's own error
/// message beside the field it names, and the URL, Markdown and HTML to copy. Self-contained (inline CSS and JS,
/// nothing fetched from elsewhere), so it works offline and under a CSP that allows only its own hashes.
enum BuilderPage {
    /// Every control, in page order. Ring fields appear only for parameters this build reads (`RingParameter`),
    /// so a parameter that has not landed yet never gets a control that would be ignored.
    static let allFields: [BuilderField] = [
        .init(
            "value", .text(inputMode: "decimal"),
            "Amount done, clamped into min…max. Several rings: 30,60,90 with colors red,green,blue.",
            placeholder: "0", kinds: [.ring, .badge], group: "Value"),
        .init(
            "min", .text(inputMode: "decimal"), "The value of the empty ring. Default 0.", placeholder: "0",
            kinds: [.ring, .badge], group: "Value"),
        .init(
            "max", .text(inputMode: "decimal"), "The value of the full ring; greater than min. Default 100.",
            placeholder: "100", kinds: [.ring, .badge], group: "Value"),
        .init(
            "decimals", .text(inputMode: "numeric"), "Digits after the point in the percentage, 0…3.",
            placeholder: "0", kinds: [.ring, .badge], group: "Value"),
        .init(
            "size", .text(inputMode: "numeric"), "Width and height in CSS pixels, 16…1024.", placeholder: "128",
            group: "Shape"),
        .init(
            "thickness", .text(inputMode: "decimal"), "Stroke width in pixels, 1…size/2. Default size/10.",
            placeholder: "size / 10", group: "Shape"),
        .init(
            "arc", .text(inputMode: "decimal"),
            "Sweep of the full ring in degrees, 1…360; less leaves a gap (a gauge).",
            placeholder: "360", group: "Shape"),
        .init(
            "start", .text(inputMode: "decimal"),
            "Where the ring begins, degrees clockwise from 12 o'clock, −360…360. Default 0, or the gap at 6 o'clock.",
            placeholder: "0", group: "Shape"),
        .init("direction", .choice(["cw", "ccw"]), "Which way progress runs.", placeholder: "cw", group: "Shape"),
        .init(
            "cap", .choice(["round", "butt", "square"]), "Ends of the progress stroke.", placeholder: "round",
            group: "Shape"),
        .init(
            "color", .color(initial: "#2563eb"),
            "Progress stroke, or a badge's right half: hex (#rgb, #rrggbbaa), a CSS name; red,green,… for several rings.",
            placeholder: "#2563eb", kinds: [.ring, .badge], group: "Colors"),
        .init(
            "track", .color(initial: "#e5e7eb"), "The ring behind the progress, or none.", placeholder: "#e5e7eb",
            group: "Colors"),
        .init(
            "background", .color(initial: "#ffffff"), "Fill of the whole square, or none.", placeholder: "none",
            group: "Colors"),
        .init("textColor", .color(initial: "#111827"), "Label color.", placeholder: "#111827", group: "Colors"),
        .init(
            "theme", .choice(["light", "dark", "auto"]),
            "Default colors; auto follows the viewer's color scheme in SVG (PNG uses light).", placeholder: "light",
            group: "Colors"),
        .init(
            "thresholds", .text(inputMode: "text"),
            "Color by value: 50:orange,80:green means from 50 % orange, from 80 % green; up to 8 ascending pairs.",
            placeholder: "50:orange,80:green", kinds: [.ring, .badge], group: "Colors"),
        .init(
            "gradient", .color(initial: "#16a34a"),
            "The stroke fades from color at its start to this color at its end.",
            placeholder: "none", group: "Colors"),
        .init(
            "label", .text(inputMode: "text"),
            "Centre text: auto (the percentage), none, or up to 40 characters with {value}, {percent}, {min}, {max}.",
            placeholder: "auto", group: "Label"),
        .init(
            "fontSize", .text(inputMode: "decimal"), "Label size in pixels, 4…size. Default: fits the hole.",
            placeholder: "fits", group: "Label"),
        .init("fontWeight", .choice(["bold", "normal"]), "Label weight.", placeholder: "bold", group: "Label"),
        .init(
            "title", .text(inputMode: "text"), "Accessible name (SVG title and aria-label), at most 100 characters.",
            placeholder: "Progress: 72%", group: "Label"),
        .init(
            "animate", .text(inputMode: "decimal"),
            "Seconds the SVG takes to draw its arc, 0…10; the final state shows where animation is off.",
            placeholder: "0", group: "Output"),
        .init(
            "scale", .text(inputMode: "numeric"), "Pixel density of the PNG, 1…4 (2 for HiDPI); size × scale ≤ 2048.",
            placeholder: "1", kinds: [.ring, .badge], group: "Output"),
        .init(
            "cacheSeconds", .text(inputMode: "numeric"),
            "A longer Cache-Control max-age than the server's default, 0…31536000.", placeholder: "server default",
            kinds: [.ring, .badge], group: "Output"),
        .init(
            "label", .text(inputMode: "text"), "Left text of the badge; empty draws the right half alone.",
            placeholder: "progress", kinds: [.badge], group: "Badge"),
        .init(
            "labelColor", .color(initial: "#555555"), "Fill of the left half.", placeholder: "#555", kinds: [.badge],
            group: "Badge"),
        .init(
            "style", .choice(["flat", "flat-square"]), "flat: rounded, shaded; flat-square: square corners, no shade.",
            placeholder: "flat", kinds: [.badge], group: "Badge"),
    ]

    /// The fields this build serves: each with the kinds of image whose parameters include it.
    static var fields: [BuilderField] {
        allFields.compactMap { field in
            field.keeping { kind in
                switch kind {
                case .ring: RingParameter(rawValue: field.parameter) != nil
                case .badge: BadgeParameter(rawValue: field.parameter) != nil
                }
            }
        }
    }

    /// The page, built once.
    static func make() -> StaticPage {
        StaticPage(title: "progress-rings: builder", style: SharedStyle.css + style, body: body, script: script)
    }

    static var body: String {
        var groups: [(String, [BuilderField])] = []
        for field in fields {
            if let last = groups.indices.last, groups[last].0 == field.group {
                groups[last].1.append(field)
            } else {
                groups.append((field.group, [field]))
            }
        }
        var form = """
            <fieldset class="kinds"><legend>Image</legend>
            <label><input type="radio" name="kind" value="ring" checked> ring</label>
            <label><input type="radio" name="kind" value="badge"> badge</label>
            </fieldset>

            """
        for (name, members) in groups {
            let onlyBadge = members.allSatisfy { !$0.kinds.contains(.ring) }
            form += "<fieldset\(onlyBadge ? " hidden" : "")>\n<legend>\(StaticPage.escaped(name))</legend>\n"
            for field in members { form += field.html }
            form += "</fieldset>\n"
        }
        var reference = ""
        for field in fields {
            let kinds = field.kinds.map(\.rawValue).joined(separator: ", ")
            reference +=
                "<tr><th scope=\"row\"><code>\(StaticPage.escaped(field.parameter))</code></th>"
                + "<td>\(kinds)</td><td>\(StaticPage.escaped(field.hint))</td></tr>\n"
        }
        return SharedStyle.header(current: "/") + """
            <main id="main">
            <h1>Build a progress ring</h1>
            <p>Every change redraws the preview from this server and updates the URL to copy. Empty fields keep \
            their defaults. The <a href="#parameters">parameter reference</a> below is the README's \
            <q>Ring parameters</q> table.</p>
            <div class="builder">
            <form id="builder" class="controls" autocomplete="off" novalidate>
            \(form)</form>
            <section class="results" aria-labelledby="preview-heading">
            <h2 id="preview-heading">Preview</h2>
            <div id="preview" class="preview">
            <figure><img id="preview-svg" src="/ring.svg?value=72" alt="Progress: 72%"><figcaption>SVG</figcaption></figure>
            <figure><img id="preview-png" src="/ring.png?value=72" alt="Progress: 72%"><figcaption>PNG</figcaption></figure>
            </div>
            <p><label><input type="checkbox" id="dark-preview"> dark page behind the preview</label></p>
            <p id="form-error" class="error" role="alert"></p>
            <p id="status" class="status" role="status" aria-live="polite"></p>
            <h2>Copy</h2>
            <fieldset class="formats"><legend>Image format</legend>
            <label><input type="radio" name="format" value="svg" checked> SVG</label>
            <label><input type="radio" name="format" value="png"> PNG</label>
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
            </section>
            </div>
            <section aria-labelledby="parameters">
            <h2 id="parameters">Parameter reference</h2>
            <table>
            <thead><tr><th scope="col">name</th><th scope="col">image</th><th scope="col">meaning, default and accepted values</th></tr></thead>
            <tbody>
            \(reference)</tbody>
            </table>
            <p>Colors: hex <code>rgb</code>, <code>rgba</code>, <code>rrggbb</code>, <code>rrggbbaa</code> with or \
            without <code>#</code>, the CSS names, and <code>brightgreen</code>, <code>success</code>, \
            <code>important</code>, <code>critical</code>, <code>informational</code>, <code>inactive</code>.</p>
            </section>
            </main>
            """
    }

    static let style = """
        .builder{display:grid;grid-template-columns:minmax(16rem,1fr) minmax(18rem,1fr);gap:1.5rem;align-items:start}
        @media (max-width:48rem){.builder{grid-template-columns:1fr}}
        .results{position:sticky;top:0}
        fieldset{border:1px solid var(--line);border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
        legend{font-weight:600;padding:0 .25rem}
        .field{display:grid;grid-template-columns:7.5rem 1fr;gap:.1rem .75rem;margin:.5rem 0}
        .field label{font-family:var(--mono);padding-top:.3rem}
        .field .hint,.field .error{grid-column:2;margin:0;font-size:.85rem}
        .hint{color:var(--muted)}
        .error{color:var(--bad);font-weight:600}
        .error:empty{display:none}
        input[type=text],select,textarea{font:inherit;font-family:var(--mono);padding:.3rem .4rem;border:1px solid var(--line);border-radius:.3rem;background:var(--field);color:inherit;width:100%;box-sizing:border-box}
        [aria-invalid=true]{border-color:var(--bad);outline:2px solid var(--bad)}
        .color-pair{display:flex;gap:.4rem}
        .color-pair input[type=color]{width:2.4rem;height:2.1rem;padding:0;border:1px solid var(--line);border-radius:.3rem;flex:none}
        .preview{display:flex;flex-wrap:wrap;gap:1rem;padding:1rem;border:1px solid var(--line);border-radius:.5rem;background:#fff}
        .preview.dark{background:#0d1117}
        .preview figure{margin:0;text-align:center}
        .preview figcaption{font-size:.8rem;color:#57606a}
        .preview img{max-width:100%;height:auto}
        .copy{display:grid;grid-template-columns:1fr auto;gap:.25rem .5rem;margin:.5rem 0}
        .copy label{grid-column:1/3;font-weight:600}
        .copy textarea{resize:vertical}
        button{font:inherit;padding:.3rem .8rem;border:1px solid var(--line);border-radius:.3rem;background:var(--field);color:inherit;cursor:pointer}
        .formats,.kinds{display:flex;gap:1rem}
        .status{color:var(--muted);min-height:1.2em}
        table{border-collapse:collapse;width:100%}
        th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}
        """

    /// Builds the image URL from the fields, sets the previews and snippets (debounced), and asks the server
    /// for the same URL to show its `X-Error` message beside the field the message names.
    static let script = #"""
        "use strict";
        (function () {
          var form = document.getElementById("builder");
          var allFields = Array.prototype.slice.call(form.querySelectorAll("[data-param]"));
          var fields = allFields;
          var svgImg = document.getElementById("preview-svg");
          var pngImg = document.getElementById("preview-png");
          var formError = document.getElementById("form-error");
          var status = document.getElementById("status");
          var outURL = document.getElementById("out-url");
          var outMarkdown = document.getElementById("out-markdown");
          var outHTML = document.getElementById("out-html");
          var timer = 0;
          var generation = 0;

          // Keeps , : and / readable in the query; everything else as encodeURIComponent writes it.
          function encode(text) {
            return encodeURIComponent(text).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/");
          }
          function kind() {
            return form.querySelector("input[name=kind]:checked").value;
          }
          // Shows the fields of the chosen image only; the others keep their text but leave the URL.
          function applyKind() {
            var chosen = kind();
            Array.prototype.forEach.call(form.querySelectorAll(".field"), function (box) {
              box.hidden = box.getAttribute("data-kinds").split(" ").indexOf(chosen) < 0;
            });
            Array.prototype.forEach.call(form.querySelectorAll("fieldset:not(.kinds)"), function (set) {
              set.hidden = !set.querySelector(".field:not([hidden])");
            });
            fields = allFields.filter(function (field) { return !field.closest(".field").hidden; });
          }
          function query() {
            var parts = [];
            fields.forEach(function (field) {
              if (field.value !== "") parts.push(field.getAttribute("data-param") + "=" + encode(field.value));
            });
            return parts.join("&");
          }
          function fieldNamed(name) {
            for (var i = 0; i < fields.length; i++) {
              if (fields[i].getAttribute("data-param") === name) return fields[i];
            }
            return null;
          }
          function attribute(text) {
            return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
          }
          // What a reader of the image should hear, as the image's own title says it: a ring's title if given,
          // otherwise the percentage of the first ring; a badge's label and percentage.
          function altText() {
            var badge = kind() === "badge";
            var title = fieldNamed("title");
            if (!badge && title && title.value !== "") return title.value;
            function number(name, fallback) {
              var f = fieldNamed(name);
              var n = f && f.value !== "" ? Number(f.value.split(",")[0]) : fallback;
              return isFinite(n) ? n : NaN;
            }
            var value = number("value", 0), min = number("min", 0), max = number("max", 100);
            var decimals = number("decimals", 0);
            if (isNaN(value) || isNaN(min) || isNaN(max) || !(max > min)) return "progress";
            var percent = Math.min(100, Math.max(0, (value - min) / (max - min) * 100));
            var shown = percent.toFixed(Math.min(3, Math.max(0, Math.round(decimals) || 0))) + "%";
            if (!badge) return "Progress: " + shown;
            var label = fieldNamed("label");
            // An empty field leaves the parameter out, and the badge's default label is "progress".
            var text = label && label.value !== "" ? label.value : "progress";
            return text === "" ? shown : text + ": " + shown;
          }
          function format() {
            return form.ownerDocument.querySelector("input[name=format]:checked").value;
          }
          function update() {
            var q = query();
            var suffix = q ? "?" + q : "";
            var base = location.origin + "/" + kind();
            var urls = { svg: base + ".svg" + suffix, png: base + ".png" + suffix };
            var alt = altText();
            svgImg.src = urls.svg;
            pngImg.src = urls.png;
            svgImg.alt = alt;
            pngImg.alt = alt;
            var chosen = urls[format()];
            var size = fieldNamed("size");
            var px = size && /^[0-9]+$/.test(size.value) ? size.value : "128";
            // A ring is size × size CSS pixels; a badge's width follows its text, so the image gives it.
            var box = kind() === "ring" ? '" width="' + px + '" height="' + px : "";
            outURL.value = chosen;
            outMarkdown.value = "![" + alt.replace(/([\[\]\\])/g, "\\$1") + "](" + chosen + ")";
            outHTML.value = '<img alt="' + attribute(alt) + '" src="' + attribute(chosen) + box + '">';
            check(urls.svg, ++generation);
          }
          // Header values arrive as one character per byte; the service writes UTF-8 (range 16…1024).
          function utf8(text) {
            var bytes = new Uint8Array(text.length);
            for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
            return new TextDecoder().decode(bytes);
          }
          function check(url, mine) {
            fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
              var header = response.headers.get("X-Error");
              var message = header ? utf8(header) : (response.ok ? "" : "the server answered " + response.status);
              if (mine === generation) show(message);
            }, function (error) {
              if (mine === generation) show("the server did not answer: " + error.message);
            });
          }
          function show(message) {
            fields.forEach(function (field) {
              field.removeAttribute("aria-invalid");
              document.getElementById(field.id + "-error").textContent = "";
            });
            formError.textContent = "";
            if (!message) {
              status.textContent = "Preview up to date.";
              return;
            }
            status.textContent = "";
            var field = fieldNamed(message.slice(0, message.indexOf(":")));
            if (field) {
              field.setAttribute("aria-invalid", "true");
              document.getElementById(field.id + "-error").textContent = message;
            } else {
              formError.textContent = message;
            }
          }
          function later() {
            clearTimeout(timer);
            timer = setTimeout(update, 250);
          }

          // A link such as /?value=50&color=red or /?kind=badge&label=docs (the gallery's "open in the builder")
          // fills the form.
          var given = new URLSearchParams(location.search);
          if (given.get("kind") === "badge") form.querySelector("input[name=kind][value=badge]").checked = true;
          applyKind();
          given.forEach(function (value, name) {
            var field = fieldNamed(name);
            if (field) field.value = value;
          });
          if (!location.search) fieldNamed("value").value = "72";

          form.addEventListener("input", function (event) {
            var target = event.target;
            if (target.name === "kind") {
              applyKind();
              update();
              return;
            }
            var picker = target.getAttribute("data-picker-for");
            if (picker) document.getElementById(picker).value = target.value;
            later();
          });
          form.addEventListener("change", later);
          form.addEventListener("submit", function (event) {
            event.preventDefault();
            update();
          });
          Array.prototype.forEach.call(document.querySelectorAll("input[name=format]"), function (radio) {
            radio.addEventListener("change", update);
          });
          document.getElementById("dark-preview").addEventListener("change", function (event) {
            document.getElementById("preview").classList.toggle("dark", event.target.checked);
          });
          document.addEventListener("click", function (event) {
            var button = event.target.closest("button[data-copy]");
            if (!button) return;
            var area = document.getElementById(button.getAttribute("data-copy"));
            area.focus();
            area.select();
            var said = button.textContent.replace(/^Copy /, "");
            function done(ok) {
              status.textContent = ok ? said + " copied." : "Press Ctrl+C to copy the selected " + said + ".";
            }
            if (navigator.clipboard && window.isSecureContext) {
              navigator.clipboard.writeText(area.value).then(function () { done(true); }, function () {
                done(document.execCommand("copy"));
              });
            } else {
              done(document.execCommand("copy"));
            }
          });
          update();
        })();
        """#
}
