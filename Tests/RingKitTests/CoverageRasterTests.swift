import Foundation
import Testing

@testable import RingKit

/// The raster's coverage is the area of each pixel that the shape covers: measured against 4,096 point samples per
/// pixel of the shape's own definition (not of its outline), for strokes with every cap, discs as small as a round
/// cap of a 1 px stroke, polygons and rounded rectangles.
struct CoverageRasterTests {
    /// A shape twice: its outline for the raster, and whether a point lies in it, from what the shape is.
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var path: CoveragePath
        var contains: @Sendable (Double, Double) -> Bool
        var testDescription: String { name }
    }

    static func stroke(
        _ cx: Double, _ cy: Double, radius r: Double, thickness t: Double, from: Double, sweep: Double,
        cap: RingSpec.Cap
    ) -> Shape {
        let path = CoveragePath.stroke(
            center: .init(x: cx, y: cy), radius: r, thickness: t, from: from, sweep: sweep, cap: cap)!
        let half = t / 2
        @Sendable func onArc(_ angle: Double) -> Bool {
            var d = (angle - from).truncatingRemainder(dividingBy: 2 * .pi)
            if d < 0 { d += 2 * .pi }
            return d <= sweep
        }
        func end(_ angle: Double) -> (x: Double, y: Double) { (cx + r * cos(angle), cy + r * sin(angle)) }
        let ends = [(end(from), from, -1.0), (end(from + sweep), from + sweep, 1.0)]
        return Shape(name: "\(cap) stroke r \(r) t \(t) sweep \(sweep)", path: path) { x, y in
            let dx = x - cx
            let dy = y - cy
            if onArc(atan2(dy, dx)) && abs((dx * dx + dy * dy).squareRoot() - r) <= half { return true }
            for (p, angle, direction) in ends {
                let (ex, ey) = (x - p.x, y - p.y)
                switch cap {
                case .butt: break
                case .round: if ex * ex + ey * ey <= half * half { return true }
                case .square:
                    // Along the tangent (direction of travel, away from the stroke) and across it.
                    let along = (-ex * sin(angle) + ey * cos(angle)) * direction
                    let across = ex * cos(angle) + ey * sin(angle)
                    if along >= 0 && along <= half && abs(across) <= half { return true }
                }
            }
            return false
        }
    }

    static let shapes: [Shape] = [
        stroke(32, 32, radius: 24, thickness: 8, from: -.pi / 2, sweep: 2.1, cap: .round),
        stroke(32, 32, radius: 20, thickness: 13, from: 0.3, sweep: 4.4, cap: .butt),
        stroke(31.3, 32.7, radius: 18.2, thickness: 9.5, from: 1.1, sweep: 3.0, cap: .square),
        stroke(20, 20, radius: 6, thickness: 3, from: 2, sweep: 0.01, cap: .round),
        stroke(20, 20, radius: 9, thickness: 4, from: -1, sweep: 0.2, cap: .square),
        stroke(24, 24, radius: 12, thickness: 24, from: 0.5, sweep: 1.5, cap: .butt),
        Shape(name: "disc of radius 0.5", path: .disc(center: .init(x: 5.3, y: 4.9), radius: 0.5)) { x, y in
            (x - 5.3) * (x - 5.3) + (y - 4.9) * (y - 4.9) <= 0.25
        },
        Shape(name: "disc of radius 2.2", path: .disc(center: .init(x: 7, y: 6.5), radius: 2.2)) { x, y in
            (x - 7) * (x - 7) + (y - 6.5) * (y - 6.5) <= 2.2 * 2.2
        },
        Shape(name: "annulus", path: .annulus(center: .init(x: 30, y: 30), inner: 21.5, outer: 28.25)) { x, y in
            let d = ((x - 30) * (x - 30) + (y - 30) * (y - 30)).squareRoot()
            return d >= 21.5 && d <= 28.25
        },
        Shape(
            name: "triangle",
            path: .polygon([.init(x: 3.2, y: 2.5), .init(x: 40.7, y: 11.1), .init(x: 12.4, y: 35.9)])
        ) { x, y in
            func side(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
                (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            }
            return side(3.2, 2.5, 40.7, 11.1) >= 0 && side(40.7, 11.1, 12.4, 35.9) >= 0
                && side(12.4, 35.9, 3.2, 2.5) >= 0
        },
        Shape(
            name: "rounded rectangle, partly outside the image",
            path: .roundedRectangle(
                x0: -3.5, y0: 2.25, x1: 30.6, y1: 17.8,
                radii: (topLeft: 3, topRight: 7.7, bottomRight: 0, bottomLeft: 2))
        ) { x, y in
            guard x >= -3.5 && x <= 30.6 && y >= 2.25 && y <= 17.8 else { return false }
            // Corner centres, radii, and which side of the centre (x, y) the corner lies on.
            let corners = [(-0.5, 5.25, 3.0, -1.0, -1.0), (22.9, 9.95, 7.7, 1, -1), (-1.5, 15.8, 2, -1, 1)]
            for (cx, cy, r, sx, sy) in corners where (x - cx) * sx > 0 && (y - cy) * sy > 0 {
                if (x - cx) * (x - cx) + (y - cy) * (y - cy) > r * r { return false }
            }
            return true
        },
    ]

    @Test(arguments: shapes)
    func coverageIsTheAreaOfEachPixelTheShapeCovers(_ shape: Shape) {
        let (width, height) = (64, 64)
        let raster = CoverageRaster()
        raster.begin(width: width, height: height)
        raster.add(shape.path)
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { raster.paint(0xFFFF_FFFF, onto: $0.baseAddress!, rowPixels: width) }
        let n = 64
        var worst = 0.0
        var total = 0.0
        var edges = 0
        for y in 0..<height {
            for x in 0..<width {
                let drawn = Double(pixels[y * width + x] >> 24)
                // A pixel drawn clear or full where 25 probes 1/4 px apart agree with it is wholly out or in (no part
                // of these shapes is thinner than that): only the others need sampling.
                var probes = 0
                for py in 0..<5 {
                    for px in 0..<5 where shape.contains(Double(x) + Double(px) / 4, Double(y) + Double(py) / 4) {
                        probes += 1
                    }
                }
                if (probes == 0 && drawn == 0) || (probes == 25 && drawn == 255) { continue }
                var inside = 0
                for sy in 0..<n {
                    let sampleY = Double(y) + (Double(sy) + 0.5) / Double(n)
                    for sx in 0..<n where shape.contains(Double(x) + (Double(sx) + 0.5) / Double(n), sampleY) {
                        inside += 1
                    }
                }
                let truth = Double(inside) / Double(n * n) * 255
                worst = Swift.max(worst, abs(drawn - truth))
                total += abs(drawn - truth)
                edges += 1
            }
        }
        #expect(edges > 0)
        // Rounding to 8 bits is half a level; 64 × 64 samples add up to a level or so where an edge runs along
        // the samples (measured: at most 1.6 levels, 0.6 on average). Cutting arcs into chords instead breaks both
        // (3.8 to 43 levels at worst); Cairo's rasterizer is 28 levels off on the default ring (docs/benchmarks.md).
        #expect(worst <= 2, "\(shape.name): \(worst) levels off at worst")
        #expect(total / Double(edges) <= 0.75, "\(shape.name): \(total / Double(edges)) levels off on average")
    }
}
