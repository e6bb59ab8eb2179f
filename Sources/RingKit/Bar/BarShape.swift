#if canImport(Glibc)
    import Glibc
#endif

/// The outline of part of a bar: the rounded rectangle of a track, cut to the columns `from…to`. The track, the fill
/// (the track cut at the fill's end: its right end is straight, its left end the track's own) and each piece of a
/// gradient are such outlines, so the SVG and the PNG draw exactly the same shapes, and pieces meet without seams.
struct BarShape {
    /// One step of an outline, drawn from the previous point.
    enum Step: Equatable {
        case line(x: Double, y: Double)
        /// A clockwise arc (in image coordinates, y down) around `(cx, cy)` from angle `from` to `to` (radians,
        /// increasing), ending at `(x, y)`.
        case arc(cx: Double, cy: Double, radius: Double, from: Double, to: Double, x: Double, y: Double)
    }

    let start: (x: Double, y: Double)
    let steps: [Step]

    /// The track `x0…x0 + length` × `y0…y0 + height` with corners of `radius`, cut to `from…to` (within the track).
    init(length: Double, y0: Double, height: Double, radius: Double, from a: Double, to b: Double) {
        let r = Swift.max(0, Swift.min(radius, height / 2, length / 2))
        let left = r
        let right = length - r
        func inset(_ x: Double) -> Double { x < left ? left - x : (x > right ? x - right : 0) }
        func top(_ x: Double) -> Double { y0 + Self.rise(r, inset(x)) }
        func bottom(_ x: Double) -> Double { y0 + height - Self.rise(r, inset(x)) }
        start = (a, top(a))
        var steps: [Step] = []
        // Along the top, left to right: the top-left corner, the straight middle, the top-right corner.
        var x = a
        for (edge, cx) in [(Swift.min(left, b), left), (Swift.min(right, b), nil as Double?), (b, right)] where edge > x
        {
            if let cx, r > 0 {
                let cy = y0 + r
                let (from, to) = Self.angles(from: (x, top(x)), to: (edge, top(edge)), around: (cx, cy))
                steps.append(.arc(cx: cx, cy: cy, radius: r, from: from, to: to, x: edge, y: top(edge)))
            } else {
                steps.append(.line(x: edge, y: top(edge)))
            }
            x = edge
        }
        steps.append(.line(x: b, y: bottom(b)))
        // Along the bottom, right to left: the bottom-right corner, the middle, the bottom-left corner.
        for (edge, cx) in [(Swift.max(right, a), right), (Swift.max(left, a), nil as Double?), (a, left)] where edge < x
        {
            if let cx, r > 0 {
                let cy = y0 + height - r
                let (from, to) = Self.angles(from: (x, bottom(x)), to: (edge, bottom(edge)), around: (cx, cy))
                steps.append(.arc(cx: cx, cy: cy, radius: r, from: from, to: to, x: edge, y: bottom(edge)))
            } else {
                steps.append(.line(x: edge, y: bottom(edge)))
            }
            x = edge
        }
        self.steps = steps
    }

    private init(start: (x: Double, y: Double), steps: [Step]) {
        self.start = start
        self.steps = steps
    }

    /// The same outline `dx` to the right.
    func moved(by dx: Double) -> BarShape {
        BarShape(
            start: (start.x + dx, start.y),
            steps: steps.map { step in
                switch step {
                case .line(let x, let y): .line(x: x + dx, y: y)
                case .arc(let cx, let cy, let r, let from, let to, let x, let y):
                    .arc(cx: cx + dx, cy: cy, radius: r, from: from, to: to, x: x + dx, y: y)
                }
            })
    }

    /// How far a corner of `radius` falls away from its flat edge at `inset` past the corner's centre: 0 where the
    /// edge is flat, `radius` at the end.
    private static func rise(_ radius: Double, _ inset: Double) -> Double {
        // At the right end the inset is `length - (length - radius)`, which rounding can leave a hair above a small
        // radius (0.001 on a 200 px track): the root of a negative number, a NaN that Cairo's arc asserts on.
        let inset = Swift.min(inset, radius)
        return radius - (radius * radius - inset * inset).squareRoot()
    }

    /// The angles of two points of a corner around its centre, the second at most a quarter turn clockwise (angles
    /// increasing) from the first; a turn that rounding makes slightly negative is none.
    private static func angles(
        from p: (Double, Double), to q: (Double, Double), around c: (Double, Double)
    ) -> (Double, Double) {
        let from = atan2(p.1 - c.1, p.0 - c.0)
        var turn = remainder(atan2(q.1 - c.1, q.0 - c.0) - from, 2 * Double.pi)
        if turn < 0 { turn = 0 }
        return (from, from + turn)
    }
}
