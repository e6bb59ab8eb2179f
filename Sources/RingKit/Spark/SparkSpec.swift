/// A validated, canonical description of one sparkline: a line through a series of numbers, oldest on the left, with
/// the area under it filled, and optionally the last value written at its right end.
///
/// Every parameter a sparkline shares with a ring (min, max, colors, theme, thresholds, label, unit, locale,
/// decimals, fontSize, fontWeight, title, scale, cacheSeconds, previous) is read by the ring's own parser and kept in
/// `series`, holding the last point as its value, so the line's color and the label are those a ring of the last
/// value shows; the sparkline adds its points and its shape.
public struct SparkSpec: Sendable, Hashable {
    /// What is drawn under the line.
    public enum Fill: String, Sendable, Hashable, CaseIterable {
        /// The area between the line and the bottom, in the line's color at `areaOpacity`.
        case area
        /// The line alone.
        case none
    }

    /// The shared parameters: `series.reading.value` is the last point, `series.reading`'s `min…max` the scale drawn from the
    /// bottom to the top (the points' own range unless the query gives `min` or `max`).
    public var series = RingSpec()
    /// The numbers drawn, oldest first.
    public var points: [Double] = []
    /// The image's width in CSS pixels: the line, and the label at its end.
    public var width = 120
    /// The image's height in CSS pixels.
    public var height = 24
    public var fill = Fill.area

    public init() {}

    /// The accepted ranges of the sparkline's own parameters; the shared ones are the ring's (`RingSpec.Limits`,
    /// `ImageLimits`).
    public enum Limits {
        public static let width = 16...1024
        public static let height = 8...256
        /// The most points one URL gives (and a stored history is thinned to).
        public static let points = 512
    }

    /// How opaque the area under the line is, as a share of the line's own opacity.
    public static let areaOpacity = 0.2
}
