import CCairo
import FoundationEssentials
import Glibc

/// Draws a ring (strokes with exact coverage, the label with Pango and Cairo) and encodes it as PNG: the same
/// geometry as the SVG, `scale` times the pixels.
public enum PNGRenderer {
    /// The PNG of `spec` at `size × scale` pixels; identical specs give identical bytes.
    public static func render(_ spec: RingSpec) throws(RenderError) -> [UInt8] {
        let drawn = try surface(spec)
        defer { cairo_surface_destroy(drawn.surface) }
        return try drawn.encoder.encode(drawn.surface)
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding (benchmarks time the two apart), and the
    /// encoder production uses for it: `.shapes` for a ring of at most 128 × 128 px without text, `.tuned`
    /// otherwise (`ring-bench --misses`: without a label, a 128 px ring nearly always fits a palette and a 256 px
    /// one nearly never, so counting its colors only costs). The caller destroys the surface.
    /// `reveal` below 1 draws that share of the progress (`RingGeometry.revealing`): a frame of the GIF's animation.
    package static func surface(
        _ spec: RingSpec, reveal: Double = 1
    ) throws(RenderError) -> (surface: OpaquePointer, encoder: PNGEncoder) {
        let scale = Swift.min(Swift.max(spec.scale, 1), 4)
        let surface = try CairoCanvas.surface(pixels: spec.size * scale)
        let text = draw(spec, on: surface, scale: Double(scale), reveal: reveal)
        cairo_surface_flush(surface)
        return (surface, text || spec.size * scale > 128 ? .tuned : .shapes)
    }

    /// Loads fontconfig and the label font (several milliseconds, once) so the first request does not pay for it.
    public static func warmUp() {
        var spec = RingSpec()
        spec.reading.value = 50
        _ = try? render(spec)
    }

    /// Draws `spec` onto an ARGB32 surface of `size × scale` pixels: strokes with exact coverage where they can
    /// be (`RingPainter`), the label with Pango. Returns whether a label was drawn.
    @discardableResult
    static func draw(_ spec: RingSpec, on surface: OpaquePointer, scale: Double, reveal: Double = 1) -> Bool {
        // A PNG cannot follow the viewer's color scheme: `auto` draws colors that read on light and dark pages, with
        // a halo under the label; `dark` its resolved colors.
        let (spec, halo) = spec.rasterColors()
        let g = reveal < 1 ? RingGeometry(spec).revealing(reveal) : RingGeometry(spec)
        // Built once: `bands` makes an array each time it is read.
        let bands = g.bands
        let painter = RingPainter(surface: surface, scale: scale)
        if let key = baseKey(spec, g, painter) {
            // One ring whose track the raster draws: background and track come from the thread's kept layer.
            painter.base(key) {
                if let background = spec.background { painter.fillAll(background) }
                track(painter, spec, g, index: 0, radius: g.radius)
            }
            progress(painter, spec, g, index: 0, band: bands[0])
        } else {
            if let background = spec.background { painter.fillAll(background) }
            for (index, band) in bands.enumerated() {
                track(painter, spec, g, index: index, radius: band.radius)
                progress(painter, spec, g, index: index, band: band)
            }
        }
        for band in bands where !g.marks.isEmpty {
            for mark in g.marks {
                let corners = g.tickCorners(mark, radius: band.radius).map {
                    CoveragePath.Point(x: $0.x * scale, y: $0.y * scale)
                }
                painter.fill(.polygon(corners), mark.color)
            }
        }
        if let layout = g.labelLayout {
            // Centred on the advance Pango measures, as SVG's text-anchor="middle" does, and on the geometry's
            // baselines, so the PNG and every SVG renderer put the label in the same place.
            let cr = painter.cairo
            CairoCanvas.setColor(cr, spec.textColor)
            for (line, baseline) in zip(layout.lines, layout.baselines) {
                TextLayout.draw(
                    line, on: cr, bold: spec.fontWeight == .bold, size: layout.fontSize, centerX: g.center,
                    baseline: baseline, halo: halo)
            }
        }
        if let placed = LogoPlacement.inRing(spec, g) {
            placed.logo.draw(painter.cairo, x: placed.x, y: placed.y, side: placed.side, color: placed.color)
        }
        painter.finish()
        return g.labelLayout != nil
    }

    /// What the background and track of a one-ring image depend on, or nil when the image has several rings or its
    /// track is drawn by Cairo (then it is drawn every time).
    private static func baseKey(_ spec: RingSpec, _ g: RingGeometry, _ painter: RingPainter) -> BaseLayers.Key? {
        let track = g.trackSweep > 0 ? spec.track(ofRing: 0) : nil
        guard g.innerBands.isEmpty, spec.background != nil || track != nil else { return nil }
        var outline: CoveragePath?
        if track != nil {
            outline = RingPainter.strokePath(
                g, from: g.startAngle, sweep: g.trackSweep, radius: g.radius, cap: g.cap, scale: painter.scale)
            if outline == nil { return nil }
        }
        return BaseLayers.Key(
            width: painter.width, height: painter.height, rowPixels: painter.rowPixels, background: spec.background,
            track: track, outline: outline)
    }

    /// The track of ring `index`, if it has one.
    private static func track(_ painter: RingPainter, _ spec: RingSpec, _ g: RingGeometry, index: Int, radius: Double) {
        if let track = spec.track(ofRing: index), g.trackSweep > 0 {
            stroke(painter, g, from: g.startAngle, sweep: g.trackSweep, radius: radius, cap: g.cap, color: track)
        }
    }

    /// The progress of ring `index`: solid, or a gradient's pieces.
    private static func progress(
        _ painter: RingPainter, _ spec: RingSpec, _ g: RingGeometry, index: Int, band: RingGeometry.Band
    ) {
        let (radius, sweep) = (band.radius, band.progressSweep)
        guard sweep > 0 else { return }
        let color = spec.effectiveColor(ofRing: index)
        if let end = spec.gradient(ofRing: index) {
            let stroke = GradientStroke(sweep: sweep, radius: radius, cap: g.cap, start: color, end: end)
            gradient(painter, g, radius: radius, stroke: stroke)
            return
        }
        Self.stroke(painter, g, from: band.progressStartAngle, sweep: sweep, radius: radius, cap: g.cap, color: color)
    }

    /// One stroke: exact when its pieces do not overlap, with Cairo's stroker when they do.
    private static func stroke(
        _ painter: RingPainter, _ g: RingGeometry, from: Double, sweep: Double, radius: Double, cap: RingSpec.Cap,
        color: RGBAColor
    ) {
        if painter.stroke(g, from: from, sweep: sweep, radius: radius, cap: cap, color: color) { return }
        let cr = painter.cairo
        cairo_set_line_width(cr, g.thickness)
        cairo_set_line_cap(cr, CairoCanvas.lineCap(cap))
        CairoCanvas.setColor(cr, color)
        arc(cr, g, from: from, sweep: sweep, radius: radius)
        cairo_stroke(cr)
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
