import Foundation

/// Draws a ring as SVG markup: the same geometry as the PNG, no scripts, no links, no external references.
public enum SVGRenderer {
    /// The font list of every label; DejaVu Sans is what the PNG renderer and `rsvg-convert` use.
    static let fontFamily: StaticString = "Verdana,DejaVu Sans,sans-serif"

    /// The SVG document of `spec`, UTF-8; identical specs give identical bytes.
    public static func render(_ spec: RingSpec) -> [UInt8] {
        let g = RingGeometry(spec)
        var w = MarkupWriter(capacity: 1024 + g.title.utf8.count * 2 + (g.label?.utf8.count ?? 0))
        let animated = spec.animate > 0 && spec.animate.isFinite && g.hasProgress
        w.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        w.integer(spec.size)
        w.raw("\" height=\"")
        w.integer(spec.size)
        w.raw("\" viewBox=\"0 0 ")
        w.integer(spec.size)
        w.raw(" ")
        w.integer(spec.size)
        w.raw("\" role=\"img\" aria-label=\"")
        w.escaped(g.title)
        w.raw("\"><title>")
        w.escaped(g.title)
        w.raw("</title>")
        if animated {
            // Only the start of the keyframes is given: the end, and every renderer without CSS animation, shows the
            // static stroke-dashoffset="0" attribute, and reduced motion turns the animation off.
            w.raw("<style>@keyframes p{from{stroke-dashoffset:")
            w.number(progressLength(g))
            w.raw("}}.p{animation:p ")
            w.number(Swift.min(spec.animate, 10))
            w.raw("s ease-out}@media (prefers-reduced-motion:reduce){.p{animation:none}}</style>")
        }
        if let background = spec.background {
            w.raw("<rect width=\"")
            w.integer(spec.size)
            w.raw("\" height=\"")
            w.integer(spec.size)
            w.raw("\" fill=\"")
            w.color(background)
            w.raw("\"/>")
        }
        if let track = spec.track, g.trackSweep > 0 {
            if g.isTrackClosed {
                w.raw("<circle cx=\"")
                w.number(g.center)
                w.raw("\" cy=\"")
                w.number(g.center)
                w.raw("\" r=\"")
                w.number(g.radius)
                w.raw("\"")
            } else {
                w.raw("<path d=\"")
                arcPath(&w, g, sweep: g.trackSweep)
                w.raw("\"")
                lineCap(&w, g.cap)
            }
            w.raw(" fill=\"none\" stroke=\"")
            w.color(track)
            w.raw("\" stroke-width=\"")
            w.number(g.thickness)
            w.raw("\"/>")
        }
        if g.hasProgress {
            w.raw("<path")
            if animated { w.raw(" class=\"p\"") }
            w.raw(" d=\"")
            arcPath(&w, g, sweep: g.progressSweep)
            w.raw("\"")
            if !g.isProgressClosed { lineCap(&w, g.cap) }
            w.raw(" fill=\"none\" stroke=\"")
            w.color(spec.effectiveColor)
            w.raw("\" stroke-width=\"")
            w.number(g.thickness)
            w.raw("\"")
            if animated {
                let length = progressLength(g)
                w.raw(" stroke-dasharray=\"")
                w.number(length)
                w.raw(" ")
                w.number(length)
                w.raw("\" stroke-dashoffset=\"0\"")
            }
            w.raw("/>")
        }
        if let label = g.label {
            w.raw("<text x=\"")
            w.number(g.center)
            w.raw("\" y=\"")
            w.number(g.labelBaseline)
            w.raw("\" text-anchor=\"middle\" font-family=\"")
            w.raw(fontFamily)
            w.raw("\" font-size=\"")
            w.number(g.fontSize)
            w.raw(spec.fontWeight == .bold ? "\" font-weight=\"bold\" fill=\"" : "\" font-weight=\"normal\" fill=\"")
            w.color(spec.textColor)
            w.raw("\">")
            w.escaped(label)
            w.raw("</text>")
        }
        w.raw("</svg>\n")
        return w.bytes
    }

    /// Length of the progress stroke, rounded up to the written precision so a dash never falls short of the path.
    static func progressLength(_ g: RingGeometry) -> Double {
        (g.radius * g.progressSweep * Double.pi / 180 * 100).rounded(.up) / 100
    }

    static func lineCap(_ w: inout MarkupWriter, _ cap: RingSpec.Cap) {
        switch cap {
        case .round: w.raw(" stroke-linecap=\"round\"")
        case .square: w.raw(" stroke-linecap=\"square\"")
        case .butt: break  // the SVG default
        }
    }

    /// Writes an arc of `sweep` degrees from the start angle along the ring; a full turn is two closed half arcs.
    static func arcPath(_ w: inout MarkupWriter, _ g: RingGeometry, sweep: Double) {
        let sign = g.clockwise ? 1.0 : -1.0
        let start = g.point(atDegrees: g.startAngle)
        w.raw("M")
        w.number(start.x)
        w.raw(" ")
        w.number(start.y)
        if sweep >= 360 {
            for quarter in 1...3 {
                arcSegment(&w, g, to: g.point(atDegrees: g.startAngle + Double(quarter) * 90 * sign))
            }
            arcSegment(&w, g, to: start)
            w.raw("Z")
            return
        }
        let end = g.point(atDegrees: g.startAngle + sweep * sign)
        if sweep < 180 && (start.x * 100).rounded() == (end.x * 100).rounded()
            && (start.y * 100).rounded() == (end.y * 100).rounded()
        {
            // An arc whose written ends coincide would be dropped; a line a fiftieth of a pixel long along the
            // tangent keeps the cap and its orientation, as Cairo draws the tiny arc.
            let rad = g.startAngle * Double.pi / 180
            w.raw("l")
            NumberText.appendCompact(0.02 * cos(rad) * sign, decimals: 3, to: &w.bytes)
            w.raw(" ")
            NumberText.appendCompact(0.02 * sin(rad) * sign, decimals: 3, to: &w.bytes)
            return
        }
        // At most 90° per arc command. A renderer recovers an arc's centre from its rounded ends and radius; near
        // 180° that is ill-conditioned (0.005 px of rounding moved the centre by 0.2 px), and near 360° the ends
        // coincide and the arc vanishes.
        let pieces = Int((sweep / 90).rounded(.up))
        for piece in 1..<Swift.max(pieces, 1) {
            arcSegment(&w, g, to: g.point(atDegrees: g.startAngle + sweep * Double(piece) / Double(pieces) * sign))
        }
        arcSegment(&w, g, to: end)
    }

    /// Appends an arc command of at most 90° along the ring, in its direction.
    private static func arcSegment(_ w: inout MarkupWriter, _ g: RingGeometry, to p: (x: Double, y: Double)) {
        w.raw("A")
        w.number(g.radius)
        w.raw(" ")
        w.number(g.radius)
        w.raw(g.clockwise ? " 0 0 1 " : " 0 0 0 ")
        w.number(p.x)
        w.raw(" ")
        w.number(p.y)
    }
}
