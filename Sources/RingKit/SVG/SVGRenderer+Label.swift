extension SVGRenderer {
    /// Writes the label: one `<text>`, its lines as `<tspan>`s when it wraps. `themed`: its color follows the
    /// viewer's color scheme (class `x` behind the image's prefix, see the dark-scheme style).
    static func label(
        _ w: inout MarkupWriter, _ layout: LabelLayout, _ spec: RingSpec, _ g: RingGeometry, themed: Bool
    ) {
        w.raw("<text")
        if themed { w.classAttribute("x") }
        w.raw(" x=\"")
        w.number(g.center)
        w.raw("\" y=\"")
        w.number(layout.baselines[0])
        w.raw("\" text-anchor=\"middle\" font-family=\"")
        w.raw(fontFamily)
        w.raw("\" font-size=\"")
        w.number(layout.fontSize)
        w.raw(spec.fontWeight == .bold ? "\" font-weight=\"bold\" fill=\"" : "\" font-weight=\"normal\" fill=\"")
        w.color(spec.textColor)
        w.raw("\">")
        if layout.lines.count == 1 {
            w.labelContent(layout.lines[0])
        } else {
            for (line, baseline) in zip(layout.lines, layout.baselines) {
                w.raw("<tspan x=\"")
                w.number(g.center)
                w.raw("\" y=\"")
                w.number(baseline)
                w.raw("\">")
                w.labelContent(line)
                w.raw("</tspan>")
            }
        }
        w.raw("</text>")
    }
}
