import FoundationEssentials
import Glibc

/// Draws a ring as SVG markup: the same geometry as the PNG, no scripts, no links, no external references.
public enum SVGRenderer {
    /// The font list of every label; DejaVu Sans is what the PNG renderer and `rsvg-convert` use.
    static let fontFamily: StaticString = "Verdana,DejaVu Sans,sans-serif"

    /// The SVG document of `spec`, UTF-8; identical specs give identical bytes.
    public static func render(_ spec: RingSpec) -> [UInt8] {
        // Themes other than light are resolved (dark) or reduced to what switches (auto) by normalization; a light
        // spec draws as it is.
        let spec = spec.theme == .light ? spec : spec.normalized()
        let g = RingGeometry(spec)
        var w = MarkupWriter(capacity: 1024 + g.title.utf8.count * 2 + (g.label?.utf8.count ?? 0))
        let animated =
            spec.animate > 0 && spec.animate.isFinite
            && (g.hasProgress || g.innerBands.contains { $0.progressSweep > 0 })
        let auto = spec.theme == .auto
        if animated || auto { w.namePrefix = MarkupWriter.namePrefix(forKey: spec.canonicalKey(for: .svg)) }
        w.openDocument(width: spec.size, height: spec.size, title: g.title)
        if animated || auto {
            w.raw("<style>")
            if animated { animationStyle(&w, spec, g) }
            if auto { darkSchemeStyle(&w, spec) }
            w.raw("</style>")
        }
        if let background = spec.background {
            w.background(width: spec.size, height: spec.size, background)
        }
        // Built once: `bands` makes an array each time it is read.
        let bands = g.bands
        for (index, band) in bands.enumerated() {
            ring(&w, spec, g, index: index, band: band, animated: animated)
        }
        if !g.marks.isEmpty { for band in bands { marks(&w, g, radius: band.radius) } }
        if let layout = g.labelLayout {
            label(&w, layout, spec, g, themed: auto && spec.themedColors.contains(.textColor))
        }
        if let placed = LogoPlacement.inRing(spec, g) {
            placed.logo.svg(&w, x: placed.x, y: placed.y, side: placed.side, color: placed.color)
        }
        w.raw("</svg>\n")
        return w.bytes
    }

    /// Writes ring `index`: its track, then its progress (solid, or a gradient's pieces).
    private static func ring(
        _ w: inout MarkupWriter, _ spec: RingSpec, _ g: RingGeometry, index: Int, band: RingGeometry.Band,
        animated: Bool
    ) {
        let (radius, sweep) = (band.radius, band.progressSweep)
        let auto = spec.theme == .auto
        if let track = spec.track(ofRing: index), g.trackSweep > 0 {
            let themed = auto && spec.themedColors.contains(.track)
            if g.isTrackClosed {
                w.raw("<circle")
                if themed { w.classAttribute("t") }
                w.raw(" cx=\"")
                w.number(g.center)
                w.raw("\" cy=\"")
                w.number(g.center)
                w.raw("\" r=\"")
                w.number(radius)
                w.raw("\"")
            } else {
                w.raw("<path")
                if themed { w.classAttribute("t") }
                w.raw(" d=\"")
                arcPath(&w, g, from: g.startAngle, sweep: g.trackSweep, radius: radius)
                w.raw("\"")
                lineCap(&w, g.cap)
            }
            w.raw(" fill=\"none\" stroke=\"")
            w.color(track)
            w.raw("\" stroke-width=\"")
            w.number(g.thickness)
            w.raw("\"/>")
        }
        guard sweep > 0 else { return }
        let color = spec.effectiveColor(ofRing: index)
        if let end = spec.gradient(ofRing: index) {
            let reveal = animated ? (index: index, seconds: Swift.min(spec.animate, 10)) : nil
            let light = GradientStroke(sweep: sweep, radius: radius, cap: g.cap, start: color, end: end)
            guard auto, let dark = spec.darkGradientEnds(ofRing: index) else {
                gradient(&w, g, radius: radius, sweep: sweep, stroke: light, reveal: reveal, scheme: nil)
                return
            }
            // Both fades: the dark one hidden by an attribute that only the dark scheme's rule overrides, so a
            // renderer without CSS shows the light one.
            gradient(&w, g, radius: radius, sweep: sweep, stroke: light, reveal: reveal, scheme: .light)
            let darkStroke = GradientStroke(sweep: sweep, radius: radius, cap: g.cap, start: dark.start, end: dark.end)
            gradient(&w, g, radius: radius, sweep: sweep, stroke: darkStroke, reveal: reveal, scheme: .dark)
            return
        }
        w.raw("<path")
        let themed =
            auto
            && ((spec.themedColors.contains(.color) && !spec.reachesThreshold(ring: index))
                || spec.darkThresholdColor(ofRing: index) != nil)
        if animated || themed {
            w.raw(" class=\"")
            if animated { w.name("p", index) }
            if animated && themed { w.raw(" ") }
            if themed { w.name("c", index) }
            w.raw("\"")
        }
        w.raw(" d=\"")
        if band.progressReversed {
            // From the neutral point back to the value, so an animation grows it from there.
            let end = band.progressStartAngle + (g.clockwise ? sweep : -sweep)
            arcPath(&w, g, from: end, sweep: sweep, radius: radius, clockwise: !g.clockwise)
        } else {
            arcPath(&w, g, from: band.progressStartAngle, sweep: sweep, radius: radius)
        }
        w.raw("\"")
        if sweep < 360 { lineCap(&w, g.cap) }
        w.raw(" fill=\"none\" stroke=\"")
        w.color(color)
        w.raw("\" stroke-width=\"")
        w.number(g.thickness)
        w.raw("\"")
        if animated {
            let length = progressLength(radius: radius, sweep: sweep)
            w.raw(" stroke-dasharray=\"")
            w.number(length)
            w.raw(" ")
            w.number(length)
            w.raw("\" stroke-dashoffset=\"0\"")
        }
        w.raw("/>")
    }

    /// The ticks of `g.marks` across the track of `radius`: filled quadrilaterals, as the PNG fills them.
    private static func marks(_ w: inout MarkupWriter, _ g: RingGeometry, radius: Double) {
        for mark in g.marks {
            w.raw("<path d=\"")
            for (index, corner) in g.tickCorners(mark, radius: radius).enumerated() {
                w.raw(index == 0 ? "M" : "L")
                w.number(corner.x)
                w.raw(" ")
                w.number(corner.y)
            }
            w.raw("Z\" fill=\"")
            w.color(mark.color)
            w.raw("\"/>")
        }
    }

    /// Length of a progress stroke, rounded up to the written precision so a dash never falls short of the path.
    static func progressLength(radius: Double, sweep: Double) -> Double {
        (radius * sweep * Double.pi / 180 * 100).rounded(.up) / 100
    }

    static func lineCap(_ w: inout MarkupWriter, _ cap: RingSpec.Cap) {
        switch cap {
        case .round: w.raw(" stroke-linecap=\"round\"")
        case .square: w.raw(" stroke-linecap=\"square\"")
        case .butt: break  // the SVG default
        }
    }

    /// Writes an arc of `sweep` degrees from the angle `from` along the ring of `radius`; a full turn is four
    /// closed quarter arcs.
    static func arcPath(
        _ w: inout MarkupWriter, _ g: RingGeometry, from: Double, sweep: Double, radius: Double,
        clockwise given: Bool? = nil
    ) {
        let clockwise = given ?? g.clockwise
        let sign = clockwise ? 1.0 : -1.0
        let start = g.point(atDegrees: from, radius: radius)
        w.raw("M")
        w.number(start.x)
        w.raw(" ")
        w.number(start.y)
        if sweep >= 360 {
            for quarter in 1...3 {
                arcSegment(
                    &w, g, radius: radius, to: g.point(atDegrees: from + Double(quarter) * 90 * sign, radius: radius),
                    clockwise: clockwise)
            }
            arcSegment(&w, g, radius: radius, to: start, clockwise: clockwise)
            w.raw("Z")
            return
        }
        let end = g.point(atDegrees: from + sweep * sign, radius: radius)
        if sweep < 180 && (start.x * 100).rounded() == (end.x * 100).rounded()
            && (start.y * 100).rounded() == (end.y * 100).rounded()
        {
            // An arc whose written ends coincide would be dropped; a line a fiftieth of a pixel long along the
            // tangent keeps the cap and its orientation, as Cairo draws the tiny arc.
            let rad = from * Double.pi / 180
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
            let angle = from + sweep * Double(piece) / Double(pieces) * sign
            arcSegment(&w, g, radius: radius, to: g.point(atDegrees: angle, radius: radius), clockwise: clockwise)
        }
        arcSegment(&w, g, radius: radius, to: end, clockwise: clockwise)
    }

    /// Appends an arc command of at most 90° along the ring, in its direction.
    private static func arcSegment(
        _ w: inout MarkupWriter, _ g: RingGeometry, radius: Double, to p: (x: Double, y: Double), clockwise: Bool
    ) {
        w.raw("A")
        w.number(radius)
        w.raw(" ")
        w.number(radius)
        w.raw(clockwise ? " 0 0 1 " : " 0 0 0 ")
        w.number(p.x)
        w.raw(" ")
        w.number(p.y)
    }
}
