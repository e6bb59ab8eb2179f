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
