extension RingSpec {
    /// The one spec of all those that draw this image: `thickness` and `start` resolved from their defaults,
    /// `start` folded into 0..<360, `value` clamped into `min…max`, `-0` made `0`, an empty template made `none`,
    /// and the label's styling (`textColor`, `fontSize`, `fontWeight`) reset when there is no label to style.
    /// Parsing returns normalized specs; `canonicalKey` normalizes a spec built by hand.
    public func normalized() -> RingSpec {
        var spec = self
        // Adding +0 turns -0 into +0 and leaves every other number as it is.
        spec.min = min + 0
        spec.max = max + 0
        spec.value = (min <= max ? Swift.min(Swift.max(value, min), max) : value) + 0
        spec.thickness = (thickness ?? Self.defaultThickness(size: size)) + 0
        spec.start = Self.normalizedAngle(start ?? Self.defaultStart(arc: arc, direction: direction))
        spec.arc = arc + 0
        spec.animate = animate + 0
        spec.fontSize = fontSize.map { $0 + 0 }
        if label == .template("") { spec.label = .none }
        if spec.label == .none {
            // These only style text that is never drawn.
            let defaults = RingSpec()
            spec.textColor = defaults.textColor
            spec.fontSize = defaults.fontSize
            spec.fontWeight = defaults.fontWeight
        }
        return spec
    }

    /// The default stroke width for a ring `size` pixels wide: `round(size / 10)`, halves away from zero.
    public static func defaultThickness(size: Int) -> Double { (Double(size) / 10).rounded() }

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
