extension RingSpec.Theme {
    /// The default progress colors, one for each ring from the outermost in (at most `RingSpec.Limits.rings`).
    /// `auto` gives the light ones, which the SVG switches to the dark ones by a media query.
    public var ringColors: [RGBAColor] { self == .dark ? Self.darkRings : Self.lightRings }

    /// The default track color.
    public var track: RGBAColor { self == .dark ? RGBAColor(0x37, 0x41, 0x51) : RGBAColor(0xe5, 0xe7, 0xeb) }

    /// The default label color.
    public var textColor: RGBAColor { self == .dark ? RGBAColor(0xf9, 0xfa, 0xfb) : RGBAColor(0x11, 0x18, 0x27) }

    // Blue, green, orange, purple, pink: the 600 shades of the Tailwind palette on light backgrounds, the lighter
    // 400 shades on dark ones, where the 600 shades lose contrast against #0d1117 (GitHub's dark page).
    private static let lightRings = [
        RGBAColor(0x25, 0x63, 0xeb), RGBAColor(0x16, 0xa3, 0x4a), RGBAColor(0xea, 0x58, 0x0c),
        RGBAColor(0x93, 0x33, 0xea), RGBAColor(0xdb, 0x27, 0x77),
    ]
    private static let darkRings = [
        RGBAColor(0x60, 0xa5, 0xfa), RGBAColor(0x4a, 0xde, 0x80), RGBAColor(0xfb, 0x92, 0x3c),
        RGBAColor(0xc0, 0x84, 0xfc), RGBAColor(0xf4, 0x72, 0xb6),
    ]
}

extension RingSpec {
    private static let lightColor = RGBAColor(0x25, 0x63, 0xeb)
    private static let lightTrack: RGBAColor? = RGBAColor(0xe5, 0xe7, 0xeb)
    private static let lightTextColor = RGBAColor(0x11, 0x18, 0x27)

    /// How many rings are drawn: one plus the inner ones.
    public var ringCount: Int { reading.count }

    /// The value of ring `index` (0 is the outermost).
    public func value(ofRing index: Int) -> Double { reading.value(at: index) }

    /// The value of ring `index`'s full circle: its own (`max=100,42`), or the spec's `max`.
    public func max(ofRing index: Int) -> Double { reading.max(at: index) }

    /// Ring `index`'s share of its `min…max`, 0…1 (0 where the span is empty or not finite).
    public func share(of value: Double, ofRing index: Int) -> Double { reading.share(of: value, at: index) }

    /// The color of ring `index` before `thresholds`.
    public func color(ofRing index: Int) -> RGBAColor { index == 0 ? color : innerRings[index - 1].color }

    /// The track of ring `index`; `nil` is none.
    public func track(ofRing index: Int) -> RGBAColor? { index == 0 ? track : innerRings[index - 1].track }

    /// The gradient end of ring `index`; `nil` is a solid stroke.
    public func gradient(ofRing index: Int) -> RGBAColor? { index == 0 ? gradient : innerRings[index - 1].gradient }

    /// The colors among `roles` whose every value is the light theme's default (so a theme may replace them).
    func rolesAtLightDefaults(_ roles: ColorRoles) -> ColorRoles {
        var result: ColorRoles = []
        if innerRings.isEmpty {
            // The common case, without the palette's array: it runs for every key.
            if roles.contains(.color) && color == Self.lightColor { result.insert(.color) }
            if roles.contains(.track) && track == Self.lightTrack { result.insert(.track) }
            if roles.contains(.textColor) && textColor == Self.lightTextColor { result.insert(.textColor) }
            return result
        }
        let light = Theme.light
        if roles.contains(.color),
            (0..<ringCount).allSatisfy({ color(ofRing: $0) == light.ringColors[Swift.min($0, 4)] })
        {
            result.insert(.color)
        }
        if roles.contains(.track), (0..<ringCount).allSatisfy({ track(ofRing: $0) == light.track }) {
            result.insert(.track)
        }
        if roles.contains(.textColor), textColor == light.textColor { result.insert(.textColor) }
        return result
    }

    /// Replaces the colors among `roles` by `theme`'s defaults.
    mutating func applyDefaults(of theme: Theme, to roles: ColorRoles) {
        if roles.contains(.color) {
            color = theme.ringColors[0]
            for index in innerRings.indices { innerRings[index].color = theme.ringColors[Swift.min(index + 1, 4)] }
        }
        if roles.contains(.track) {
            track = theme.track
            for index in innerRings.indices { innerRings[index].track = theme.track }
        }
        if roles.contains(.textColor) { textColor = theme.textColor }
    }
}
