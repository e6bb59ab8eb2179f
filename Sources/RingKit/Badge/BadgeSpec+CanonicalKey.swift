extension BadgeSpec {
    /// The one spec of all those that draw this badge: `value` as read (the text writes it, the icon clamps it),
    /// the value's style normalized (`ValueStyle.normalized`), `-0` made `0`, `theme=dark`
    /// resolved into the colors it gives (leaving `light`), and `themedColors` reduced to what `auto` can switch (a
    /// color still at its light default; the right panel only while no threshold colors it).
    /// Parsing returns normalized specs; the keys normalize a spec built by hand.
    public func normalized() -> BadgeSpec {
        var spec = self
        // A neutral point at min is the default (decided first, so a second normalization agrees).
        spec.valueStyle = valueStyle.normalized(min: reading.min)
        // The text writes the value as read (`130%`, or with a unit); the icon clamps it.
        spec.reading = reading.normalized(keepsValues: true)
        let light = Self.defaultColors(.light)
        var atLightDefaults: ColorRoles = []
        if labelColor == light.labelColor { atLightDefaults.insert(.labelColor) }
        if color == light.color { atLightDefaults.insert(.color) }
        var themed = themedColors.intersection(atLightDefaults)
        // A right half colored by a threshold does not switch.
        if spec.valueColor != color { themed.remove(.color) }
        switch theme {
        case .light:
            // Bookkeeping only: in the light theme the values say everything.
            themed = atLightDefaults
        case .dark:
            let dark = Self.defaultColors(.dark)
            if themed.contains(.labelColor) { spec.labelColor = dark.labelColor }
            if themed.contains(.color) { spec.color = dark.color }
            themed = []
            spec.theme = .light
        case .auto:
            if themed.isEmpty { spec.theme = .light }
        }
        spec.themedColors = themed
        return spec
    }

    /// The identity of the badge image: every parameter that shapes it, with its effective value, in
    /// the order of their places (`ImageParameter`), as a query string (`label=progress&labelColor=555555&color=2563eb&value=72&…`).
    /// `thresholds` appears only when given; `cacheSeconds` is left out: it changes the response headers, not the
    /// image. The key parses back to this spec
    /// (without `cacheSeconds`).
    public var canonicalKey: String {
        queryString(omittingDefaults: false, .image) + stale.keySuffix + valueStyle.timesKey
    }

    /// `canonicalKey` for one output format, prefixed with the route it belongs to (`badge.svg?label=…`) so it
    /// never equals a ring's key, and without `scale` for SVG, which ignores it.
    public func canonicalKey(for format: ImageFormat) -> String {
        "badge." + format.rawValue + "?" + queryString(omittingDefaults: false, .format(format)) + stale.keySuffix
            + valueStyle.timesKey
    }

    /// The shortest query that means this badge: parameters at their default left out, `cacheSeconds` included.
    /// For logs, the builder page and links; it parses back to this spec.
    public var canonicalQuery: String { queryString(omittingDefaults: true, .all) }

    private func queryString(omittingDefaults: Bool, _ selection: ParameterRows<BadgeSpec>.Selection) -> String {
        var spec = normalized()
        if case .format(let format) = selection, format.isRaster {
            // A PNG cannot follow the viewer's scheme: `auto` draws the light badge, written as one.
            spec.theme = .light
            spec.themedColors = []
        }
        guard omittingDefaults else { return Self.parameterRows.query(of: spec, selection) }
        var defaults = BadgeSpec()
        // With a unit that scales, leaving `decimals` out means its own digits, not 0.
        if spec.valueStyle.unitScales { defaults.valueStyle.decimals = nil }
        return Self.parameterRows.query(of: spec, selection) { row, text in
            // Under `auto` a color written out is one the theme must not switch, even at its light default.
            text == row.binding.key(defaults, spec)
                && !(spec.theme == .auto && (row.name == "labelColor" || row.name == "color"))
        }
    }
}
