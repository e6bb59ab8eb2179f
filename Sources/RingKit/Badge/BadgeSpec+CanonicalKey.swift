extension BadgeSpec {
    /// The one spec of all those that draw this badge: `value` clamped into `min…max`, `-0` made `0`, `theme=dark`
    /// resolved into the colors it gives (leaving `light`), and `themedColors` reduced to what `auto` can switch (a
    /// color still at its light default; the right panel only while no threshold colors it).
    /// Parsing returns normalized specs; the keys normalize a spec built by hand.
    public func normalized() -> BadgeSpec {
        var spec = self
        // Adding +0 turns -0 into +0 and leaves every other number as it is.
        spec.min = min + 0
        spec.max = max + 0
        spec.value = (min <= max ? Swift.min(Swift.max(value, min), max) : value) + 0
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
    /// `BadgeParameter` order, as a query string (`label=progress&labelColor=555555&color=2563eb&value=72&…`).
    /// `thresholds` appears only when given; `cacheSeconds` is left out: it changes the response headers, not the
    /// image. The key parses back to this spec
    /// (without `cacheSeconds`).
    public var canonicalKey: String { queryString(omittingDefaults: false, parameters: Self.imageParameters) }

    /// `canonicalKey` for one output format, prefixed with the route it belongs to (`badge.svg?label=…`) so it
    /// never equals a ring's key, and without `scale` for SVG, which ignores it.
    public func canonicalKey(for format: ImageFormat) -> String {
        // A PNG cannot follow the viewer's scheme: `auto` draws the light badge, the same as no theme.
        let parameters = format == .svg ? Self.svgParameters : Self.pngParameters
        return "badge." + format.rawValue + "?" + queryString(omittingDefaults: false, parameters: parameters)
    }

    /// The shortest query that means this badge: parameters at their default left out, `cacheSeconds` included.
    /// For logs, the builder page and links; it parses back to this spec.
    public var canonicalQuery: String { queryString(omittingDefaults: true, parameters: Self.allParameters) }

    // `allCases` builds a new array on every call; these are built once.
    private static let allParameters = BadgeParameter.allCases
    private static let imageParameters = allParameters.filter { $0 != .cacheSeconds }
    private static let svgParameters = imageParameters.filter { $0 != .scale }
    private static let pngParameters = imageParameters.filter { $0 != .theme }

    private func queryString(omittingDefaults: Bool, parameters: [BadgeParameter]) -> String {
        var spec = normalized()
        if parameters == Self.pngParameters {
            // A PNG cannot follow the viewer's scheme: `auto` draws the light badge, written as one.
            spec.theme = .light
            spec.themedColors = []
        }
        let defaults = BadgeSpec()
        var query = ""
        query.reserveCapacity(128)
        for parameter in parameters {
            guard let text = spec.canonicalText(of: parameter) else { continue }
            // Under `auto` a color written out is one the theme must not switch, even at its light default.
            if omittingDefaults, text == defaults.canonicalText(of: parameter),
                !(spec.theme == .auto && (parameter == .labelColor || parameter == .color))
            {
                continue
            }
            if !query.isEmpty { query += "&" }
            query += parameter.rawValue
            query += "="
            query += text
        }
        return query
    }

    /// The canonical, percent-encoded text of one parameter, or `nil` when it has no value to write.
    private func canonicalText(of parameter: BadgeParameter) -> String? {
        switch parameter {
        case .label: return PercentDecoding.encode(label)
        // Under `auto` a color left to the theme is not written: writing it would make it a color given.
        case .labelColor:
            return theme == .auto && themedColors.contains(.labelColor) ? nil : String(labelColor.hex.dropFirst())
        case .color:
            return theme == .auto && themedColors.contains(.color) ? nil : String(color.hex.dropFirst())
        case .thresholds: return thresholds?.canonicalText
        case .value: return CanonicalNumber.text(value)
        case .min: return CanonicalNumber.text(min)
        case .max: return CanonicalNumber.text(max)
        case .decimals: return String(decimals)
        case .style: return style.rawValue
        case .scale: return String(scale)
        case .cacheSeconds: return cacheSeconds.map { String($0) }
        case .icon: return icon.rawValue
        // Only `auto` is written: `dark` is written as the colors it gives.
        case .theme: return theme == .auto ? theme.rawValue : nil
        }
    }
}
