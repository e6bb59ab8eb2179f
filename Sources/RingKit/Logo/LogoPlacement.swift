/// Where a logo goes in a ring or a bar, and its color: in a ring's hole (above the label, or alone and larger
/// without one), at a bar's left end. Badges place theirs in `BadgeLayout`, with shields.io's measures.
public struct LogoPlacement: Sendable, Hashable {
    public let logo: Logo
    /// The top left of the square the logo is fitted into, and its side, in CSS pixels.
    public let x: Double
    public let y: Double
    public let side: Double
    public let color: RGBAColor

    /// The smallest square worth drawing a logo in.
    static let minimumSide = 6.0

    /// In a ring's hole: alone (no label), a square of 1.2 × the hole's radius at the centre; with a label, the
    /// largest square up to 0.7 × the radius that fits in the hole above the label's first line. `nil` when the hole
    /// has no room for one.
    static func inRing(_ spec: RingSpec, _ g: RingGeometry) -> LogoPlacement? {
        guard let logo = spec.logo else { return nil }
        let r = g.holeRadius
        // The label's color says what it is drawn on: dark text on a light page, light text on a dark one.
        let onLight = spec.background.map(isLight) ?? !isLight(spec.textColor)
        let color = spec.logoColor ?? logo.defaultColor(onLight: onLight)
        guard let layout = g.labelLayout, let baseline = layout.baselines.first else {
            let side = r * 1.2
            guard side >= minimumSide else { return nil }
            return LogoPlacement(
                logo: logo, x: g.center - side / 2, y: g.center - side / 2, side: side, color: color)
        }
        // The label's capitals reach about 0.75 em above its baseline; the logo stands a little above them.
        let labelTop = baseline - layout.fontSize * 0.75
        var side = r * 0.7
        while side >= minimumSide {
            let bottom = labelTop - side * 0.15
            let top = bottom - side
            let reach = (g.center - top) * (g.center - top) + side * side / 4
            if reach <= r * r * 0.9 {
                return LogoPlacement(logo: logo, x: g.center - side / 2, y: top, side: side, color: color)
            }
            side *= 0.9
        }
        return nil
    }

    /// At a bar's left end, inside its first bar: a square up to 14 px, as far from the end as from its edges.
    static func inBar(_ spec: RingSpec, _ layout: BarLayout) -> LogoPlacement? {
        guard let logo = spec.logo, let bar = layout.bars.first else { return nil }
        let side = Swift.min(Logo.size, layout.barHeight - 4)
        guard side >= minimumSide else { return nil }
        let inset = (layout.barHeight - side) / 2
        // Behind the logo: the fill where it reaches past the logo, else the track (or the page).
        let filled = bar.fillStart <= inset && bar.fillLength >= inset + side
        let behind = filled ? bar.fillColor : bar.track ?? spec.background ?? RGBAColor(0xff, 0xff, 0xff)
        return LogoPlacement(
            logo: logo, x: inset, y: bar.y + inset, side: side,
            color: spec.logoColor ?? logo.defaultColor(onLight: isLight(behind)))
    }

    /// shields.io's brightness threshold, as its text colors use it.
    private static func isLight(_ c: RGBAColor) -> Bool {
        c.alpha < 128 || (299 * Double(c.red) + 587 * Double(c.green) + 114 * Double(c.blue)) / 255_000 > 0.69
    }
}
