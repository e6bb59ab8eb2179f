extension RingSpec {
    /// The identity of the image: every parameter that shapes it, with its effective value (defaults resolved,
    /// `value` clamped, numbers and colors in canonical text), in `RingParameter` order, as a query string:
    /// `value=72&min=0&max=100&size=128&thickness=13&color=2563eb&…`.
    ///
    /// Two queries that mean the same image give the same key; any other two give different keys. `cacheSeconds`
    /// is left out: it changes the response headers, not the image. `fontSize` and `title` appear only when given,
    /// as their defaults depend on the renderer, and so do `thresholds` and `gradient`. `theme` appears only as
    /// `auto` (`dark` is written as the colors it gives), and then without the colors it chooses. Several rings list
    /// one value each (`value=30,60,90`), and one color each unless all are the same. The key is itself a valid
    /// query that parses back to this spec (without `cacheSeconds`).
    public var canonicalKey: String { queryString(omittingDefaults: false, parameters: Self.imageParameters) }

    /// `canonicalKey` for one output format, prefixed with it (`svg?value=72&…`), and without the parameter that
    /// format ignores (`scale` for SVG, `animate` for PNG), so `?scale=2` does not make a second SVG cache entry.
    public func canonicalKey(for format: ImageFormat) -> String {
        let parameters = format == .svg ? Self.svgParameters : Self.pngParameters
        return format.rawValue + "?" + queryString(omittingDefaults: false, parameters: parameters)
    }

    /// The shortest query that means this spec: canonical text, parameters at their default left out (`""` for the
    /// default ring), `cacheSeconds` included. For logs, the builder page and links; it parses back to this spec.
    public var canonicalQuery: String { queryString(omittingDefaults: true, parameters: Self.allParameters) }

    // `allCases` builds a new array on every call; these are built once.
    private static let allParameters = RingParameter.allCases
    private static let imageParameters = allParameters.filter { $0 != .cacheSeconds }
    private static let svgParameters = imageParameters.filter { $0 != .scale }
    private static let pngParameters = imageParameters.filter { $0 != .animate }
    private static let themeRoles: [RingParameter] = [.color, .track, .textColor]

    private func queryString(omittingDefaults: Bool, parameters: [RingParameter]) -> String {
        var spec = normalized()
        if spec.theme == .auto && parameters == Self.pngParameters {
            // A PNG cannot follow the viewer's color scheme: `auto` draws the light image.
            spec.theme = .light
            spec = spec.normalized()
        }
        let defaults = spec.ringCount == 1 ? RingSpec() : Self.defaults(rings: spec.ringCount)
        var query = ""
        query.reserveCapacity(256)
        for parameter in parameters {
            guard let text = spec.canonicalText(of: parameter, resolvingWith: spec) else { continue }
            if omittingDefaults, text == defaults.canonicalText(of: parameter, resolvingWith: spec),
                !(spec.theme == .auto && Self.themeRoles.contains(parameter)),
                !(parameter == .value && spec.ringCount > 1)
            {
                // Under `auto` a color written out is one the theme must not switch, even at its light default.
                // `value` holds the number of rings: `value=0,0` is two rings even though both are at the default.
                continue
            }
            if !query.isEmpty { query += "&" }
            query += parameter.rawValue
            query += "="
            query += text
        }
        return query
    }

    /// The default spec with `rings` rings (at 0, in the default colors), which a query leaves out.
    private static func defaults(rings: Int) -> RingSpec {
        var spec = RingSpec()
        let light = Theme.light
        spec.innerRings = (1..<rings).map {
            InnerRing(value: 0, color: light.ringColors[Swift.min($0, 4)], track: light.track)
        }
        spec.themedColors = .all
        return spec
    }

    /// Whether `role` is left out of the query so that it parses back as themed (`theme=auto` only).
    private func isThemed(_ role: ColorRoles) -> Bool { theme == .auto && themedColors.contains(role) }

    /// The canonical, percent-encoded text of one parameter, or `nil` when it has no value to write.
    /// `context` supplies the size, arc and direction that the defaults of thickness and start depend on (the
    /// defaults are written as the spec being keyed resolves them). Borrowed, as a copy of the spec per parameter
    /// was a quarter of the key's cost.
    private func canonicalText(of parameter: RingParameter, resolvingWith context: borrowing RingSpec) -> String? {
        switch parameter {
        case .value:
            guard !innerRings.isEmpty else { return CanonicalNumber.text(value) }
            return innerRings.reduce(CanonicalNumber.text(value)) { $0 + "," + CanonicalNumber.text($1.value) }
        case .min: return CanonicalNumber.text(min)
        case .max: return CanonicalNumber.text(max)
        case .size: return String(size)
        case .thickness:
            return CanonicalNumber.text(thickness ?? Self.defaultThickness(size: context.size, rings: ringCount))
        case .color:
            if isThemed(.color) { return nil }
            return innerRings.isEmpty ? Self.text(color) : listText { Self.text($0.color(ofRing: $1)) }
        case .track:
            if isThemed(.track) { return nil }
            return innerRings.isEmpty ? Self.text(track) : listText { Self.text($0.track(ofRing: $1)) }
        case .background: return Self.text(background)
        case .textColor: return isThemed(.textColor) ? nil : Self.text(textColor)
        case .cap: return cap.rawValue
        case .arc: return CanonicalNumber.text(arc)
        case .start:
            let resolved = start ?? Self.defaultStart(arc: context.arc, direction: context.direction)
            return CanonicalNumber.text(Self.normalizedAngle(resolved))
        case .direction: return direction.rawValue
        case .label:
            switch label {
            case .auto: return "auto"
            case .none: return "none"
            case .template(let text): return PercentDecoding.encode(text)
            }
        case .decimals: return String(decimals)
        case .fontSize: return fontSize.map(CanonicalNumber.text)
        case .fontWeight: return fontWeight.rawValue
        case .animate: return CanonicalNumber.text(animate)
        case .scale: return String(scale)
        case .title: return title.map { PercentDecoding.encode($0) }
        case .cacheSeconds: return cacheSeconds.map { String($0) }
        case .theme: return theme == .light ? nil : theme.rawValue
        case .thresholds: return thresholds?.canonicalText
        case .gradient:
            guard gradient != nil || innerRings.contains(where: { $0.gradient != nil }) else { return nil }
            return innerRings.isEmpty ? Self.text(gradient) : listText { Self.text($0.gradient(ofRing: $1)) }
        }
    }

    /// One item for every ring, or a single item when every ring has the same.
    private func listText(_ item: (RingSpec, Int) -> String) -> String {
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

    private static func text(_ color: RGBAColor?) -> String {
        guard let color else { return "none" }
        return String(color.hex.dropFirst())
    }
}
