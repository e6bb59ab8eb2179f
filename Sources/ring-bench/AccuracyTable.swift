import CCairo
import Foundation
import RingKit

/// How far each renderer's anti-aliasing is from the true covered area, on rings stroked in opaque white over
/// transparency (so a pixel's alpha is its coverage): this renderer's exact coverage, and Cairo's stroker and
/// rasterizer on the same geometry. The truth is the stroke's definition
/// (the points within half the thickness of the arc; square caps add half the thickness along the tangent),
/// sampled 64 × 64 times in each pixel that an edge crosses.
func accuracyTable() throws {
    print("Coverage error against the true area, in levels of 255, over the pixels a stroke edge crosses.\n")
    print("| ring | edge pixels | exact: max | exact: mean | Cairo: max | Cairo: mean |")
    print("|---|---:|---:|---:|---:|---:|")
    for query in [
        "value=100&size=128", "value=72&size=128", "value=72&size=64&cap=square", "value=40&size=32&cap=butt",
    ] {
        var spec = try RingSpec.parse(query: query + "&label=none&color=white&track=none")
        spec.label = .none
        let g = RingGeometry(spec)
        let ours = try PNGRenderer.surface(spec).surface
        defer { cairo_surface_destroy(ours) }
        let cairo = cairoStroke(g)
        defer { cairo_surface_destroy(cairo) }
        var errors: (ours: [Double], cairo: [Double]) = ([], [])
        let side = Int(g.size)
        for y in 0..<side {
            for x in 0..<side {
                let truth = coverage(g, x, y)
                guard truth > 0 && truth < 255 else { continue }
                errors.ours.append(abs(alpha(ours, x, y) - truth))
                errors.cairo.append(abs(alpha(cairo, x, y) - truth))
            }
        }
        func stats(_ e: [Double]) -> String {
            String(format: "%.1f | %.2f", e.max() ?? 0, e.reduce(0, +) / Double(Swift.max(e.count, 1)))
        }
        print("| `\(query)` | \(errors.ours.count) | \(stats(errors.ours)) | \(stats(errors.cairo)) |")
    }
}

/// The progress stroke of `g` drawn by Cairo, as PNGRenderer drew it before exact coverage.
func cairoStroke(_ g: RingGeometry) -> OpaquePointer {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(g.size), Int32(g.size))!
    let cr = cairo_create(surface)!
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    cairo_set_line_width(cr, g.thickness)
    let caps: [RingSpec.Cap: cairo_line_cap_t] = [
        .round: CAIRO_LINE_CAP_ROUND, .butt: CAIRO_LINE_CAP_BUTT, .square: CAIRO_LINE_CAP_SQUARE,
    ]
    cairo_set_line_cap(cr, caps[g.cap]!)
    let start = (g.startAngle - 90) * Double.pi / 180
    cairo_arc(cr, g.center, g.center, g.radius, start, start + g.progressSweep * Double.pi / 180)
    if g.progressSweep >= 360 { cairo_close_path(cr) }
    cairo_stroke(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return surface
}

func alpha(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> Double {
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    return Double(UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x] >> 24)
}

/// The true coverage of pixel (x, y) by the progress stroke of `g` (clockwise from its start), in levels.
func coverage(_ g: RingGeometry, _ x: Int, _ y: Int) -> Double {
    let start = (g.startAngle - 90) * Double.pi / 180
    let sweep = g.progressSweep * Double.pi / 180
    let half = g.thickness / 2
    func inside(_ px: Double, _ py: Double) -> Bool {
        let dx = px - g.center
        let dy = py - g.center
        var along = atan2(dy, dx) - start
        along = along.truncatingRemainder(dividingBy: 2 * .pi)
        if along < 0 { along += 2 * .pi }
        let across = (dx * dx + dy * dy).squareRoot() - g.radius
        if along <= sweep && abs(across) <= half { return true }
        guard sweep < 2 * .pi else { return false }
        for (angle, direction) in [(start, -1.0), (start + sweep, 1.0)] {
            let ex = px - (g.center + g.radius * cos(angle))
            let ey = py - (g.center + g.radius * sin(angle))
            switch g.cap {
            case .butt: break
            case .round: if ex * ex + ey * ey <= half * half { return true }
            case .square:
                let t = (-ex * sin(angle) + ey * cos(angle)) * direction
                if t >= 0 && t <= half && abs(ex * cos(angle) + ey * sin(angle)) <= half { return true }
            }
        }
        return false
    }
    // A pixel where 25 probes a quarter pixel apart agree is wholly in or out (no stroke here is thinner than
    // that); the others are sampled 64 × 64 times.
    var probes = 0
    for py in 0..<5 {
        for px in 0..<5 where inside(Double(x) + Double(px) / 4, Double(y) + Double(py) / 4) { probes += 1 }
    }
    if probes == 0 || probes == 25 { return probes == 0 ? 0 : 255 }
    let n = 64
    var count = 0
    for sy in 0..<n {
        let py = Double(y) + (Double(sy) + 0.5) / Double(n)
        for sx in 0..<n where inside(Double(x) + (Double(sx) + 0.5) / Double(n), py) { count += 1 }
    }
    return Double(count) / Double(n * n) * 255
}
