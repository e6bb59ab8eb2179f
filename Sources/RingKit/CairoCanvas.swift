import CCairo

/// Cairo helpers shared by the ring and error-image renderers: surfaces, colors, caps, and the label font.
enum CairoCanvas {
    /// Font faces are immutable and thread-safe in Cairo; creating them once keeps fontconfig off the hot path.
    private final class Faces: @unchecked Sendable {
        // Safe to share: Cairo font faces are reference-counted with atomics and never mutated after creation.
        let regular = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
        let bold = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)!
        let options: OpaquePointer = {
            let o = cairo_font_options_create()!
            // Unhinted advances keep text widths proportional to the font size, as in the SVG renderers.
            cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_SLIGHT)
            cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY)
            return o
        }()
    }

    private static let faces = Faces()

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

    /// Selects DejaVu Sans at `size` user units.
    static func setFont(_ cr: OpaquePointer, bold: Bool, size: Double) {
        cairo_set_font_face(cr, bold ? faces.bold : faces.regular)
        cairo_set_font_options(cr, faces.options)
        cairo_set_font_size(cr, size)
    }
}
