import CCairo
import Foundation

/// Draws a ring with Cairo and encodes it as PNG: the same geometry as the SVG, `scale` times the pixels.
public enum PNGRenderer {
    /// The PNG of `spec` at `size × scale` pixels; identical specs give identical bytes.
    public static func render(_ spec: RingSpec) throws(RenderError) -> [UInt8] {
        try render(spec, encoder: .tuned)
    }

    /// The PNG of `spec`, encoded with `encoder` (benchmarks and tests compare the encoders).
    public static func render(_ spec: RingSpec, encoder: PNGEncoder) throws(RenderError) -> [UInt8] {
        let scale = Swift.min(Swift.max(spec.scale, 1), 4)
        let surface = try CairoCanvas.surface(pixels: spec.size * scale)
        defer { cairo_surface_destroy(surface) }
        draw(spec, on: surface, scale: Double(scale))
        cairo_surface_flush(surface)
        return try encoder.encode(surface)
    }

    /// Loads fontconfig and the label font (several milliseconds, once) so the first request does not pay for it.
    public static func warmUp() {
        var spec = RingSpec()
        spec.value = 50
        _ = try? render(spec)
    }

    /// Draws `spec` onto an ARGB32 surface of `size × scale` pixels.
    static func draw(_ spec: RingSpec, on surface: OpaquePointer, scale: Double) {
        let g = RingGeometry(spec)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)

        if let background = spec.background {
            CairoCanvas.setColor(cr, background)
            cairo_rectangle(cr, 0, 0, g.size, g.size)
            cairo_fill(cr)
        }
        cairo_set_line_width(cr, g.thickness)
        cairo_set_line_cap(cr, CairoCanvas.lineCap(g.cap))
        if let track = spec.track, g.trackSweep > 0 {
            CairoCanvas.setColor(cr, track)
            arc(cr, g, sweep: g.trackSweep)
            cairo_stroke(cr)
        }
        if g.hasProgress {
            CairoCanvas.setColor(cr, spec.effectiveColor)
            arc(cr, g, sweep: g.progressSweep)
            cairo_stroke(cr)
        }
        if let label = g.label, g.fontSize > 0 {
            CairoCanvas.setFont(cr, bold: spec.fontWeight == .bold, size: g.fontSize)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, label, &extents)
            // Centred on the advance width measured by Cairo, as SVG's text-anchor="middle" does, and on the
            // geometry's baseline, so the PNG and every SVG renderer put the label in the same place.
            let x = g.center - extents.x_advance / 2
            CairoCanvas.setColor(cr, spec.textColor)
            cairo_move_to(cr, x, g.labelBaseline)
            cairo_show_text(cr, label)
        }
    }

    /// Adds the centre-line arc of `sweep` degrees from the start angle; a full turn is a closed circle (no caps).
    static func arc(_ cr: OpaquePointer, _ g: RingGeometry, sweep: Double) {
        let from = (g.startAngle - 90) * Double.pi / 180
        let delta = sweep * Double.pi / 180
        cairo_new_path(cr)
        if sweep >= 360 {
            cairo_arc(cr, g.center, g.center, g.radius, from, from + 2 * Double.pi)
            cairo_close_path(cr)
        } else if g.clockwise {
            cairo_arc(cr, g.center, g.center, g.radius, from, from + delta)
        } else {
            cairo_arc_negative(cr, g.center, g.center, g.radius, from, from - delta)
        }
    }
}
