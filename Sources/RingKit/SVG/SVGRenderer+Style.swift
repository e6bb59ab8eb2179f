extension SVGRenderer {
    /// Keyframes that draw each ring's progress from nothing; the final state is the static attributes.
    static func animationStyle(_ w: inout MarkupWriter, _ spec: RingSpec, _ g: RingGeometry) {
        // Only the start of the keyframes is given: the end, and every renderer without CSS animation, shows the
        // static stroke-dashoffset="0" attribute, and reduced motion turns the animation off.
        var solid: [Int] = []
        var faded = false
        for (index, band) in g.bands.enumerated() where band.progressSweep > 0 {
            w.raw("@keyframes ")
            if let end = spec.gradient(ofRing: index) {
                // A fade's pieces share one keyframe (see `gradient`); their timing is on each piece.
                faded = true
                let stroke = GradientStroke(
                    sweep: band.progressSweep, radius: band.radius, cap: g.cap,
                    start: spec.effectiveColor(ofRing: index),
                    end: end)
                w.name("q", index)
                w.raw("{from{stroke-dashoffset:")
                w.number(stroke.longestSegmentLength(radius: band.radius))
                w.raw("}}")
                continue
            }
            solid.append(index)
            w.name("p", index)
            w.raw("{from{stroke-dashoffset:")
            w.number(progressLength(radius: band.radius, sweep: band.progressSweep))
            w.raw("}}")
            w.selector("p", index)
            w.raw("{animation:")
            w.name("p", index)
            w.raw(" ")
            w.number(Swift.min(spec.animate, 10))
            w.raw("s ease-out}")
        }
        if faded {
            w.raw("@keyframes ")
            w.name("e")
            w.raw("{from{opacity:0}}")
        }
        w.raw("@media (prefers-reduced-motion:reduce){")
        for (n, index) in solid.enumerated() {
            if n > 0 { w.raw(",") }
            w.selector("p", index)
        }
        if !solid.isEmpty { w.raw("{animation:none}") }
        // The pieces' timing is inline, which only an important rule overrides.
        if faded {
            w.selector("q")
            w.raw(",")
            w.selector("e")
            w.raw("{animation:none!important}")
        }
        w.raw("}")
    }

    /// Switches the colors left to the theme to the dark defaults where the viewer prefers a dark scheme.
    static func darkSchemeStyle(_ w: inout MarkupWriter, _ spec: RingSpec) {
        w.raw("@media (prefers-color-scheme:dark){")
        let solid = (0..<spec.ringCount).filter { spec.gradient(ofRing: $0) == nil }
        darkSeriesStyle(&w, spec, solid: solid, of: 0..<spec.ringCount, .stroke)
        if spec.themedColors.contains(.textColor) { w.colorRule("x", .fill, RingSpec.Theme.dark.textColor) }
        w.raw("}")
    }

    /// The dark scheme's rules for a ring's or a bar's series, in `paint`: each `solid` one's color (a threshold's
    /// adapted color, or the dark theme's where the color is left to the theme), the dark ends of gradients shown
    /// in place of the light ones among `all`, and the track left to the theme.
    static func darkSeriesStyle(
        _ w: inout MarkupWriter, _ spec: RingSpec, solid: [Int], of all: Range<Int>, _ paint: MarkupWriter.Paint
    ) {
        let dark = RingSpec.Theme.dark
        for index in solid {
            if let adapted = spec.darkThresholdColor(ofRing: index) {
                w.colorRule("c", index: index, paint, adapted)
            } else if spec.themedColors.contains(.color) && !spec.reachesThreshold(ring: index) {
                w.colorRule("c", index: index, paint, dark.ringColors[Swift.min(index, 4)])
            }
        }
        if all.contains(where: { spec.darkGradientEnds(ofRing: $0) != nil }) {
            w.selector("gl")
            w.raw("{display:none}")
            w.selector("gd")
            w.raw("{display:inline}")
        }
        if spec.themedColors.contains(.track) { w.colorRule("t", paint, dark.track) }
    }

    // Names, each behind the image's prefix (`MarkupWriter.name`): `p`, `p1`… a ring's animation (and its keyframes),
    // `c`… its themed color, `q`… a fade's keyframes, `e` a fade's end cap, `gl`/`gd` a fade's light and dark versions,
    // `t` a themed track, `x` a themed label.
}
