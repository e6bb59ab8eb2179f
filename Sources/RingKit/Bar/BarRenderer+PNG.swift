import CCairo

extension BarRenderer {
    /// The PNG of `spec` at its width and height × `scale` pixels; identical specs give identical bytes. A PNG cannot
    /// follow the viewer's color scheme: `theme=auto` draws the light image.
    public static func png(_ spec: BarSpec) throws(RenderError) -> [UInt8] {
        let surface = try surface(spec)
        defer { cairo_surface_destroy(surface) }
        return try PNGEncoder.tuned.encode(surface)
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding (benchmarks time the two apart); the caller
    /// destroys it.
    package static func surface(_ spec: BarSpec) throws(RenderError) -> OpaquePointer {
        var spec = spec.normalized()
        // A PNG does not move: its labels are split only where the drawn fill's edge crosses them.
        spec.series.animate = 0
        if spec.series.theme == .auto {
            spec.series.theme = .light
            spec = spec.normalized()
        }
        let layout = BarLayout(spec)
        let scale = Swift.min(Swift.max(spec.series.scale, 1), 4)
        let surface = try CairoCanvas.surface(width: layout.width * scale, height: layout.height * scale)
        draw(layout, spec.series, on: surface, scale: Double(scale))
        cairo_surface_flush(surface)
        return surface
    }

    static func draw(_ layout: BarLayout, _ series: RingSpec, on surface: OpaquePointer, scale: Double) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        if let background = series.background {
            CairoCanvas.setColor(cr, background)
            cairo_rectangle(cr, 0, 0, Double(layout.width), Double(layout.height))
            cairo_fill(cr)
        }
        for bar in layout.bars {
            if let track = bar.track {
                CairoCanvas.setColor(cr, track)
                path(
                    cr,
                    BarShape(
                        length: layout.trackLength, y0: bar.y, height: layout.barHeight,
                        radius: layout.radius, from: 0, to: layout.trackLength))
                cairo_fill(cr)
            }
            let fill = BarFill(bar, color: bar.fillColor, gradient: bar.gradient)
            if !fill.pieces.isEmpty {
                // Pieces overlap; painted opaque into a group laid down at the fill's opacity, the overlaps do not
                // show, as with SVG's group opacity.
                let translucent = fill.alpha != 255
                if translucent { cairo_push_group(cr) }
                for piece in fill.pieces {
                    CairoCanvas.setColor(cr, piece.color)
                    path(
                        cr,
                        BarShape(
                            length: layout.trackLength, y0: bar.y, height: layout.barHeight,
                            radius: layout.radius, from: piece.from, to: piece.to))
                    cairo_fill(cr)
                }
                if translucent {
                    cairo_pop_group_to_source(cr)
                    cairo_paint_with_alpha(cr, Double(fill.alpha) / 255)
                }
            }
            for mark in layout.marks {
                CairoCanvas.setColor(cr, mark.color)
                cairo_rectangle(cr, mark.x, bar.y, layout.markWidth, layout.barHeight)
                cairo_fill(cr)
            }
            if let label = bar.label {
                let bold = series.fontWeight == .bold
                func draw(_ color: RGBAColor) {
                    CairoCanvas.setColor(cr, color)
                    if layout.placement == .inside {
                        TextLayout.draw(
                            label, on: cr, bold: bold, size: layout.fontSize, centerX: layout.labelX,
                            baseline: bar.baseline)
                    } else {
                        TextLayout.draw(
                            label, on: cr, bold: bold, size: layout.fontSize, left: layout.labelX,
                            baseline: bar.baseline)
                    }
                }
                if let fillColor = bar.fillTextColor {
                    // Two passes, each clipped to its side of the fill's edge, as the SVG's two viewports are.
                    let height = Double(layout.height)
                    cairo_save(cr)
                    cairo_rectangle(cr, bar.fillStart, 0, bar.fillLength - bar.fillStart, height)
                    cairo_clip(cr)
                    draw(fillColor)
                    cairo_restore(cr)
                    cairo_save(cr)
                    cairo_rectangle(cr, bar.fillLength, 0, Double(layout.width) - bar.fillLength, height)
                    if bar.fillStart > 0 { cairo_rectangle(cr, 0, 0, bar.fillStart, height) }
                    cairo_clip(cr)
                    draw(bar.textColor)
                    cairo_restore(cr)
                } else {
                    draw(bar.textColor)
                }
            }
        }
        if let placed = LogoPlacement.inBar(series, layout) {
            placed.logo.draw(cr, x: placed.x, y: placed.y, side: placed.side, color: placed.color)
        }
    }

    /// Adds the outline to Cairo's path, the same steps the SVG writes.
    static func path(_ cr: OpaquePointer, _ shape: BarShape) {
        cairo_new_path(cr)
        cairo_move_to(cr, shape.start.x, shape.start.y)
        for step in shape.steps {
            switch step {
            case .line(let x, let y):
                cairo_line_to(cr, x, y)
            case .arc(let cx, let cy, let radius, let from, let to, _, _):
                cairo_arc(cr, cx, cy, radius, from, to)
            }
        }
        cairo_close_path(cr)
    }
}
