/// A validated, canonical description of one ring image: every parameter of the URL, defaults applied.
/// Two queries that mean the same ring give equal specs and the same `canonicalKey`.
public struct RingSpec: Sendable, Hashable {
    public enum Cap: String, Sendable, Hashable, CaseIterable { case round, butt, square }
    public enum Direction: String, Sendable, Hashable, CaseIterable { case cw, ccw }
    public enum FontWeight: String, Sendable, Hashable, CaseIterable { case bold, normal }
    /// Which default colors apply: `light`, `dark`, or `auto` (the SVG follows `prefers-color-scheme`; a raster reads
    /// on light and dark pages, `rasterColors`).
    public enum Theme: String, Sendable, Hashable, CaseIterable { case light, dark, auto }

    /// The colors a theme provides when the query leaves them out.
    public struct ColorRoles: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The progress stroke of every ring.
        public static let color = ColorRoles(rawValue: 1)
        /// The track of every ring.
        public static let track = ColorRoles(rawValue: 2)
        public static let textColor = ColorRoles(rawValue: 4)
        public static let all: ColorRoles = [.color, .track, .textColor]
    }

    /// The look of a ring inside the first one (`value=30,60,90` draws the first ring and two inner ones); its value
    /// and its own max are the reading's (`ValueReading.more`).
    public struct InnerRing: Sendable, Hashable {
        public var color: RGBAColor
        /// `nil` means `none`.
        public var track: RGBAColor?
        /// Where the progress fades to; `nil` means a solid stroke.
        public var gradient: RGBAColor?

        public init(color: RGBAColor, track: RGBAColor?, gradient: RGBAColor? = nil) {
            self.color = color
            self.track = track
            self.gradient = gradient
        }
    }
    /// The centre text: `auto` (the percentage), none, or a template with `{value}` `{percent}` `{min}` `{max}`.
    public enum Label: Sendable, Hashable {
        case auto
        case none
        case template(String)
    }

    /// The value or values, their `min…max` and the value compared with: what every kind reads alike.
    public var reading = ValueReading()
    public var size: Int = 128
    /// Stroke width in CSS pixels; `nil` means the default, `round(size / 10)`.
    public var thickness: Double? = nil
    // Setting a color takes it from the theme, so a spec built by hand keeps the colors it was given.
    public var color: RGBAColor = RGBAColor(0x25, 0x63, 0xeb) { didSet { themedColors.remove(.color) } }
    /// `nil` means `none`.
    public var track: RGBAColor? = RGBAColor(0xe5, 0xe7, 0xeb) { didSet { themedColors.remove(.track) } }
    public var background: RGBAColor? = nil
    public var textColor: RGBAColor = RGBAColor(0x11, 0x18, 0x27) { didSet { themedColors.remove(.textColor) } }
    public var cap: Cap = .round
    public var arc: Double = 360
    /// Degrees clockwise from 12 o'clock; `nil` means the default (0, or the angle that centres a gauge's gap at 6).
    public var start: Double? = nil
    public var direction: Direction = .cw
    public var label: Label = .auto
    /// How values are written (unit, digits, locale), what replaces them (map, the missing value) and the neutral
    /// point the progress grows from: the style every kind shares.
    public var valueStyle = ValueStyle.initial
    /// A goal, marked by a tick across the track.
    public var target: Double? = nil
    /// Ticks across the track where each threshold begins.
    public var markers = false
    /// The look of a value older than its `staleAfter`, drawn where `stale.since` is set.
    public var stale = StaleLook()
    /// `nil` means: fit the inner circle.
    public var fontSize: Double? = nil
    public var fontWeight: FontWeight = .bold
    public var animate: Double = 0
    public var scale: Int = 1
    /// What a GIF lays translucent pixels over (GIF has one transparent color, no partial transparency); opaque.
    public var matte = RGBAColor(0xff, 0xff, 0xff)
    /// `nil` means the default, `Progress: 72%`.
    public var title: String? = nil
    /// `nil` means the server's default max-age.
    public var cacheSeconds: Int? = nil
    /// Seconds for the `Refresh` header; `nil`: none.
    public var refresh: Int? = nil
    /// Value-driven color for every ring; `nil` means each stroke is always its `color`.
    public var thresholds: Thresholds? = nil
    /// The first ring's progress fades from its color at the start to this color at the end; `nil` (`none`) is
    /// solid.
    public var gradient: RGBAColor? = nil
    public var theme: Theme = .light
    /// Which of the colors were left to the theme. Only `auto` needs it after normalization (those colors switch
    /// in dark mode); a color whose value differs from the light default is never themed, so setting `color` by
    /// hand is enough.
    public var themedColors: ColorRoles = .all
    /// The looks of the rings inside the first, outermost first, one for each of `reading.more`; empty for a single
    /// ring (`color`, `track` and `gradient` above describe the first ring).
    public var innerRings: [InnerRing] = []
    /// A logo in the hole (above the label), or at a bar's left end; `logoColor` nil is the default for the logo.
    public var logo: Logo? = nil
    public var logoColor: RGBAColor? = nil

    public init() {}
}
