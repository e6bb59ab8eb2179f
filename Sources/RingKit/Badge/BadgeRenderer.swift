/// Draws a badge as SVG or PNG from one `BadgeLayout`, so both show the same picture.
public enum BadgeRenderer {
    /// The SVG document of `spec`, UTF-8; identical specs give identical bytes. No scripts, links, references
    /// (`url(`), or animation: the flat style's shade and plastic's sheen are drawn as bands of plain fills instead
    /// of a gradient, and no clip path is needed.
    public static func svg(_ spec: BadgeSpec) -> [UInt8] {
        let layout = BadgeLayout(spec)
        // Only a themed badge has names (its panels' classes); the others skip the key.
        let names = layout.themedPanels.isEmpty ? [] : MarkupWriter.namePrefix(forKey: spec.canonicalKey(for: .svg))
        return svg(layout, namePrefix: names)
    }

    /// A badge that states why a badge request was refused: `error` on the left, the message on red on the right,
    /// in the style the request asked for, so it sits in a row of badges where a badge was expected.
    public static func errorSVG(
        message: String, label: String = "error", brief: String? = nil, style: BadgeSpec.Style = .flat
    ) -> [UInt8] {
        svg(errorLayout(message: message, label: label, brief: brief, style: style))
    }

    /// The layout of an error badge, as shields draws one: the badge's own label and a few words (`brief`, such as
    /// `invalid max` or `inaccessible`), about as wide as the badge it replaces; the whole sentence, cut to
    /// `errorMessageLength` characters, is its accessible name (a tooltip) and the answer's `X-Error`. Without a
    /// brief, the sentence itself is the message.
    static func errorLayout(
        message: String, label: String = "error", brief: String? = nil, style: BadgeSpec.Style = .flat
    ) -> BadgeLayout {
        var text = message
        if text.count > errorMessageLength { text = String(text.prefix(errorMessageLength - 1)) + "…" }
        return BadgeLayout(
            label: label, labelFill: RGBAColor(0x55, 0x55, 0x55), value: brief ?? text, valueFill: errorFill,
            style: style, icon: nil, title: AccessibleName.badge(label: label, value: text))
    }

    /// The longest error message a badge's name gives, in characters.
    static let errorMessageLength = 140
    /// shields.io's `critical` red.
    public static let errorFill = RGBAColor(0xe0, 0x5d, 0x44)

    /// `namePrefix`: what the class names start with (see `MarkupWriter.namePrefix(forKey:)`).
    static func svg(_ layout: BadgeLayout, namePrefix: [UInt8] = []) -> [UInt8] {
        var w = MarkupWriter(capacity: 1536 + layout.title.utf8.count * 2 + (layout.label?.text.utf8.count ?? 0) * 2)
        w.namePrefix = namePrefix
        w.openDocument(width: layout.width, height: layout.height, title: layout.title)
        if !layout.themedPanels.isEmpty {
            // `theme=auto`: the panels left to the theme take the dark theme's fills in a dark scheme; both themes'
            // fills are dark enough for the white text, so the text stays.
            let dark = BadgeSpec.defaultColors(.dark)
            w.raw("<style>@media (prefers-color-scheme:dark){")
            if layout.themedPanels.contains(.labelColor) { w.colorRule("l", .fill, dark.labelColor) }
            if layout.themedPanels.contains(.color) { w.colorRule("v", .fill, dark.color) }
            w.raw("}</style>")
        }
        for panel in layout.panels {
            if let role = panel.role, layout.themedPanels.contains(role) {
                w.raw("<path")
                if role == .labelColor { w.classAttribute("l") } else { w.classAttribute("v") }
                w.raw(" d=\"")
            } else {
                w.raw("<path d=\"")
            }
            panelPath(&w, panel)
            w.raw("\" fill=\"")
            w.color(panel.fill)
            if panel.opacity < 1 {
                w.raw("\" fill-opacity=\"")
                w.number(panel.opacity)
            }
            w.raw("\"/>")
        }
        if let x = layout.notchX { notch(&w, x: x) }
        if let placed = layout.logo { placed.logo.svg(&w, x: placed.x, y: placed.y, color: placed.color) }
        icon(&w, layout)
        // The font is set once for every text, as shields.io does.
        w.raw("<g text-anchor=\"middle\" font-family=\"")
        w.raw(BadgeStyleMetrics.of(layout.style).fontFamily)
        w.raw("\" font-size=\"")
        w.number(layout.fontSize)
        w.raw("\" text-rendering=\"geometricPrecision\">")
        if let label = layout.label { text(&w, label, baseline: layout.baseline) }
        text(&w, layout.value, baseline: layout.baseline)
        w.raw("</g></svg>\n")
        return w.bytes
    }

    /// The icon: a ring's track and progress in the icon's own coordinates moved into place, or a bar's track and
    /// fill.
    private static func icon(_ w: inout MarkupWriter, _ layout: BadgeLayout) {
        switch layout.icon {
        case .ring(let g):
            w.raw("<g transform=\"translate(")
            w.number(layout.iconX)
            w.raw(" ")
            w.number(layout.iconY)
            w.raw(")\" fill=\"none\" stroke-width=\"")
            w.number(g.thickness)
            w.raw("\"><circle cx=\"")
            w.number(g.center)
            w.raw("\" cy=\"")
            w.number(g.center)
            w.raw("\" r=\"")
            w.number(g.radius)
            w.raw("\" stroke=\"")
            w.color(layout.iconTrack)
            w.raw("\"/>")
            if g.hasProgress {
                w.raw("<path d=\"")
                SVGRenderer.arcPath(&w, g, from: g.progressStartAngle, sweep: g.progressSweep, radius: g.radius)
                w.raw("\"")
                if !g.isProgressClosed { SVGRenderer.lineCap(&w, g.cap) }
                w.raw(" stroke=\"")
                w.color(layout.iconColor)
                w.raw("\"/>")
            }
            w.raw("</g>")
        case .bar(let from, let to):
            for (shape, color) in barIcon(layout, from: from, to: to) {
                w.raw("<path d=\"")
                BarRenderer.path(&w, shape)
                w.raw("\" fill=\"")
                w.color(color)
                w.raw("\"/>")
            }
        case nil:
            break
        }
    }

    /// The bar icon's shapes and colors, in image coordinates: the track, then the fill when there is one.
    static func barIcon(_ layout: BadgeLayout, from: Double, to: Double) -> [(BarShape, RGBAColor)] {
        let width = Double(BadgeLayout.barIconWidth)
        let height = Double(BadgeLayout.barIconHeight)
        func shape(from start: Double = 0, to end: Double) -> BarShape {
            let local = BarShape(
                length: width, y0: layout.iconY, height: height, radius: height / 2, from: start, to: end)
            return local.moved(by: layout.iconX)
        }
        var shapes = [(shape(to: width), layout.iconTrack)]
        func x(_ share: Double) -> Double { (width * Swift.min(Swift.max(share, 0), 1) * 100).rounded() / 100 }
        if x(to) > x(from) { shapes.append((shape(from: x(from), to: x(to)), layout.iconColor)) }
        return shapes
    }

    /// One text, its shadow first (hidden from screen readers, which read the title), stretched to its reserved
    /// length so every viewer's font takes the same room.
    private static func text(_ w: inout MarkupWriter, _ text: BadgeLayout.Text, baseline: Double) {
        if let shadow = text.shadow {
            w.raw("<text aria-hidden=\"true\"")
            textAttributes(&w, text, baseline: baseline + BadgeLayout.shadowOffset)
            w.raw(" fill=\"")
            w.color(shadow)
            if text.shadowOpacity < 1 {
                w.raw("\" fill-opacity=\"")
                w.number(text.shadowOpacity)
            }
            w.raw("\">")
            w.labelContent(text.text)
            w.raw("</text>")
        }
        w.raw("<text")
        textAttributes(&w, text, baseline: baseline)
        w.raw(" fill=\"")
        w.color(text.fill)
        w.raw("\">")
        w.labelContent(text.text)
        w.raw("</text>")
    }

    private static func textAttributes(_ w: inout MarkupWriter, _ text: BadgeLayout.Text, baseline: Double) {
        w.raw(" x=\"")
        w.number(text.centerX)
        w.raw("\" y=\"")
        w.number(baseline)
        w.raw("\"")
        if text.fitted {
            w.raw(" textLength=\"")
            w.integer(text.length)
            w.raw("\"")
        }
        if text.bold { w.raw(" font-weight=\"bold\"") }
    }
}
