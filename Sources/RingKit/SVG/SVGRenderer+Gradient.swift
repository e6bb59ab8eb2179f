extension SVGRenderer {
    /// Writes a fading progress stroke as a group of solid pieces and cap shapes (see `GradientStroke`). With
    /// `reveal`, each piece draws itself in turn, over its share of the ring's `seconds` and after the pieces before
    /// it, so together they sweep from the start as a solid stroke's animation does; the end cap shows at the end.
    static func gradient(
        _ w: inout MarkupWriter, _ g: RingGeometry, radius: Double, sweep: Double, stroke: GradientStroke,
        reveal: (index: Int, seconds: Double)?, scheme: RingSpec.Theme?
    ) {
        switch scheme {
        case .light:
            w.raw("<g")
            w.classAttribute("gl")
        case .dark:
            w.raw("<g")
            w.classAttribute("gd")
            w.raw(" display=\"none\"")
        case .auto, nil: w.raw("<g")
        }
        w.raw(" fill=\"none\" stroke-width=\"")
        w.number(g.thickness)
        w.raw("\"")
        if stroke.alpha != 255 {
            w.raw(" opacity=\"")
            NumberText.appendCompact(Double(stroke.alpha) / 255, decimals: 4, to: &w.bytes)
            w.raw("\"")
        }
        w.raw(">")
        for cap in stroke.caps {
            switch GradientStroke.shape(of: cap, style: g.cap, in: g, radius: radius) {
            case .disc(let center, let r):
                w.raw("<circle")
                if let reveal, cap.forward { endCapReveal(&w, seconds: reveal.seconds) }
                w.raw(" cx=\"")
                w.number(center.x)
                w.raw("\" cy=\"")
                w.number(center.y)
                w.raw("\" r=\"")
                w.number(r)
                w.raw("\"")
            case .polygon(let points):
                w.raw("<path")
                if let reveal, cap.forward { endCapReveal(&w, seconds: reveal.seconds) }
                w.raw(" d=\"")
                for (i, p) in points.enumerated() {
                    w.raw(i == 0 ? "M" : "L")
                    w.number(p.x)
                    w.raw(" ")
                    w.number(p.y)
                }
                w.raw("Z\"")
            }
            w.raw(" fill=\"")
            w.color(cap.color)
            w.raw("\" stroke=\"none\"/>")
        }
        let sign = g.clockwise ? 1.0 : -1.0
        let pieceLength = stroke.longestSegmentLength(radius: radius)
        for segment in stroke.segments {
            w.raw("<path")
            if let reveal {
                w.classAttribute("q")
                w.raw(" style=\"animation:")
                w.name("q", reveal.index)
                w.raw(" ")
                // Milliseconds: a piece lasts a few of them.
                NumberText.appendCompact(
                    (reveal.seconds * (segment.to - segment.from) / sweep * 1000).rounded(.up) / 1000, decimals: 3,
                    to: &w.bytes)
                w.raw("s linear ")
                NumberText.appendCompact(
                    (reveal.seconds * segment.from / sweep * 1000).rounded(.down) / 1000, decimals: 3, to: &w.bytes)
                w.raw("s backwards\" stroke-dasharray=\"")
                w.number(pieceLength)
                w.raw(" ")
                w.number(pieceLength)
                w.raw("\" stroke-dashoffset=\"0\"")
            }
            w.raw(" d=\"")
            arcPath(&w, g, from: g.startAngle + segment.from * sign, sweep: segment.to - segment.from, radius: radius)
            w.raw("\" stroke=\"")
            w.color(segment.color)
            w.raw("\"/>")
        }
        w.raw("</g>")
    }

    /// The end cap of a revealed fade: hidden until the last piece has drawn itself.
    static func endCapReveal(_ w: inout MarkupWriter, seconds: Double) {
        w.classAttribute("e")
        w.raw(" style=\"animation:")
        w.name("e")
        w.raw(" 0.01s linear ")
        w.number(seconds)
        w.raw("s backwards\"")
    }
}
