import Glibc

/// The outline of a shape as `CoverageRaster` fills it: closed loops of line segments and circular arcs, in image
/// pixels (y down). Angles are in radians with a point at `center + radius · (cos θ, sin θ)`, so θ grows clockwise
/// on screen and θ = −π/2 is 12 o'clock. Loops that run the opposite way cut holes (an annulus is its outer circle
/// one way and its inner circle the other); pieces of one path must not overlap, as coverage adds up.
struct CoveragePath: Sendable, Hashable {
    /// One edge of a loop.
    enum Element: Sendable, Hashable {
        case line(from: Point, to: Point)
        /// From angle `from` to angle `to` (either way round) on the circle of `radius` around `center`.
        case arc(center: Point, radius: Double, from: Double, to: Double)
    }

    struct Point: Sendable, Hashable {
        var x: Double
        var y: Double
    }

    var elements: [Element] = []

    /// A closed polygon through `points`.
    static func polygon(_ points: [Point]) -> CoveragePath {
        var path = CoveragePath()
        for (i, p) in points.enumerated() { path.elements.append(.line(from: p, to: points[(i + 1) % points.count])) }
        return path
    }

    /// A whole disc.
    static func disc(center: Point, radius: Double) -> CoveragePath {
        CoveragePath(elements: [.arc(center: center, radius: radius, from: 0, to: 2 * .pi)])
    }

    /// The ring between two circles around `center`; a hole of radius 0 is a disc.
    static func annulus(center: Point, inner: Double, outer: Double) -> CoveragePath {
        var path = disc(center: center, radius: outer)
        if inner > 0 { path.elements.append(.arc(center: center, radius: inner, from: 2 * .pi, to: 0)) }
        return path
    }

    /// A rectangle from (x0, y0) to (x1, y1) whose corners are quarter circles of the given radii (0 for a square
    /// corner), clockwise from the top left: bars and badge panels.
    static func roundedRectangle(
        x0: Double, y0: Double, x1: Double, y1: Double,
        radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)
    ) -> CoveragePath {
        var path = CoveragePath()
        let half = Double.pi / 2
        func corner(_ cx: Double, _ cy: Double, _ r: Double, from angle: Double) {
            guard r > 0 else { return }
            path.elements.append(.arc(center: Point(x: cx, y: cy), radius: r, from: angle, to: angle + half))
        }
        func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            path.elements.append(.line(from: Point(x: ax, y: ay), to: Point(x: bx, y: by)))
        }
        line(x0 + radii.topLeft, y0, x1 - radii.topRight, y0)
        corner(x1 - radii.topRight, y0 + radii.topRight, radii.topRight, from: -half)
        line(x1, y0 + radii.topRight, x1, y1 - radii.bottomRight)
        corner(x1 - radii.bottomRight, y1 - radii.bottomRight, radii.bottomRight, from: 0)
        line(x1 - radii.bottomRight, y1, x0 + radii.bottomLeft, y1)
        corner(x0 + radii.bottomLeft, y1 - radii.bottomLeft, radii.bottomLeft, from: half)
        line(x0, y1 - radii.bottomLeft, x0, y0 + radii.topLeft)
        corner(x0 + radii.topLeft, y0 + radii.topLeft, radii.topLeft, from: 2 * half)
        return path
    }

    /// A stroke of width `thickness` along the arc of `radius` around `center` from angle `from` through `sweep`
    /// radians (0 < sweep < 2π, clockwise), with its ends cut square (`butt`), rounded, or extended by half the
    /// width (`square`), as SVG and Cairo stroke it. `nil` when its pieces would overlap (the caps reach round to
    /// each other, or the stroke folds over the centre): coverage that adds up would count those parts twice.
    static func stroke(
        center: Point, radius: Double, thickness: Double, from: Double, sweep: Double, cap: RingSpec.Cap
    ) -> CoveragePath? {
        let half = thickness / 2
        let inner = radius - half
        guard inner >= 0, sweep > 0, sweep < 2 * .pi else { return nil }
        // How far round each cap reaches beyond its end, seen from the centre.
        let reach: Double
        switch cap {
        case .butt: reach = 0
        case .round: reach = asin(Swift.min(1, half / radius))
        case .square: reach = inner > 0 ? atan(half / inner) : .pi / 2
        }
        guard sweep + 2 * reach <= 2 * .pi else { return nil }
        return piece(center: center, radius: radius, thickness: thickness, from: from, sweep: sweep, caps: (cap, cap))
    }

    /// The outline of part of a stroke (see `stroke`, which checks what this assumes): from angle `from` through
    /// `sweep` radians (0 for a cap alone), with `caps.start` at its start and `caps.end` at its end.
    static func piece(
        center: Point, radius: Double, thickness: Double, from: Double, sweep: Double,
        caps: (start: RingSpec.Cap, end: RingSpec.Cap)
    ) -> CoveragePath {
        let half = thickness / 2
        let inner = radius - half
        let to = from + sweep
        var path = CoveragePath()
        if sweep > 0 { path.elements.append(.arc(center: center, radius: radius + half, from: from, to: to)) }
        path.elements += capEdges(at: to, forward: true, center: center, radius: radius, half: half, cap: caps.end)
        if inner > 0, sweep > 0 { path.elements.append(.arc(center: center, radius: inner, from: to, to: from)) }
        path.elements += capEdges(
            at: from, forward: false, center: center, radius: radius, half: half, cap: caps.start)
        return path
    }

    /// The edges that close a stroke at `angle`: from its outer edge to its inner edge at the end (`forward`), or
    /// from the inner edge to the outer edge at the start.
    private static func capEdges(
        at angle: Double, forward: Bool, center: Point, radius: Double, half: Double, cap: RingSpec.Cap
    ) -> [Element] {
        let (c, s) = (cos(angle), sin(angle))
        let middle = Point(x: center.x + radius * c, y: center.y + radius * s)
        let outer = Point(x: middle.x + half * c, y: middle.y + half * s)
        let inner = Point(x: middle.x - half * c, y: middle.y - half * s)
        let (start, end) = forward ? (outer, inner) : (inner, outer)
        switch cap {
        case .butt:
            return [.line(from: start, to: end)]
        case .round:
            // Round the far side: ahead of the end, behind the start.
            let a = forward ? angle : angle + .pi
            return [.arc(center: middle, radius: half, from: a, to: a + .pi)]
        case .square:
            // Half the width along the direction of travel (clockwise tangent), away from the stroke.
            let step = forward ? half : -half
            let along = Point(x: -s * step, y: c * step)
            let p = Point(x: start.x + along.x, y: start.y + along.y)
            let q = Point(x: end.x + along.x, y: end.y + along.y)
            return [.line(from: start, to: p), .line(from: p, to: q), .line(from: q, to: end)]
        }
    }
}
