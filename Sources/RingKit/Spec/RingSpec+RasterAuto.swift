extension RingSpec {
    /// The default track of `theme=auto` on a raster: a mid gray with at least 3:1 (WCAG's contrast for graphics)
    /// against white and against the dark backgrounds of chat apps (Slack's #1a1d21, Discord's #313338).
    static let rasterAutoTrack = RGBAColor(0x86, 0x8e, 0x96)

    /// A raster cannot follow the viewer's color scheme, and mail and chat show it on light and dark pages alike:
    /// `theme=auto` draws the light theme's colors, the default track in a gray that stands out from both, and its
    /// labels over a halo of the color that contrasts with them (`halo`: nil where an opaque background already
    /// gives the label its contrast). Any other theme is returned normalized, without a halo.
    func rasterColors() -> (spec: RingSpec, halo: RGBAColor?) {
        guard theme == .auto else { return (theme == .light ? self : normalized(), nil) }
        let themed = themedColors
        var spec = self
        spec.theme = .light
        spec = spec.normalized()
        let halo = spec.applyRasterAuto(themed: themed)
        return (spec, halo)
    }

    /// For a spec whose `theme=auto` was just drawn as light (a bar's or a sparkline's series): gives the tracks
    /// left to the theme (`themed`) the raster's gray, and returns the labels' halo, nil over an opaque background.
    mutating func applyRasterAuto(themed: ColorRoles) -> RGBAColor? {
        if themed.contains(.track) {
            if track != nil { track = Self.rasterAutoTrack }
            for index in innerRings.indices where innerRings[index].track != nil {
                innerRings[index].track = Self.rasterAutoTrack
            }
        }
        if let background, background.alpha == 255 { return nil }
        return textColor.halo
    }
}

extension RGBAColor {
    /// The color of a halo that sets this text color apart from any backdrop: white around dark text, near black
    /// around light text.
    var halo: RGBAColor {
        contrast(with: RGBAColor(0xff, 0xff, 0xff)) >= contrast(with: RGBAColor(0x11, 0x18, 0x27))
            ? RGBAColor(0xff, 0xff, 0xff) : RGBAColor(0x11, 0x18, 0x27)
    }
}
