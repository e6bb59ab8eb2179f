/// A percentage as labels show it, and the number shown, which is what `thresholds` compare (so the color always
/// agrees with the text).
///
/// Rounded half away from zero to `decimals` digits, except at the ends: a value short of the whole never shows as
/// 100 % (99.5 → `99%`, 99.9995 with 3 decimals → `99.999%`), and a value above nothing never shows as 0 % (0.2 →
/// `1%`): a ring that is not done never reads done, and one that has begun never reads untouched.
public struct PercentText: Sendable, Hashable {
    /// The digits without `%`, e.g. `72` or `99.50`.
    public let text: String
    /// The number the text shows, e.g. 72 or 99.5.
    public let shown: Double

    /// `fraction` (0…1, clamped) as a percentage with `decimals` (0…3) digits after the point.
    public init(fraction: Double, decimals: Int) {
        let digits = Swift.min(Swift.max(decimals, 0), 3)
        let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
        let scale = [1.0, 10, 100, 1000][digits]
        var units = (f * 100 * scale).rounded(.toNearestOrAwayFromZero)
        if f > 0 && f < 1 { units = Swift.min(Swift.max(units, 1), 100 * scale - 1) }
        shown = units / scale
        text = NumberText.fixed(shown, decimals: digits)
    }
}
