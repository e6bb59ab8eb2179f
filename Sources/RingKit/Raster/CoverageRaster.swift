import Glibc

/// Exact anti-aliasing: the share of each pixel that a shape covers, computed in closed form from its outline
/// (`CoveragePath`: line segments and circular arcs), laid over premultiplied ARGB32 pixels the way Cairo's
/// compositor (pixman) lays a coverage mask.
///
/// The outline is cut into edges that run one way in x and in y (arcs at the quarter turns). Row by row, each edge
/// is cut again where it crosses a pixel boundary, and each piece adds to its pixel the area between it and the
/// pixel's right side, and the rest of its height to the next pixel on the right, so that the running sum along the
/// row is each pixel's covered area (the accumulation of font rasterizers). For a piece of an arc, the area between
/// it and its chord — the circular segment r²/2 (θ − sin θ) — is added to the chord's trapezoid, so curves are
/// exact, not flattened into polygons. One row of sums is kept, so memory grows with the width, not the image.
final class CoverageRaster {
    /// An edge that runs one way in x and in y, from (x0, y0) to (x1, y1): a line, or a piece of the circle of
    /// `radius` around (cx, cy) in the half `qx`, `qy` (±1) of it, drawn with θ growing (`turn` 1) or not (−1).
    struct Edge {
        var x0, y0, x1, y1: Double
        var isArc: Bool
        var cx = 0.0, cy = 0.0, radius = 0.0, qx = 1.0, qy = 1.0, turn = 1.0
        /// For a line, dx/dy and dy/dx; for an arc, r² and its circular segments' factor ±r²/2 and 1 / (2r).
        var slopeX = 0.0, slopeY = 0.0, squaredRadius = 0.0, segmentFactor = 0.0, inverseDiameter = 0.0

        init(line x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
            (top, bottom) = (Swift.min(y0, y1), Swift.max(y0, y1))
            isArc = false
            slopeX = (x1 - x0) / (y1 - y0)
            slopeY = x1 == x0 ? 0 : (y1 - y0) / (x1 - x0)
        }

        init(
            arc x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, center: (Double, Double), radius: Double,
            half: (Double, Double), turn: Double
        ) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
            (top, bottom) = (Swift.min(y0, y1), Swift.max(y0, y1))
            isArc = true
            (cx, cy) = center
            self.radius = radius
            (qx, qy) = half
            self.turn = turn
            squaredRadius = radius * radius
            segmentFactor = turn * squaredRadius / 2
            inverseDiameter = 1 / (2 * radius)
        }

        /// The edge's extent in y.
        var top = 0.0, bottom = 0.0

        /// Where the edge crosses the horizontal line at `y`.
        @inline(__always)
        func x(at y: Double) -> Double {
            if !isArc { return x0 + (y - y0) * slopeX }
            return cx + qx * Swift.max(0, squaredRadius - (y - cy) * (y - cy)).squareRoot()
        }

        /// Where the edge crosses the vertical line at `x`.
        @inline(__always)
        func y(at x: Double) -> Double {
            if !isArc { return y0 + (x - x0) * slopeY }
            return cy + qy * Swift.max(0, squaredRadius - (x - cx) * (x - cx)).squareRoot()
        }
    }

    private(set) var width = 0
    private(set) var height = 0
    private(set) var edges: [Edge] = []
    /// One row of sums, two cells wider than the image, and which of its cells hold anything.
    private(set) var sums: UnsafeMutablePointer<Double>
    private(set) var touched: UnsafeMutablePointer<UInt64>
    private var rowCapacity = 0

    init() {
        sums = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
    }

    deinit {
        sums.deallocate()
        touched.deallocate()
    }

    /// Starts a picture of `width × height` pixels; outlines added and not painted are dropped.
    func begin(width: Int, height: Int) {
        self.width = width
        self.height = height
        edges.removeAll(keepingCapacity: true)
        if rowCapacity < width + 2 {
            sums.deallocate()
            touched.deallocate()
            rowCapacity = width + 2
            sums = .allocate(capacity: rowCapacity)
            sums.initialize(repeating: 0, count: rowCapacity)
            touched = .allocate(capacity: rowCapacity / 64 + 1)
            touched.initialize(repeating: 0, count: rowCapacity / 64 + 1)
        }
    }

    /// Adds the outline of a shape; outlines added before the next `paint` are one shape (their areas add up).
    func add(_ path: CoveragePath) {
        for element in path.elements {
            switch element {
            case .line(let a, let b):
                guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                edges.append(Edge(line: a.x, a.y, b.x, b.y))
            case .arc(let center, let radius, let from, let to):
                addArc(center.x, center.y, radius, from, to)
            }
        }
    }

    /// An arc, cut at the quarter turns so each piece runs one way in x and in y.
    private func addArc(_ cx: Double, _ cy: Double, _ r: Double, _ from: Double, _ to: Double) {
        guard r > 0, from != to, r.isFinite, cx.isFinite, cy.isFinite, from.isFinite, to.isFinite else { return }
        let turn: Double = to > from ? 1 : -1
        let quarter = Double.pi / 2
        // The quarter turns between the ends, counted as integers so that the cutting always moves on.
        var k = turn > 0 ? (from / quarter).rounded(.down) + 1 : (from / quarter).rounded(.up) - 1
        var a = from
        var ax = cx + r * cos(a)
        var ay = cy + r * sin(a)
        while a != to {
            var b = k * quarter
            if turn > 0 ? b >= to : b <= to { b = to }
            k += turn
            let bx = cx + r * cos(b)
            let by = cy + r * sin(b)
            let middle = (a + b) / 2
            if ay != by {
                edges.append(
                    Edge(
                        arc: ax, ay, bx, by, center: (cx, cy), radius: r,
                        half: (cos(middle) < 0 ? -1 : 1, sin(middle) < 0 ? -1 : 1), turn: turn))
            }
            a = b
            ax = bx
            ay = by
        }
    }

    /// θ − sin θ for the angle θ = 2 asin(u) that a chord of u times the diameter subtends; a series where it is
    /// small (the usual case: a piece within one pixel of a large circle), where the closed form would cancel.
    @inline(__always)
    static func segmentShape(_ u: Double) -> Double {
        if u < 0.25 {
            let u2 = u * u
            // 2 Σ 2 c_k u^(2k+3) / (2k+3), c_k the coefficients of (1 − u²)^(−1/2): 2/3, 1/5, 3/28, …; below
            // u = 1/4 the terms left out weigh less than 3e-5 of the sum, and a piece within one pixel of a circle
            // that small covers at most a tenth of it.
            let series = 0.666_666_666_666_666_6 + u2 * (0.2 + u2 * 0.107_142_857_142_857_14)
            return 2 * u * u2 * series
        }
        let v = Swift.min(u, 1)
        return 2 * (asin(v) - v * (1 - v * v).squareRoot())
    }

    /// Adds what `edge` covers in `row` to `sums` (and marks the cells in `touched`): its part between the row's
    /// top and bottom, cut at each pixel boundary.
    @inline(__always)
    static func accumulate(
        _ edge: UnsafePointer<Edge>, row: Int, width: Int, sums: UnsafeMutablePointer<Double>,
        touched: UnsafeMutablePointer<UInt64>
    ) {
        let edge = edge.pointee
        let top = Double(row)
        let bottom = top + 1
        let down = edge.y1 > edge.y0
        // The part of the edge in this row, in the edge's direction.
        let ya = down ? Swift.max(edge.y0, top) : Swift.min(edge.y0, bottom)
        let yb = down ? Swift.min(edge.y1, bottom) : Swift.max(edge.y1, top)
        if ya == yb { return }
        var px = ya == edge.y0 ? edge.x0 : edge.x(at: ya)
        var py = ya
        let xb = yb == edge.y1 ? edge.x1 : edge.x(at: yb)
        let right = xb > px
        // The pixel the next piece lies in (the pixel boundary ahead of it is the next crossing).
        var c = right ? Int(Self.floor(px)) : -Int(Self.floor(-px)) - 1
        let step = right ? 1 : -1
        while true {
            let next = Double(right ? c + 1 : c)
            let last = right ? next >= xb : next <= xb
            var qx = xb
            var qy = yb
            if !last {
                qx = next
                // Keep the crossing within the row, whatever the rounding of the square root.
                qy = edge.y(at: next)
                qy = down ? Swift.min(Swift.max(qy, py), yb) : Swift.max(Swift.min(qy, py), yb)
            }
            let dy = qy - py
            let column = Double(c)
            var moment = ((px - column) + (qx - column)) * 0.5 * dy
            if edge.isArc {
                let chord = ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot()
                moment += edge.segmentFactor * segmentShape(chord * edge.inverseDiameter)
            }
            if c < 0 {
                // Left of the image: the whole height counts from the first pixel on.
                sums[0] += dy
                touched[0] |= 1
            } else if c < width {
                sums[c] += dy - moment
                touched[c &>> 6] |= 1 &<< UInt64(c & 63)
                sums[c + 1] += moment
                touched[(c + 1) &>> 6] |= 1 &<< UInt64((c + 1) & 63)
            }
            if last { return }
            c += step
            px = qx
            py = qy
        }
    }

    /// The largest whole number not above `x` (inline: the baseline x86-64 has no rounding instruction).
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        let t = Double(Int(x))
        return t > x ? t - 1 : t
    }

    /// Forgets the outlines added.
    func clearEdges() { edges.removeAll(keepingCapacity: true) }
}
