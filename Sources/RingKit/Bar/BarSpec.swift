/// A validated, canonical description of one bar image (or several bars stacked): a horizontal track and a fill from
/// its left end, with the label inside the bar where it fits and beside it where it does not.
///
/// Every parameter a bar shares with a ring (value, min, max, colors, label, decimals, fontSize, fontWeight, animate,
/// scale, title, cacheSeconds, theme, thresholds, gradient, lists for several bars) is read by the ring's own parser
/// and kept in `series`, so it has the ring's meaning, grammar and messages; the bar adds its shape.
public struct BarSpec: Sendable, Hashable {
    /// The shared parameters, each bar a ring of `series` (the first bar is `series.reading.value`, the others its
    /// inner rings). The ring-only parameters stay at their defaults.
    public var series = RingSpec()
    /// The image's width in CSS pixels: the track, and the label beside it when the label sits outside.
    public var width = 200
    /// Each bar's height in CSS pixels.
    public var height = 20
    /// Corner radius; `nil` means half the height (round ends).
    public var radius: Double? = nil

    public init() {}

    /// The accepted ranges of the bar's own parameters; the shared ones are the ring's (`RingSpec.Limits`,
    /// `ImageLimits`).
    public enum Limits {
        public static let width = 16...1024
        public static let height = 4...128
    }

    /// How many bars are stacked.
    public var barCount: Int { series.ringCount }

    /// The space between two stacked bars: half a bar's height.
    public var gap: Int { (height + 1) / 2 }

    /// The image's height: the bars and the gaps between them.
    public var imageHeight: Int { barCount * height + (barCount - 1) * gap }

    /// The corner radius drawn: the given one, or half the height.
    public var effectiveRadius: Double { radius ?? Double(height) / 2 }
}
