extension RingSpec {
    /// The identity of the image: every parameter that shapes it, with its effective value (defaults resolved,
    /// `value` clamped, numbers and colors in canonical text), in `RingParameter` order, as a query string:
    /// `value=72&min=0&max=100&size=128&thickness=13&color=2563eb&…`.
    ///
    /// Two queries that mean the same image give the same key; any other two give different keys. `cacheSeconds`
    /// is left out: it changes the response headers, not the image. `fontSize`, `title` and `thresholds` appear only when given,
    /// as their defaults depend on the renderer. The key is itself a valid query that parses back to this spec
    /// (without `cacheSeconds`).
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

    private func queryString(omittingDefaults: Bool, parameters: [RingParameter]) -> String {
        let spec = normalized()
        let defaults = RingSpec()
        var query = ""
        query.reserveCapacity(256)
        for parameter in parameters {
            guard let text = spec.canonicalText(of: parameter) else { continue }
            if omittingDefaults, text == defaults.canonicalText(of: parameter, resolvingWith: spec) { continue }
            if !query.isEmpty { query += "&" }
            query += parameter.rawValue
            query += "="
            query += text
        }
        return query
    }

    /// The canonical, percent-encoded text of one parameter, or `nil` when it has no value to write.
    /// `context` (this spec when not given) supplies the size, arc and direction that the defaults of thickness
    /// and start depend on.
    private func canonicalText(of parameter: RingParameter, resolvingWith context: RingSpec? = nil) -> String? {
        let context = context ?? self
        switch parameter {
        case .value: return CanonicalNumber.text(value)
        case .min: return CanonicalNumber.text(min)
        case .max: return CanonicalNumber.text(max)
        case .size: return String(size)
        case .thickness: return CanonicalNumber.text(thickness ?? Self.defaultThickness(size: context.size))
        case .color: return Self.text(color)
        case .track: return Self.text(track)
        case .background: return Self.text(background)
        case .textColor: return Self.text(textColor)
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
        case .thresholds: return thresholds?.canonicalText
        }
    }

    private static func text(_ color: RGBAColor?) -> String {
        guard let color else { return "none" }
        return String(color.hex.dropFirst())
    }
}
