/// A validated, canonical description of one badge: a shields-style flat badge with the label on the left and a
/// small ring with the percentage on the right. Two queries that mean the same badge give equal specs.
public struct BadgeSpec: Sendable, Hashable {
    /// The badge shapes of shields.io this service draws.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Rounded corners (3 px), a subtle top-to-bottom shade and text shadows.
        case flat
        /// Square corners, no shade, no shadows.
        case flatSquare = "flat-square"
    }

    /// The left text; empty draws the right half alone.
    public var label: String = "progress"
    /// Fill of the left half.
    public var labelColor: RGBAColor = RGBAColor(0x55, 0x55, 0x55)
    /// Fill of the right half (below the first threshold, when there are thresholds).
    public var color: RGBAColor = RGBAColor(0x25, 0x63, 0xeb)
    /// Value-driven color of the right half; `nil` means it is always `color`.
    public var thresholds: Thresholds? = nil
    public var value: Double = 0
    public var min: Double = 0
    public var max: Double = 100
    /// Digits after the point in the percentage.
    public var decimals: Int = 0
    public var style: Style = .flat
    /// Pixel density of the PNG.
    public var scale: Int = 1
    /// `nil` means the server's default max-age.
    public var cacheSeconds: Int? = nil

    public init() {}
}

extension BadgeSpec {
    /// The accepted ranges of the badge's own parameters; the shared ones are in `RingSpec.Limits`.
    public enum Limits {
        /// In characters as a reader counts them (grapheme clusters).
        public static let labelLength = 100
    }

    /// Share of the ring that is done, 0…1.
    public var fraction: Double {
        let span = max - min
        guard span > 0, span.isFinite, value.isFinite else { return 0 }
        return Swift.min(Swift.max((value - min) / span, 0), 1)
    }

    /// The right text: the percentage with `decimals` digits, e.g. `72%`.
    public var valueText: String {
        shownPercent.text + "%"
    }

    /// The percentage as the badge shows it (see `PercentText`), which thresholds compare.
    public var shownPercent: PercentText { PercentText(fraction: fraction, decimals: decimals) }

    /// The right half's fill: the `thresholds` step the shown percentage reaches, or `color`.
    public var valueColor: RGBAColor {
        guard let thresholds else { return color }
        return thresholds.color(forPercent: shownPercent.shown, default: color)
    }

    /// The accessible name, as shields writes it: `coverage: 72%`, or `72%` without a label.
    public var title: String { label.isEmpty ? valueText : label + ": " + valueText }
}
