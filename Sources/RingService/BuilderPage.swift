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
            kinds: [.ring, .badge], group: "Colors"),
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
            "fontSize", .text(inputMode: "decimal"), "Label size in pixels, 6…size. Default: fits the hole.",
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
        .init(
            "icon", .choice(["ring", "bar"]), "The small picture before the value: a ring or a bar.",
            placeholder: "ring", kinds: [.badge], group: "Badge"),
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
}
