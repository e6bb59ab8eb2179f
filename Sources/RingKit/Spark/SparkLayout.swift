/// Where everything of a sparkline goes, shared by the SVG and PNG renderers: the points in image coordinates
/// (rounded to hundredths, as the SVG writes them), the line's width and color, and the label at the right end.
public struct SparkLayout: Sendable {
    /// The least width the line keeps beside its label.
    static let minimumLine = 16.0

    public let width: Int
    public let height: Int
    /// The points as drawn, left to right.
    public let points: [(x: Double, y: Double)]
    /// Where the area under the line ends: the image's bottom edge.
    public var bottom: Double { Double(height) }
    public let lineWidth: Double
    /// The radius of the dot on the last point.
    public let dotRadius: Double
    /// The line's color: `color`, or the `thresholds` step the last point reaches.
    public let color: RGBAColor
    /// The area's color: the line's at `SparkSpec.areaOpacity` of its opacity; nil with `fill=none`.
    public let areaColor: RGBAColor?
    /// The label's text; nil draws none.
    public let label: String?
    public let fontSize: Double
    public let labelX: Double
    public let baseline: Double
    /// The accessible name: the spec's title, or `Sparkline: ` and the last value.
    public let title: String
    /// With a label that leaves the line too little room: the width that would hold both.
    public let widthNeededForLabel: Int?

    /// The layout of `spec`; values outside the documented ranges are clamped, never trapped on.
    public init(_ spec: SparkSpec) {
        let series = spec.series
        width = Swift.max(1, spec.width)
        height = Swift.max(1, spec.height)
        let h = Double(height)
        lineWidth = Swift.min(3, Swift.max(1, (h / 16 * 2).rounded() / 2))
        dotRadius = lineWidth * 1.5
        color = series.effectiveColor
        areaColor = spec.fill == .area ? Self.translucent(color, SparkSpec.areaOpacity) : nil
        let last = spec.points.last ?? series.reading.min
        let shown = Self.labelText(series, value: last)
        label = shown
        let bold = series.fontWeight == .bold
        let size =
            series.fontSize ?? Swift.min(Swift.max(LabelLayout.minimumFontSize, (h * 0.6).rounded(.down)), 48)
        fontSize = size
        var lineEnd = Double(width)
        var needed: Int? = nil
        if let shown {
            let column = (TextMetrics.drawnWidth(of: shown, bold: bold, at: size) * size + size / 2).rounded(.up)
            if Double(width) - column >= Self.minimumLine {
                lineEnd = Double(width) - column
            } else {
                needed = Int(column + Self.minimumLine)
            }
        }
        widthNeededForLabel = needed
        labelX = lineEnd + size / 2
        baseline = (h / 2 + size * TextMetrics.halfCapHeight).rounded()
        title = AccessibleName.sparkline(series, label: shown, last: last)

        let pad = dotRadius
        let (min, span) = (series.reading.min, series.reading.max - series.reading.min)
        let count = spec.points.count
        let step = count > 1 ? (lineEnd - 2 * pad) / Double(count - 1) : 0
        points = spec.points.enumerated().map { index, value in
            let share = span > 0 && span.isFinite ? Swift.min(Swift.max((value - min) / span, 0), 1) : 0.5
            let x = count > 1 ? pad + Double(index) * step : lineEnd - pad
            let y = pad + (1 - share) * (h - 2 * pad)
            return (Self.hundredths(x), Self.hundredths(y))
        }
    }

    /// The label of the last point: `auto` writes the value as `{value}` does; a template is filled as a ring's,
    /// with `{delta}` the change from the first point (or `previous`).
    static func labelText(_ series: RingSpec, value: Double) -> String? {
        let reading = series.reading
        let fraction = value.isFinite ? reading.share(of: value, at: 0) : 0
        let label = series.label == .auto ? RingSpec.Label.template("{value}") : series.label
        return LabelText.text(
            label, value: value, min: reading.min, max: reading.max, fraction: fraction, style: series.valueStyle,
            previous: reading.previous)
    }

    /// `color` with its opacity times `share`.
    static func translucent(_ color: RGBAColor, _ share: Double) -> RGBAColor {
        RGBAColor(color.red, color.green, color.blue, UInt8((Double(color.alpha) * share).rounded()))
    }

    /// `x` rounded to hundredths, as the SVG writes it, so the PNG draws the same coordinates.
    static func hundredths(_ x: Double) -> Double { (x * 100).rounded() / 100 }
}
