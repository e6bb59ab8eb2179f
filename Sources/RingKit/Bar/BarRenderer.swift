/// Draws bars as SVG from one `BarLayout`, the same picture as the PNG: no scripts, links or references (`url(`);
/// rounded ends and fades are drawn as plain shapes.
public enum BarRenderer {
    /// The SVG document of `spec`, UTF-8; identical specs give identical bytes.
    public static func svg(_ spec: BarSpec) -> [UInt8] {
        let spec = spec.normalized()
        let series = spec.series
        let layout = BarLayout(spec)
        var w = MarkupWriter(capacity: 1024 + layout.title.utf8.count * 2)
        let animated = series.animate > 0 && series.animate.isFinite
        let auto = series.theme == .auto
        if animated || auto { w.namePrefix = MarkupWriter.namePrefix(forKey: spec.canonicalKey(for: .svg)) }
        w.openDocument(width: layout.width, height: layout.height, title: layout.title)
        if animated || auto {
            w.raw("<style>")
            if animated { animationStyle(&w, layout, seconds: Swift.min(series.animate, 10)) }
            if auto { darkSchemeStyle(&w, layout, series) }
            w.raw("</style>")
        }
        if let background = series.background {
            w.background(width: layout.width, height: layout.height, background)
        }
        for (index, bar) in layout.bars.enumerated() {
            self.bar(&w, bar, index: index, layout, series, animated: animated)
        }
        if let placed = LogoPlacement.inBar(series, layout) {
            placed.logo.svg(&w, x: placed.x, y: placed.y, side: placed.side, color: placed.color)
        }
        w.raw("</svg>\n")
        return w.bytes
    }

    private static func bar(
        _ w: inout MarkupWriter, _ bar: BarLayout.Bar, index: Int, _ layout: BarLayout, _ series: RingSpec,
        animated: Bool
    ) {
        let auto = series.theme == .auto
        if let track = bar.track {
            w.raw("<rect")
            if auto && series.themedColors.contains(.track) { w.classAttribute("t") }
            w.raw(" y=\"")
            w.number(bar.y)
            w.raw("\" width=\"")
            w.number(layout.trackLength)
            w.raw("\" height=\"")
            w.number(layout.barHeight)
            if layout.radius > 0 {
                w.raw("\" rx=\"")
                w.number(layout.radius)
            }
            w.raw("\" fill=\"")
            w.color(track)
            w.raw("\"/>")
        }
        let fill = BarFill(bar, color: bar.fillColor, gradient: bar.gradient)
        if !fill.pieces.isEmpty {
            let themed =
                auto && bar.gradient == nil
                && ((series.themedColors.contains(.color) && !series.reachesThreshold(ring: index))
                    || series.darkThresholdColor(ofRing: index) != nil)
            if auto, let dark = series.darkGradientEnds(ofRing: index) {
                // Both fades: the dark one hidden by an attribute that only the dark scheme's rule overrides.
                fillGroup(&w, fill, bar, index: index, layout, animated: animated, themed: false, scheme: .light)
                let darkFill = BarFill(bar, color: dark.start, gradient: dark.end)
                fillGroup(&w, darkFill, bar, index: index, layout, animated: animated, themed: false, scheme: .dark)
            } else {
                fillGroup(&w, fill, bar, index: index, layout, animated: animated, themed: themed, scheme: nil)
            }
        }
        for mark in layout.marks {
            w.raw("<rect x=\"")
            w.number(mark.x)
            w.raw("\" y=\"")
            w.number(bar.y)
            w.raw("\" width=\"")
            w.number(layout.markWidth)
            w.raw("\" height=\"")
            w.number(layout.barHeight)
            w.raw("\" fill=\"")
            w.color(mark.color)
            w.raw("\"/>")
        }
        if let label = bar.label {
            self.label(&w, label, bar, index: index, layout, series, animated: animated)
        }
    }

    /// One fill's pieces in a group (the group grows when animated); `themed`: its one piece takes the dark scheme's
    /// color by class; `scheme`: which of a fade's two versions this is.
    private static func fillGroup(
        _ w: inout MarkupWriter, _ fill: BarFill, _ bar: BarLayout.Bar, index: Int, _ layout: BarLayout, animated: Bool,
        themed: Bool, scheme: RingSpec.Theme?
    ) {
        w.raw("<g")
        if animated || scheme != nil {
            w.raw(" class=\"")
            if animated { w.name("p", index) }
            if animated && scheme != nil { w.raw(" ") }
            if scheme == .light { w.name("gl") }
            if scheme == .dark { w.name("gd") }
            w.raw("\"")
        }
        if scheme == .dark { w.raw(" display=\"none\"") }
        if fill.alpha != 255 {
            w.raw(" opacity=\"")
            NumberText.appendCompact(Double(fill.alpha) / 255, decimals: 4, to: &w.bytes)
            w.raw("\"")
        }
        w.raw(">")
        for piece in fill.pieces {
            // A themed color is one solid piece: the class on it, so the dark scheme's rule wins over its fill.
            if themed {
                w.raw("<path")
                w.classAttribute("c", index)
                w.raw(" d=\"")
            } else {
                w.raw("<path d=\"")
            }
            path(
                &w,
                BarShape(
                    length: layout.trackLength, y0: bar.y, height: layout.barHeight, radius: layout.radius,
                    from: piece.from, to: piece.to))
            w.raw("\" fill=\"")
            w.color(piece.color)
            w.raw("\"/>")
        }
        w.raw("</g>")
    }

    /// The outline as path data: `M x y` then `L` and `A` (clockwise, under a half turn) steps, closed.
    static func path(_ w: inout MarkupWriter, _ shape: BarShape) {
        w.raw("M")
        w.number(shape.start.x)
        w.raw(" ")
        w.number(shape.start.y)
        for step in shape.steps {
            switch step {
            case .line(let x, let y):
                w.raw("L")
                w.number(x)
                w.raw(" ")
                w.number(y)
            case .arc(_, _, let radius, _, _, let x, let y):
                w.clockwiseArc(radius: radius, toX: x, toY: y)
            }
        }
        w.raw("Z")
    }

    /// Each fill grows from the left end in `seconds`; the final state is the static drawing, and reduced motion
    /// turns the growth off.
    private static func animationStyle(_ w: inout MarkupWriter, _ layout: BarLayout, seconds: Double) {
        let grown = layout.bars.indices.filter { layout.bars[$0].fillLength > layout.bars[$0].fillStart }
        guard !grown.isEmpty else { return }
        w.raw("@keyframes ")
        w.name("p")
        w.raw("{from{transform:scaleX(0)}}")
        for (n, index) in grown.enumerated() {
            if n > 0 { w.raw(",") }
            w.selector("p", index)
        }
        // From the neutral point, where there is one.
        w.raw("{transform-origin:")
        if layout.neutralX > 0 {
            w.number(layout.neutralX)
            w.raw("px")
        } else {
            w.raw("0")
        }
        w.raw(" 0;animation:")
        w.name("p")
        w.raw(" ")
        w.number(seconds)
        w.raw("s ease-out}")
        // A split label is hidden while the fill grows under it, and shows when the fill stops.
        let clipped = grown.filter { layout.bars[$0].fillTextColor != nil }
        if !clipped.isEmpty {
            w.raw("@keyframes ")
            w.name("w")
            w.raw("{from,to{opacity:0}}")
            for (n, index) in clipped.enumerated() {
                if n > 0 { w.raw(",") }
                w.selector("w", index)
            }
            w.raw("{animation:")
            w.name("w")
            w.raw(" ")
            w.number(seconds)
            w.raw("s}")
        }
        w.raw("@media (prefers-reduced-motion:reduce){")
        for (n, index) in grown.enumerated() {
            if n > 0 { w.raw(",") }
            w.selector("p", index)
        }
        for index in clipped {
            w.raw(",")
            w.selector("w", index)
        }
        w.raw("{animation:none}}")
    }

    /// Switches the colors left to the theme to the dark defaults where the viewer prefers a dark scheme.
    private static func darkSchemeStyle(_ w: inout MarkupWriter, _ layout: BarLayout, _ series: RingSpec) {
        w.raw("@media (prefers-color-scheme:dark){")
        let solid = layout.bars.indices.filter { layout.bars[$0].gradient == nil && layout.bars[$0].fillLength > 0 }
        SVGRenderer.darkSeriesStyle(&w, series, solid: solid, of: layout.bars.indices, .fill)
        if series.themedColors.contains(.textColor) && layout.placement == .beside {
            w.colorRule("x", .fill, RingSpec.Theme.dark.textColor)
        }
        for (index, bar) in layout.bars.enumerated() {
            if let color = bar.darkTextColor { w.colorRule("y", index: index, .fill, color) }
            if let color = bar.darkFillTextColor { w.colorRule("z", index: index, .fill, color) }
        }
        w.raw("}")
    }
}
