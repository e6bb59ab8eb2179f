import CCairo

/// Cairo helpers shared by the ring, badge and error-image renderers: surfaces, colors and caps (text is TextLayout).
enum CairoCanvas {
    /// The largest surface side accepted, in pixels (the contract's limit is 2048).
    static let maxPixels = 4096

    /// A cleared ARGB32 surface of `pixels × pixels`.
    static func surface(pixels: Int) throws(RenderError) -> OpaquePointer {
        try surface(width: pixels, height: pixels)
    }

    /// A cleared ARGB32 surface of `width × height` pixels.
    static func surface(width: Int, height: Int) throws(RenderError) -> OpaquePointer {
        guard width > 0, width <= maxPixels, height > 0, height <= maxPixels else {
            throw RenderError("image of \(width)×\(height) px is outside 1…\(maxPixels) on a side")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("Cairo could not create a \(width)×\(height) surface")
        }
        return surface
    }

    /// A cleared surface of `width × height` CSS pixels at `scale` (clamped to 1…4) pixels each, with `draw` run on a
    /// context that draws in CSS pixels, flushed; the caller destroys it.
    static func drawn(
        width: Int, height: Int, scale: Int, _ draw: (_ cr: OpaquePointer) -> Void
    ) throws(RenderError) -> OpaquePointer {
        let scale = Swift.min(Swift.max(scale, 1), 4)
        let surface = try surface(width: width * scale, height: height * scale)
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(scale), Double(scale))
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    /// Fills the whole `width` × `height` image with `color`; nothing where it is nil (`none`).
    static func paintBackground(_ cr: OpaquePointer, _ color: RGBAColor?, width: Int, height: Int) {
        guard let color else { return }
        setColor(cr, color)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        cairo_fill(cr)
    }

    static func setColor(_ cr: OpaquePointer, _ c: RGBAColor) {
        cairo_set_source_rgba(
            cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, Double(c.alpha) / 255)
    }

    static func lineCap(_ cap: RingSpec.Cap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .butt: CAIRO_LINE_CAP_BUTT
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}
