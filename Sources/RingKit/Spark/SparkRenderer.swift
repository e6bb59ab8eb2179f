/// Draws sparklines as SVG from one `SparkLayout`, the same picture as the PNG: the area under the line, the line,
/// a dot on the last point and the label; no scripts, links or references (`url(`).
public enum SparkRenderer {
    /// The SVG document of `spec`, UTF-8; identical specs give identical bytes.
    public static func svg(_ spec: SparkSpec) -> [UInt8] {
        let spec = spec.normalized()
        let series = spec.series
        let layout = SparkLayout(spec)
        var w = MarkupWriter(capacity: 512 + layout.points.count * 16 + layout.title.utf8.count * 2)
        let dark = series.theme == .auto ? darkColors(series) : nil
        if dark != nil { w.namePrefix = MarkupWriter.namePrefix(forKey: spec.canonicalKey(for: .svg)) }
        w.openDocument(width: layout.width, height: layout.height, title: layout.title)
        if let dark { darkSchemeStyle(&w, layout, dark) }
        if let background = series.background {
            w.background(width: layout.width, height: layout.height, background)
        }
        let themed = dark?.line != nil
        if let area = layout.areaColor, layout.points.count > 1 {
            w.raw("<path")
            if themed { w.classAttribute("a") }
            w.raw(" d=\"")
            areaPath(&w, layout)
            w.raw("\" fill=\"")
            w.color(area)
            w.raw("\"/>")
        }
        if layout.points.count > 1 {
            w.raw("<path")
            if themed { w.classAttribute("c") }
            w.raw(" d=\"")
            linePath(&w, layout)
            w.raw("\" fill=\"none\" stroke=\"")
            w.color(layout.color)
            w.raw("\" stroke-width=\"")
            w.number(layout.lineWidth)
            w.raw("\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>")
        }
        if let end = layout.points.last {
            w.raw("<circle")
            if themed { w.classAttribute("d") }
            w.raw(" cx=\"")
            w.number(end.x)
            w.raw("\" cy=\"")
            w.number(end.y)
            w.raw("\" r=\"")
            w.number(layout.dotRadius)
            w.raw("\" fill=\"")
            w.color(layout.color)
            w.raw("\"/>")
        }
        if let label = layout.label {
            w.labelText(
                label, x: layout.labelX, baseline: layout.baseline, anchor: .start, fontSize: layout.fontSize,
                bold: series.fontWeight == .bold, color: series.textColor, themed: dark?.text != nil ? "x" : nil)
        }
        w.raw("</svg>\n")
        return w.bytes
    }

    /// `M x0 y0 L x1 y1 …` through every point.
    private static func linePath(_ w: inout MarkupWriter, _ layout: SparkLayout) {
        for (index, point) in layout.points.enumerated() {
            w.raw(index == 0 ? "M" : "L")
            w.number(point.x)
            w.raw(" ")
            w.number(point.y)
        }
    }

    /// The line closed along the bottom edge.
    private static func areaPath(_ w: inout MarkupWriter, _ layout: SparkLayout) {
        linePath(&w, layout)
        w.raw("L")
        w.number(layout.points.last!.x)
        w.raw(" ")
        w.number(layout.bottom)
        w.raw("L")
        w.number(layout.points[0].x)
        w.raw(" ")
        w.number(layout.bottom)
        w.raw("Z")
    }

    /// The colors a dark scheme switches to under `theme=auto`: the line's (a default color, or a threshold's made to
    /// stand out from a dark page), and the label's when left to the theme; nil when neither changes.
    static func darkColors(_ series: RingSpec) -> (line: RGBAColor?, text: RGBAColor?)? {
        var line: RGBAColor? = nil
        if let adapted = series.darkThresholdColor(ofRing: 0) {
            line = adapted
        } else if series.themedColors.contains(.color) && !series.reachesThreshold(ring: 0) {
            line = RingSpec.Theme.dark.ringColors[0]
        }
        let text =
            series.themedColors.contains(.textColor) && series.label != .none ? RingSpec.Theme.dark.textColor : nil
        return line == nil && text == nil ? nil : (line, text)
    }

    /// Switches the colors left to the theme where the viewer prefers a dark scheme.
    private static func darkSchemeStyle(
        _ w: inout MarkupWriter, _ layout: SparkLayout, _ dark: (line: RGBAColor?, text: RGBAColor?)
    ) {
        w.raw("<style>@media (prefers-color-scheme:dark){")
        if let line = dark.line {
            w.colorRule("c", .stroke, line)
            w.colorRule("d", .fill, line)
            if layout.areaColor != nil {
                w.colorRule("a", .fill, SparkLayout.translucent(line, SparkSpec.areaOpacity))
            }
        }
        if let text = dark.text { w.colorRule("x", .fill, text) }
        w.raw("}</style>")
    }
}
