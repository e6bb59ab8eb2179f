extension RingSpec {
    /// The one spec of all those that draw this image: `thickness` and `start` resolved from their defaults,
    /// `start` folded into 0..<360, every value clamped into `min…max` unless the label writes it, `-0` made `0`, an
    /// empty template made `none`, the value's style normalized (`ValueStyle.normalized`), the label's styling (`textColor`,
    /// `fontSize`, `fontWeight`, and the style's text-only part) reset when there is no label to style,
    /// `theme=dark` resolved into the colors it gives (leaving `light`), and `themedColors` reduced to what a theme can
    /// still change.
    /// Parsing returns normalized specs; `canonicalKey` normalizes a spec built by hand.
    public func normalized() -> RingSpec {
        var spec = self
        // The arc is clamped; the text is not: a label that writes the value keeps it as read (`450 ms` on a full
        // ring of max 300).
        // A map matches the value as read, whatever the label shows: it may color the ring.
        // Growing from min is the default: one image, one key (decided first, so a second normalization agrees).
        let style = valueStyle.normalized(min: reading.min)
        let keepsValue =
            LabelText.showsValue(label, unit: style.unit, signed: style.neutral != nil) || style.map != nil
        spec.valueStyle = style
        spec.reading = reading.normalized(keepsValues: keepsValue)
        spec.thickness = (thickness ?? Self.defaultThickness(size: size, rings: ringCount)) + 0
        spec.cap = Self.capDrawn(cap, size: size, thickness: spec.thickness!, rings: ringCount)
        spec.start = Self.normalizedAngle(start ?? Self.defaultStart(arc: arc, direction: direction))
        spec.arc = arc + 0
        spec.animate = animate + 0
        spec.fontSize = fontSize.map { $0 + 0 }
        spec.target = target.map { $0 + 0 }
        if label == .template("") { spec.label = .none }

        // A color is left to the theme only when it was not given and still has its light default.
        var themed = theme == .light ? [] : rolesAtLightDefaults(themedColors)
        if theme == .dark {
            spec.applyDefaults(of: .dark, to: themed)
            spec.adaptThresholdAndGradientColorsToDark()
            spec.theme = .light
        }
        if spec.label == .none {
            // These only style text that is never drawn.
            let defaults = RingSpec()
            spec.textColor = defaults.textColor
            spec.fontSize = defaults.fontSize
            spec.fontWeight = defaults.fontWeight
            spec.valueStyle = style.drawingOnly
            themed.remove(.textColor)
        }
        if spec.theme == .auto {
            // Default stroke colors the dark scheme can switch: those of rings no threshold colors (a fade's default
            // start switches with the fade, see `darkGradientEnds`).
            if (0..<ringCount).allSatisfy({ spec.reachesThreshold(ring: $0) }) { themed.remove(.color) }
            spec.themedColors = themed
            if themed.isEmpty && !spec.switchesThresholdOrGradientColors { spec.theme = .light }
        }
        spec.valueStyle = spec.valueStyle.normalized(min: spec.reading.min)
        if spec.theme == .light {
            // Bookkeeping only: in the light theme the values say everything.
            spec.themedColors = spec.rolesAtLightDefaults(.all)
        }
        return spec
    }

    /// The default stroke width for a ring `size` pixels wide: `round(size / 10)`, halves away from zero.
    public static func defaultThickness(size: Int) -> Double { (Double(size) / 10).rounded() }

    /// The default stroke width for `rings` concentric rings: a single ring's, or thinner when several rings would
    /// otherwise fill more than 60 % of the radius (13, 11, 8 and 6 px for 2…5 rings at size 128).
    public static func defaultThickness(size: Int, rings: Int) -> Double {
        guard rings > 1 else { return defaultThickness(size: size) }
        let filling = 1.2 * Double(size) / Double(5 * rings - 1)
        return Swift.max(1, Swift.min(Double(size) / 10, filling).rounded())
    }

    /// The widest stroke with which `rings` rings (each a quarter of a stroke apart) fit in `size`: half the size
    /// for one ring.
    public static func maximumThickness(size: Int, rings: Int) -> Double {
        guard rings > 1 else { return Double(size) / 2 }
        // The rings and their gaps fill the radius: n·t + (n − 1)·t/4 = size/2. Rounded down to hundredths so the
        // limit reads well in a message.
        return (Double(size) * 2 / Double(5 * rings - 1) * 100).rounded(.down) / 100
    }

    /// The ends actually drawn: round and square ends become butt ends where the stroke is wider than the innermost
    /// ring's radius (for one ring, `thickness` over a third of `size`). There a round end would bulge across the
    /// hole and past the middle, and the ring would read as a blob.
    public static func capDrawn(_ cap: Cap, size: Int, thickness: Double, rings: Int) -> Cap {
        guard cap != .butt else { return .butt }
        let half = Double(size) / 2
        let t2 = thickness / 2
        var radius = cap == .square ? (half * half - t2 * t2).squareRoot() - t2 : half - t2
        radius -= Double(Swift.max(rings, 1) - 1) * ringSpacing(thickness: thickness)
        return thickness > radius ? .butt : cap
    }

    /// How far apart the centre lines of neighbouring rings are: a stroke and a quarter, leaving a quarter-stroke gap.
    public static func ringSpacing(thickness: Double) -> Double { thickness * 1.25 }

    /// The default start angle: 0 for a full ring; for a gauge (`arc` < 360), the angle that centres its gap at
    /// 6 o'clock: half a gap past 180° against the ring's direction, e.g. 225 for `arc=270` clockwise, 135
    /// counterclockwise.
    public static func defaultStart(arc: Double, direction: Direction) -> Double {
        guard arc < 360 else { return 0 }
        return direction == .cw ? 180 + (360 - arc) / 2 : 180 - (360 - arc) / 2
    }

    /// `degrees` folded into 0..<360: `-90` and `270` are one angle, so they are one image.
    static func normalizedAngle(_ degrees: Double) -> Double {
        var angle = degrees.truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        // A tiny negative angle rounds to exactly 360 when 360 is added.
        if angle >= 360 { angle -= 360 }
        return angle + 0
    }
}
