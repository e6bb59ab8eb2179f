import CCairo

extension SparkRenderer {
    /// The PNG of `spec` at its width and height × `scale` pixels; identical specs give identical bytes. A PNG cannot
    /// follow the viewer's color scheme: `theme=auto` draws colors that read on light and dark pages alike.
    public static func png(_ spec: SparkSpec) throws(RenderError) -> [UInt8] {
        try PNGEncoder.tuned.encode(consuming: surface(spec))
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding; the caller destroys it.
    package static func surface(_ spec: SparkSpec) throws(RenderError) -> OpaquePointer {
        var spec = spec.normalized()
        // `theme=auto`: colors that read on light and dark pages (`RingSpec.rasterColors`), the label over a halo.
        var halo: RGBAColor? = nil
        if spec.series.theme == .auto {
            let themed = spec.series.themedColors
            spec.series.theme = .light
            spec = spec.normalized()
            halo = spec.series.applyRasterAuto(themed: themed)
        }
        let layout = SparkLayout(spec)
        return try CairoCanvas.drawn(width: layout.width, height: layout.height, scale: spec.series.scale) { cr in
            draw(layout, spec.series, on: cr, halo: halo)
        }
    }

    static func draw(_ layout: SparkLayout, _ series: RingSpec, on cr: OpaquePointer, halo: RGBAColor? = nil) {
        CairoCanvas.paintBackground(cr, series.background, width: layout.width, height: layout.height)
        if layout.points.count > 1 {
            if let area = layout.areaColor {
                line(cr, layout)
                cairo_line_to(cr, layout.points.last!.x, layout.bottom)
                cairo_line_to(cr, layout.points[0].x, layout.bottom)
                cairo_close_path(cr)
                CairoCanvas.setColor(cr, area)
                cairo_fill(cr)
            }
            line(cr, layout)
            CairoCanvas.setColor(cr, layout.color)
            cairo_set_line_width(cr, layout.lineWidth)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cr)
        }
        if let end = layout.points.last {
            cairo_new_path(cr)
            cairo_arc(cr, end.x, end.y, layout.dotRadius, 0, 2 * Double.pi)
            CairoCanvas.setColor(cr, layout.color)
            cairo_fill(cr)
        }
        if let label = layout.label {
            CairoCanvas.setColor(cr, series.textColor)
            TextLayout.draw(
                label, on: cr, bold: series.fontWeight == .bold, size: layout.fontSize, left: layout.labelX,
                baseline: layout.baseline, halo: halo)
        }
    }

    /// The line through every point as Cairo's path.
    private static func line(_ cr: OpaquePointer, _ layout: SparkLayout) {
        cairo_new_path(cr)
        for (index, point) in layout.points.enumerated() {
            if index == 0 { cairo_move_to(cr, point.x, point.y) } else { cairo_line_to(cr, point.x, point.y) }
        }
    }
}
