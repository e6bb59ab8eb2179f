import CCairo

extension BarRenderer {
    /// The PNG of `spec` at its width and height × `scale` pixels; identical specs give identical bytes. A PNG cannot
    /// follow the viewer's color scheme: `theme=auto` draws colors that read on light and dark pages alike.
    public static func png(_ spec: BarSpec) throws(RenderError) -> [UInt8] {
        try PNGEncoder.tuned.encode(consuming: surface(spec))
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding (benchmarks time the two apart); the caller
    /// destroys it.
    /// `reveal` below 1 draws that share of each fill (`BarLayout.revealing`): a frame of the GIF's animation,
    /// whose labels are split wherever the growing edge passes under them.
    package static func surface(_ spec: BarSpec, reveal: Double = 1) throws(RenderError) -> OpaquePointer {
        var spec = spec.normalized()
        // A PNG does not move: its labels are split only where the drawn fill's edge crosses them.
        if reveal >= 1 { spec.series.animate = 0 }
        // `theme=auto`: colors that read on light and dark pages (`RingSpec.rasterColors`); a label beside the bar,
        // over the page, gets a halo.
        var halo: RGBAColor? = nil
        if spec.series.theme == .auto {
            let themed = spec.series.themedColors
            spec.series.theme = .light
            spec = spec.normalized()
            halo = spec.series.applyRasterAuto(themed: themed)
        }
        let layout = reveal < 1 ? BarLayout(spec).revealing(reveal) : BarLayout(spec)
        return try CairoCanvas.drawn(width: layout.width, height: layout.height, scale: spec.series.scale) { cr in
            draw(layout, spec.series, on: cr, halo: layout.placement == .inside ? nil : halo)
        }
    }

    static func draw(_ layout: BarLayout, _ series: RingSpec, on cr: OpaquePointer, halo: RGBAColor? = nil) {
        let drawnBase = base(layout, series, cr)
        for bar in layout.bars {
            if !drawnBase, let track = bar.track {
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
                            label, on: cr, bold: bold, size: layout.fontSize, right: layout.labelX,
                            baseline: bar.baseline, halo: halo)
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

    /// Draws the background and, for a one-bar image, its track, from the copy of them this thread kept for that
    /// look or by drawing them (and keeping a copy when the look comes again): they do not change with the value, and
    /// their rounded ends cost a bar miss a quarter of its drawing. A copy gives the very pixels drawing would (the
    /// same Cairo calls on the same empty surface). Returns whether the track was drawn; the background always is.
    private static func base(_ layout: BarLayout, _ series: RingSpec, _ cr: OpaquePointer) -> Bool {
        func background() {
            CairoCanvas.paintBackground(cr, series.background, width: layout.width, height: layout.height)
        }
        guard layout.bars.count == 1, let bar = layout.bars.first, let track = bar.track else {
            background()
            return false
        }
        let surface = cairo_get_target(cr)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let scale = matrix.xx
        let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        let count = rowPixels * Int(cairo_image_surface_get_height(surface))
        let key = BaseLayers.Key(
            width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)),
            rowPixels: rowPixels, background: series.background, track: track, outline: nil,
            bar: BaseLayers.BarTrack(
                length: layout.trackLength, y: bar.y, height: layout.barHeight, radius: layout.radius, scale: scale))
        let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
            .assumingMemoryBound(to: UInt32.self)
        let layers = BaseLayers.perThread.value
        if let kept = layers.layer(for: key), kept.count == count {
            kept.withUnsafeBufferPointer { pixels.update(from: $0.baseAddress!, count: count) }
            cairo_surface_mark_dirty(surface)
            return true
        }
        background()
        CairoCanvas.setColor(cr, track)
        path(
            cr,
            BarShape(
                length: layout.trackLength, y0: bar.y, height: layout.barHeight, radius: layout.radius, from: 0,
                to: layout.trackLength))
        cairo_fill(cr)
        if layers.shouldKeep(key, size: count) {
            cairo_surface_flush(surface)
            layers.keep(Array(UnsafeBufferPointer(start: pixels, count: count)), size: count, for: key)
        }
        return true
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
