/// A validated, canonical description of one badge: a shields-style badge with the label on the left and a small
/// ring with the percentage on the right. Two queries that mean the same badge give equal specs.
public struct BadgeSpec: Sendable, Hashable {
    /// The badge shapes of shields.io this service draws.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Rounded corners (3 px), a subtle top-to-bottom shade and text shadows.
        case flat
        /// Square corners, no shade, no shadows.
        case flatSquare = "flat-square"
        /// 18 px high, 4 px corners, a glossy sheen (light at the top, dark at the bottom) and text shadows.
        case plastic
        /// 28 px high, square, its texts in capitals with wider letter spacing, the value bold.
        case forTheBadge = "for-the-badge"
        /// A light button in GitHub's manner: the label in a gray-bordered box, the value in a bubble beside it, bold
        /// dark text; the value's color shows in the icon.
        case social
    }

    /// The left text; empty draws the right half alone.
    public var label: String = "progress"
    // Setting a color takes it from the theme, so a spec built by hand keeps the colors it was given.
    /// Fill of the left half.
    public var labelColor: RGBAColor = RGBAColor(0x55, 0x55, 0x55) { didSet { themedColors.remove(.labelColor) } }
    /// Fill of the right half (below the first threshold, when there are thresholds).
    public var color: RGBAColor = RGBAColor(0x25, 0x63, 0xeb) { didSet { themedColors.remove(.color) } }
    /// Value-driven color of the right half; `nil` means it is always `color`.
    public var thresholds: Thresholds? = nil
    /// The value and its `min…max`: what every kind reads alike (a badge reads one value).
    public var reading = ValueReading()
    /// How the value is written (unit, digits, locale), what replaces it (map, the missing value) and the neutral
    /// point the icon grows from (with it the value is shown signed): the style every kind shares.
    public var valueStyle = ValueStyle.initial
    public var style: Style = .flat
    /// Pixel density of the PNG.
    public var scale: Int = 1
    /// What a GIF lays translucent pixels over (GIF has one transparent color, no partial transparency); opaque.
    public var matte = RGBAColor(0xff, 0xff, 0xff)
    /// `nil` means the server's default max-age.
    public var cacheSeconds: Int? = nil
    /// Seconds for the `Refresh` header; `nil`: none.
    public var refresh: Int? = nil
    /// The small picture before the value: a ring (the default) or a bar.
    public var icon: Icon = .ring
    /// Text shown in place of the value, with no icon: a plain shields badge in `color` (`build | passing`), or a
    /// template of the value (`{value}/{max} passed`), filled as a ring's label is and colored as the value is.
    public var message: String? = nil
    /// A right half drawn from a test run's counts, as shields.io's test-results badges are (`preset=tests`).
    public var preset: TestResults.Preset? = nil
    /// The run's counts under `preset`: the value (passed) and the stored `NAME.failed` and `NAME.skipped`.
    public var testResults: TestResults? = nil
    /// Default panel colors: `light`, `dark`, or `auto` (the SVG follows `prefers-color-scheme`; a raster draws the
    /// light panels, opaque, which read on any page).
    public var theme: RingSpec.Theme = .light
    /// Which panel colors were left to the theme (not given in the URL).
    public var themedColors: ColorRoles = .all
    /// The logo before the label: a Simple Icons logo or a custom one.
    public var logo: Logo? = nil
    /// The look of a value older than its `staleAfter`, drawn where `stale.since` is set.
    public var stale = StaleLook()
    /// The named logo's color; `nil` is shields.io's default for the logo and style (`Logo.defaultColor`).
    public var logoColor: RGBAColor? = nil
    /// The texts' color on both halves (`textColor`); nil chooses white or dark per half (`BadgeLayout.textColors`).
    public var textColor: RGBAColor? = nil

    /// The badge's icons: a ring, a bar, or none (the value's text alone, as shields' own badges show a number).
    public enum Icon: String, Sendable, Hashable, CaseIterable {
        case ring, bar, none
    }

    /// The colors a theme provides when the query leaves them out.
    public struct ColorRoles: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let labelColor = ColorRoles(rawValue: 1)
        public static let color = ColorRoles(rawValue: 2)
        public static let all: ColorRoles = [.labelColor, .color]
    }

    /// The panels' default colors in each theme: shields.io's gray and this service's blue on light pages; on dark
    /// ones a darker gray and GitHub's dark-theme blue, both still dark enough for the white text on them.
    public static func defaultColors(_ theme: RingSpec.Theme) -> (labelColor: RGBAColor, color: RGBAColor) {
        theme == .dark
            ? (RGBAColor(0x30, 0x36, 0x3d), RGBAColor(0x1f, 0x6f, 0xeb))
            : (RGBAColor(0x55, 0x55, 0x55), RGBAColor(0x25, 0x63, 0xeb))
    }

    public init() {}
}

extension BadgeSpec {
    /// The accepted ranges of the badge's own parameters; those every image shares are in `ImageLimits`.
    public enum Limits {
        /// In characters as a reader counts them (grapheme clusters).
        public static let labelLength = 100
    }

    /// Share of the ring that is done, 0…1.
    public var fraction: Double { reading.fraction }

    /// The right text: the percentage with `decimals` digits (`72%`), or the value in `unit` (`1.2 GiB`). The icon
    /// is clamped, the text is not: 130 of 100 reads `130%` (a badge says its number, as a ring's `{value}` does).
    public var valueText: String {
        if let message {
            // In the stale look `message` is `staleLabel`, already filled.
            guard messageIsTemplate, stale.since == nil || stale.label == nil else { return message }
            return LabelText.text(.template(message), of: reading, fraction: shownShare, style: valueStyle) ?? ""
        }
        if let preset, let testResults { return testResults.message(preset, text: valueStyle.text) }
        return LabelText.text(.auto, of: reading, fraction: shownShare, style: valueStyle)!
    }

    /// Whether `message` writes the value (`{value} passed`): then it is filled and colored as the value's text is.
    /// One without a brace is a fixed text in `color`, as it always was.
    public var messageIsTemplate: Bool { message?.utf8.contains(UInt8(ascii: "{")) ?? false }

    /// The value's share of `min…max` as the badge's text writes it: not clamped (`130%`), unlike the icon's.
    var shownShare: Double {
        let (value, min, max) = (reading.value, reading.min, reading.max)
        let span = max - min
        return span > 0 && span.isFinite && value.isFinite ? (value - min) / span : fraction
    }

    /// The percentage as the badge shows it (see `PercentText`), which thresholds compare.
    public var shownPercent: PercentText { PercentText(fraction: fraction, decimals: valueStyle.percentDecimals) }

    /// The right half's fill: the `thresholds` step the shown percentage reaches, or `color`.
    public var valueColor: RGBAColor {
        if message != nil, !messageIsTemplate { return color }
        // The stale look's gray wins over the run's color.
        if let testResults, stale.since == nil { return testResults.color }
        if let mapped = valueStyle.mappedItem(for: reading.value)?.color { return mapped }
        guard let thresholds else { return color }
        return thresholds.color(forPercent: shownPercent.shown, default: color)
    }

    /// The accessible name, as shields writes it: `coverage: 72%`, or `72%` without a label.
    public var title: String { AccessibleName.badge(label: label, value: valueText, stale: stale) }
}
