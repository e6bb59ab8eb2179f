extension BuilderPage {
    /// The page's own CSS, after the shared rules; its SHA-256 goes into the page's CSP.
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
          // ( and ) are escaped too: a bare ) would end a Markdown link early.
          function encode(text) {
            return encodeURIComponent(text).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/")
              .replace(/\(/g, "%28").replace(/\)/g, "%29");
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
