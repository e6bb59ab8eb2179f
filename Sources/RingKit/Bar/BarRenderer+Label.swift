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
        if animated {
            w.raw("<g")
            w.classAttribute("w", index)
            w.raw(">")
        }
        // Right of the fill, and left of a fill that grows from a neutral point: the track's side.
        viewport(&w, x: bar.fillLength, width: Double(layout.width) - bar.fillLength, height: height)
        text(&w, label, bar, layout, series, color: bar.textColor, themed: trackThemed, index: index)
        w.raw("</svg>")
        if bar.fillStart > 0 {
            viewport(&w, x: 0, width: bar.fillStart, height: height)
            text(&w, label, bar, layout, series, color: bar.textColor, themed: trackThemed, index: index)
            w.raw("</svg>")
        }
        viewport(&w, x: bar.fillStart, width: bar.fillLength - bar.fillStart, height: height)
        let fillThemed: StaticString? = bar.darkFillTextColor == nil ? nil : "z"
        text(&w, label, bar, layout, series, color: fillColor, themed: fillThemed, index: index)
        w.raw("</svg>")
        if animated { w.raw("</g>") }
    }

    /// Opens a nested `<svg>` over `x…x + width` of the image: what is drawn in it is clipped to that strip, with no
    /// reference to a clip path. At `x` 0 it needs no offset and no viewBox.
    private static func viewport(_ w: inout MarkupWriter, x: Double, width: Double, height: Double) {
        w.raw("<svg ")
        if x > 0 {
            w.raw("x=\"")
            w.number(x)
            w.raw("\" ")
        }
        w.raw("width=\"")
        w.number(width)
        w.raw("\" height=\"")
        w.number(height)
        if x > 0 {
            w.raw("\" viewBox=\"")
            w.number(x)
            w.raw(" 0 ")
            w.number(width)
            w.raw(" ")
            w.number(height)
        }
        w.raw("\">")
    }

    /// One `<text>` of the label in `color`; `themed`: the name of the class that gives its dark-scheme color.
    private static func text(
        _ w: inout MarkupWriter, _ label: String, _ bar: BarLayout.Bar, _ layout: BarLayout, _ series: RingSpec,
        color: RGBAColor, themed: StaticString?, index: Int
    ) {
        w.labelText(
            label, x: layout.labelX, baseline: bar.baseline, anchor: layout.placement == .inside ? .middle : .end,
            fontSize: layout.fontSize, bold: series.fontWeight == .bold, color: color, themed: themed, index: index)
    }
}
