extension RingSpec {
    /// The identity of the image: every parameter that shapes it, with its effective value (defaults resolved,
    /// `value` clamped, numbers and colors in canonical text), in the order of their places (`ImageParameter`), as a query string:
    /// `value=72&min=0&max=100&size=128&thickness=13&color=2563eb&…`.
    ///
    /// Two queries that mean the same image give the same key; any other two give different keys. `cacheSeconds`
    /// is left out: it changes the response headers, not the image. `fontSize` and `title` appear only when given,
    /// as their defaults depend on the renderer, and so do `thresholds` and `gradient`. `theme` appears only as
    /// `auto` (`dark` is written as the colors it gives), and then without the colors it chooses. Several rings list
    /// one value each (`value=30,60,90`), and one color each unless all are the same. The key is itself a valid
    /// query that parses back to this spec (without `cacheSeconds`).
    public var canonicalKey: String {
        queryString(omittingDefaults: false, .image) + stale.keySuffix + valueStyle.timesKey
    }

    /// `canonicalKey` for one output format, prefixed with it (`svg?value=72&…`), and without the parameters that
    /// format ignores (`scale` for SVG, `animate` for PNG and WebP, `matte` for all but GIF), so `?scale=2` does not
    /// make a second SVG cache entry.
    public func canonicalKey(for format: ImageFormat) -> String {
        format.rawValue + "?" + queryString(omittingDefaults: false, .format(format)) + stale.keySuffix
            + valueStyle.timesKey
    }

    /// The shortest query that means this spec: canonical text, parameters at their default left out (`""` for the
    /// default ring), `cacheSeconds` included. For logs, the builder page and links; it parses back to this spec.
    public var canonicalQuery: String { queryString(omittingDefaults: true, .all) }

    private static let themeRoles: Set<String> = ["color", "track", "textColor"]

    private func queryString(omittingDefaults: Bool, _ selection: ParameterRows<RingSpec>.Selection) -> String {
        // `auto` keeps its name in a raster's key too: a raster draws it apart from `light` (`rasterColors`).
        let spec = normalized()
        guard omittingDefaults else { return Self.parameterRows.query(of: spec, selection) }
        var defaults = spec.ringCount == 1 ? RingSpec() : Self.defaults(rings: spec.ringCount)
        // With a unit that scales, leaving `decimals` out means its own digits, not 0.
        if spec.valueStyle.unitScales { defaults.valueStyle.decimals = nil }
        return Self.parameterRows.query(of: spec, selection) { row, text in
            // Under `auto` a color written out is one the theme must not switch, even at its light default.
            // `value` holds the number of rings: `value=0,0` is two rings even though both are at the default.
            text == row.binding.key(defaults, spec) && !(spec.theme == .auto && Self.themeRoles.contains(row.name))
                && !(row.name == "value" && spec.ringCount > 1)
        }
    }

    /// The default spec with `rings` rings (at 0, in the default colors), which a query leaves out.
    private static func defaults(rings: Int) -> RingSpec {
        var spec = RingSpec()
        let light = Theme.light
        spec.reading.more = (1..<rings).map { _ in ValueReading.Item(value: 0) }
        spec.innerRings = (1..<rings).map {
            InnerRing(color: light.ringColors[Swift.min($0, 4)], track: light.track)
        }
        spec.themedColors = .all
        return spec
    }

    /// Whether `role` is left out of the query so that it parses back as themed (`theme=auto` only).
    func isThemed(_ role: ColorRoles) -> Bool { theme == .auto && themedColors.contains(role) }

    /// One item for every ring, or a single item when every ring has the same.
    func listText(_ item: (RingSpec, Int) -> String) -> String {
        let first = item(self, 0)
        var text = first
        var allSame = true
        for index in 1..<ringCount {
            let next = item(self, index)
            allSame = allSame && next == first
            text += ","
            text += next
        }
        return allSame ? first : text
    }

    static func text(_ color: RGBAColor?) -> String {
        guard let color else { return "none" }
        return String(color.hex.dropFirst())
    }
}
