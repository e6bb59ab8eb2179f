import CCairo
import Foundation

/// Draws a ring with Cairo and encodes it as PNG: the same geometry as the SVG, `scale` times the pixels.
public enum PNGRenderer {
    /// The PNG of `spec` at `size × scale` pixels; identical specs give identical bytes.
    public static func render(_ spec: RingSpec) throws(RenderError) -> [UInt8] {
        try render(spec, encoder: .tuned)
    }

    /// The PNG of `spec`, encoded with `encoder` (benchmarks and tests compare the encoders).
    package static func render(_ spec: RingSpec, encoder: PNGEncoder) throws(RenderError) -> [UInt8] {
        let surface = try surface(spec)
        defer { cairo_surface_destroy(surface) }
        return try encoder.encode(surface)
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding (benchmarks time the two apart); the caller
    /// destroys it.
    package static func surface(_ spec: RingSpec) throws(RenderError) -> OpaquePointer {
        let scale = Swift.min(Swift.max(spec.scale, 1), 4)
        let surface = try CairoCanvas.surface(pixels: spec.size * scale)
        draw(spec, on: surface, scale: Double(scale))
        cairo_surface_flush(surface)
        return surface
    }

    /// Loads fontconfig and the label font (several milliseconds, once) so the first request does not pay for it.
    public static func warmUp() {
        var spec = RingSpec()
        spec.value = 50
        _ = try? render(spec)
    }

    /// Draws `spec` onto an ARGB32 surface of `size × scale` pixels.
    static func draw(_ spec: RingSpec, on surface: OpaquePointer, scale: Double) {
        // A PNG cannot follow the viewer's color scheme: `auto` draws the light image, `dark` its resolved colors.
        var spec = spec
        if spec.theme != .light {
            if spec.theme == .auto { spec.theme = .light }
            spec = spec.normalized()
        }
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
        ring(cr, spec, g, index: 0, radius: g.radius, sweep: g.progressSweep)
        for (offset, band) in g.innerBands.enumerated() {
            ring(cr, spec, g, index: offset + 1, radius: band.radius, sweep: band.progressSweep)
        }
        if let layout = g.labelLayout {
            // Centred on the advance Pango measures, as SVG's text-anchor="middle" does, and on the geometry's
            // baselines, so the PNG and every SVG renderer put the label in the same place.
            CairoCanvas.setColor(cr, spec.textColor)
            for (line, baseline) in zip(layout.lines, layout.baselines) {
                TextLayout.draw(
                    line, on: cr, bold: spec.fontWeight == .bold, size: layout.fontSize, centerX: g.center,
                    baseline: baseline)
            }
        }
    }

    /// Draws ring `index`: its track, then its progress (solid, or a gradient's pieces).
    private static func ring(
        _ cr: OpaquePointer, _ spec: RingSpec, _ g: RingGeometry, index: Int, radius: Double, sweep: Double
    ) {
        if let track = spec.track(ofRing: index), g.trackSweep > 0 {
            CairoCanvas.setColor(cr, track)
            arc(cr, g, from: g.startAngle, sweep: g.trackSweep, radius: radius)
            cairo_stroke(cr)
        }
        guard sweep > 0 else { return }
        let color = spec.effectiveColor(ofRing: index)
        if let end = spec.gradient(ofRing: index) {
            let stroke = GradientStroke(sweep: sweep, radius: radius, cap: g.cap, start: color, end: end)
            gradient(cr, g, radius: radius, stroke: stroke)
            return
        }
        CairoCanvas.setColor(cr, color)
        arc(cr, g, from: g.startAngle, sweep: sweep, radius: radius)
        cairo_stroke(cr)
    }

    /// Draws a fading progress stroke from the same pieces and cap shapes as the SVG (see `GradientStroke`).
    private static func gradient(_ cr: OpaquePointer, _ g: RingGeometry, radius: Double, stroke: GradientStroke) {
        let translucent = stroke.alpha != 255
        // Pieces overlap; painted opaque into a group that is then laid down at the stroke's opacity, the overlaps
        // do not show, as with SVG's group opacity.
        if translucent { cairo_push_group(cr) }
        for cap in stroke.caps {
            CairoCanvas.setColor(cr, cap.color)
            cairo_new_path(cr)
            switch GradientStroke.shape(of: cap, style: g.cap, in: g, radius: radius) {
            case .disc(let center, let r):
                cairo_arc(cr, center.x, center.y, r, 0, 2 * Double.pi)
            case .polygon(let points):
                for (i, p) in points.enumerated() {
                    if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
                }
                cairo_close_path(cr)
            }
            cairo_fill(cr)
        }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        let sign = g.clockwise ? 1.0 : -1.0
        for segment in stroke.segments {
            CairoCanvas.setColor(cr, segment.color)
            arc(cr, g, from: g.startAngle + segment.from * sign, sweep: segment.to - segment.from, radius: radius)
            cairo_stroke(cr)
        }
        cairo_set_line_cap(cr, CairoCanvas.lineCap(g.cap))
        if translucent {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(stroke.alpha) / 255)
        }
    }

    /// Adds the centre-line arc of `sweep` degrees from the angle `from` on the circle of `radius`; a full turn is a
    /// closed circle (no caps).
    static func arc(_ cr: OpaquePointer, _ g: RingGeometry, from: Double, sweep: Double, radius: Double) {
        let start = (from - 90) * Double.pi / 180
        let delta = sweep * Double.pi / 180
        cairo_new_path(cr)
        if sweep >= 360 {
            cairo_arc(cr, g.center, g.center, radius, start, start + 2 * Double.pi)
            cairo_close_path(cr)
        } else if g.clockwise {
            cairo_arc(cr, g.center, g.center, radius, start, start + delta)
        } else {
            cairo_arc_negative(cr, g.center, g.center, radius, start, start - delta)
        }
    }
}
