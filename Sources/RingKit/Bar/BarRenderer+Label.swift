extension BarRenderer {
    /// Writes bar `index`'s label: one `<text>`, or, where the fill's edge crosses it, a copy in each side's color,
    /// each in a nested `<svg>` viewport that clips it to its side of `fillLength` (a clip that needs no reference).
    /// While `animate` grows the fill past it, such a label waits hidden (`w`, see `animationStyle`) and shows when
    /// the fill stops: no browser animates a viewport's width, and a label split at the final edge would not read
    /// over the growing fill.
    static func label(
        _ w: inout MarkupWriter, _ label: String, _ bar: BarLayout.Bar, index: Int, _ layout: BarLayout,
        _ series: RingSpec, animated: Bool
    ) {
        if series.theme == .auto && layout.placement == .beside && series.themedColors.contains(.textColor) {
            text(&w, label, bar, layout, series, color: bar.textColor, themed: "x", index: 0)
            return
        }
        let trackThemed: StaticString? = bar.darkTextColor == nil ? nil : "y"
        guard let fillColor = bar.fillTextColor else {
            text(&w, label, bar, layout, series, color: bar.textColor, themed: trackThemed, index: index)
            return
        }
        let height = Double(layout.height)
        let rest = Double(layout.width) - bar.fillLength
        if animated {
            w.raw("<g")
            w.classAttribute("w", index)
            w.raw(">")
        }
        w.raw("<svg x=\"")
        w.number(bar.fillLength)
        w.raw("\" width=\"")
        w.number(rest)
        w.raw("\" height=\"")
        w.number(height)
        w.raw("\" viewBox=\"")
        w.number(bar.fillLength)
        w.raw(" 0 ")
        w.number(rest)
        w.raw(" ")
        w.number(height)
        w.raw("\">")
        text(&w, label, bar, layout, series, color: bar.textColor, themed: trackThemed, index: index)
        w.raw("</svg>")
        if bar.fillStart > 0 {
            // Left of a fill that grows from a neutral point: the track's side again.
            w.raw("<svg width=\"")
            w.number(bar.fillStart)
            w.raw("\" height=\"")
            w.number(height)
            w.raw("\">")
            text(&w, label, bar, layout, series, color: bar.textColor, themed: trackThemed, index: index)
            w.raw("</svg><svg x=\"")
            w.number(bar.fillStart)
            w.raw("\" width=\"")
            w.number(bar.fillLength - bar.fillStart)
            w.raw("\" height=\"")
            w.number(height)
            w.raw("\" viewBox=\"")
            w.number(bar.fillStart)
            w.raw(" 0 ")
            w.number(bar.fillLength - bar.fillStart)
            w.raw(" ")
            w.number(height)
            w.raw("\">")
        } else {
            w.raw("<svg width=\"")
            w.number(bar.fillLength)
            w.raw("\" height=\"")
            w.number(height)
            w.raw("\">")
        }
        let fillThemed: StaticString? = bar.darkFillTextColor == nil ? nil : "z"
        text(&w, label, bar, layout, series, color: fillColor, themed: fillThemed, index: index)
        w.raw("</svg>")
        if animated { w.raw("</g>") }
    }

    /// One `<text>` of the label in `color`; `themed`: the name of the class that gives its dark-scheme color.
    private static func text(
        _ w: inout MarkupWriter, _ label: String, _ bar: BarLayout.Bar, _ layout: BarLayout, _ series: RingSpec,
        color: RGBAColor, themed: StaticString?, index: Int
    ) {
        w.raw("<text")
        if let themed { w.classAttribute(themed, index) }
        w.raw(" x=\"")
        w.number(layout.labelX)
        w.raw("\" y=\"")
        w.number(bar.baseline)
        w.raw(layout.placement == .inside ? "\" text-anchor=\"middle\" font-family=\"" : "\" font-family=\"")
        w.raw(SVGRenderer.fontFamily)
        w.raw("\" font-size=\"")
        w.number(layout.fontSize)
        w.raw(series.fontWeight == .bold ? "\" font-weight=\"bold\" fill=\"" : "\" font-weight=\"normal\" fill=\"")
        w.color(color)
        w.raw("\">")
        w.escaped(label)
        w.raw("</text>")
    }
}
