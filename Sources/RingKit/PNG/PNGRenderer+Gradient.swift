import CCairo
import Glibc

extension PNGRenderer {
    /// Draws a fading progress stroke from the same pieces and cap shapes as the SVG (see `GradientStroke`). Pieces
    /// overlap; painted opaque into a layer that is then laid down at the stroke's opacity, the overlaps do not show,
    /// as with SVG's group opacity.
    static func gradient(_ painter: RingPainter, _ g: RingGeometry, radius: Double, stroke: GradientStroke) {
        let scale = painter.scale
        var paths: [(CoveragePath, RGBAColor)] = []
        for cap in stroke.caps {
            switch GradientStroke.shape(of: cap, style: g.cap, in: g, radius: radius) {
            case .disc(let center, let r):
                paths.append(
                    (.disc(center: .init(x: center.x * scale, y: center.y * scale), radius: r * scale), cap.color))
            case .polygon(let points):
                paths.append((.polygon(points.map { .init(x: $0.x * scale, y: $0.y * scale) }), cap.color))
            }
        }
        let sign = g.clockwise ? 1.0 : -1.0
        for segment in stroke.segments {
            let from = g.startAngle + segment.from * sign
            let sweep = segment.to - segment.from
            guard
                let path = RingPainter.strokePath(g, from: from, sweep: sweep, radius: radius, cap: .butt, scale: scale)
            else {
                // A stroke wider than its diameter folds over the centre: Cairo's stroker draws that.
                gradientWithCairo(painter.cairo, g, radius: radius, stroke: stroke)
                return
            }
            paths.append((path, segment.color))
        }
        guard stroke.alpha != 255 else {
            for (path, color) in paths { painter.fill(path, color) }
            return
        }
        let count = painter.rowPixels * painter.height
        let layer = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { layer.deallocate() }
        layer.initialize(repeating: 0, count: count)
        for (path, color) in paths { painter.fill(path, color, onto: layer) }
        painter.composite(layer, alpha: stroke.alpha)
    }

    /// The same with Cairo's stroker and rasterizer.
    private static func gradientWithCairo(
        _ cr: OpaquePointer, _ g: RingGeometry, radius: Double, stroke: GradientStroke
    ) {
        let translucent = stroke.alpha != 255
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
        cairo_set_line_width(cr, g.thickness)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        let sign = g.clockwise ? 1.0 : -1.0
        for segment in stroke.segments {
            CairoCanvas.setColor(cr, segment.color)
            arc(cr, g, from: g.startAngle + segment.from * sign, sweep: segment.to - segment.from, radius: radius)
            cairo_stroke(cr)
        }
        if translucent {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(stroke.alpha) / 255)
        }
    }
}
