import FoundationEssentials
import Glibc

/// A progress stroke that fades from one color to another, as the list of short solid arcs and end caps that both
/// renderers draw, so the SVG (in any browser or librsvg) and the PNG (Cairo) show the same fade.
///
/// SVG has no conic gradient, and this service's SVGs may not reference paint servers (`url(…)`), so the fade is
/// built from pieces: enough of them that neighbouring colors differ by at most 2 levels per channel (no visible
/// bands), or pieces about 3 px long where the arc is too short for that. Each piece after the first starts 2 px
/// before the previous one ends. Renderers blend partial coverages as if unrelated, so a pixel crossed by the end
/// of one piece and the start of the next comes out slightly transparent (a hairline); with the edges 2 px apart,
/// more than a pixel's diagonal, every pixel of the stroke lies wholly inside some piece and is fully painted.
struct GradientStroke {
    /// One solid piece: from `from` to `to` degrees past the ring's start, along its direction.
    struct Segment {
        var from: Double
        var to: Double
        var color: RGBAColor
    }

    /// A cap drawn as its own shape, in the color of its end: at `offset` degrees past the ring's start, pointing
    /// forward along the ring (the end) or backward (the start).
    struct Cap {
        var offset: Double
        var forward: Bool
        var color: RGBAColor
    }

    /// The length of the longest piece on a circle of `radius`, rounded up as the SVG writes it: what a piece's dash
    /// pattern must cover to hide it whole.
    func longestSegmentLength(radius: Double) -> Double {
        let degrees = segments.map { $0.to - $0.from }.max() ?? 0
        return SVGRenderer.progressLength(radius: radius, sweep: degrees)
    }

    /// Pieces in drawing order (later ones cover the overlaps of earlier ones); colors are opaque.
    let segments: [Segment]
    /// The start and end caps; none for butt caps or a closed ring.
    let caps: [Cap]
    /// Opacity of the whole stroke, applied once to the group of pieces so overlaps do not darken.
    let alpha: UInt8

    /// The pieces of a progress arc of `sweep` degrees on a circle of `radius`, fading from `start` to `end`.
    init(sweep: Double, radius: Double, cap: RingSpec.Cap, start: RGBAColor, end: RGBAColor) {
        alpha = start.alpha
        let closed = sweep >= 360
        let channelSteps = Swift.max(
            abs(Int(start.red) - Int(end.red)), abs(Int(start.green) - Int(end.green)),
            abs(Int(start.blue) - Int(end.blue)))
        let length = radius * sweep * Double.pi / 180
        var count = Swift.min((channelSteps + 1) / 2, Int((length / 3).rounded(.up)))
        // At most 90° a piece, as the SVG writes arcs (see `SVGRenderer.arcPath`).
        count = Swift.max(count, Int((sweep / 90).rounded(.up)), 1)
        let overlap = Swift.min(2 / radius * 180 / Double.pi, sweep / Double(count))
        var segments: [Segment] = []
        segments.reserveCapacity(count)
        for index in 0..<count {
            let t = count == 1 ? 0 : Double(index) / Double(count - 1)
            var from = sweep * Double(index) / Double(count)
            var to = sweep * Double(index + 1) / Double(count)
            if index > 0 { from -= overlap }
            // A closed ring's last piece runs over the first one's start, so its seam is painted, not a gap.
            if closed && index == count - 1 { to += overlap }
            segments.append(Segment(from: from, to: to, color: Self.mix(start, end, t)))
        }
        self.segments = segments
        if closed || cap == .butt {
            caps = []
        } else {
            caps = [
                Cap(offset: 0, forward: false, color: segments[0].color),
                Cap(offset: sweep, forward: true, color: segments[count - 1].color),
            ]
        }
    }

    /// `a` and `b` mixed per sRGB channel, `t` of the way to `b`, opaque.
    static func mix(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
        }
        return RGBAColor(channel(a.red, b.red), channel(a.green, b.green), channel(a.blue, b.blue))
    }

    /// The outline of a cap in image coordinates: a square cap's rectangle (reaching 1 px back over the stroke so
    /// its edge falls on paint), or for a round cap its centre and radius (a whole disc, whose back half lies
    /// within the stroke).
    enum Shape {
        case disc(center: (x: Double, y: Double), radius: Double)
        case polygon([(x: Double, y: Double)])
    }

    /// Where `cap` lies on a ring of geometry `g` and centre-line `radius`.
    static func shape(of cap: Cap, style: RingSpec.Cap, in g: RingGeometry, radius: Double) -> Shape {
        let sign = g.clockwise ? 1.0 : -1.0
        let degrees = g.startAngle + cap.offset * sign
        let center = g.point(atDegrees: degrees, radius: radius)
        let half = g.thickness / 2
        if style == .round { return .disc(center: center, radius: half) }
        let rad = degrees * Double.pi / 180
        // The direction of travel along the ring at this angle, flipped at the start so it points out of the stroke.
        let along = (cap.forward ? sign : -sign)
        let u = (x: cos(rad) * along, y: sin(rad) * along)
        let n = (x: sin(rad), y: -cos(rad))
        let back = 1.0
        return .polygon([
            (center.x - u.x * back + n.x * half, center.y - u.y * back + n.y * half),
            (center.x + u.x * half + n.x * half, center.y + u.y * half + n.y * half),
            (center.x + u.x * half - n.x * half, center.y + u.y * half - n.y * half),
            (center.x - u.x * back - n.x * half, center.y - u.y * back - n.y * half),
        ])
    }
}
