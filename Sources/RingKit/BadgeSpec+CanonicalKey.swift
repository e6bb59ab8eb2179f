extension BadgeSpec {
    /// The one spec of all those that draw this badge: `value` clamped into `min…max`, and `-0` made `0`.
    /// Parsing returns normalized specs; the keys normalize a spec built by hand.
    public func normalized() -> BadgeSpec {
        var spec = self
        // Adding +0 turns -0 into +0 and leaves every other number as it is.
        spec.min = min + 0
        spec.max = max + 0
        spec.value = (min <= max ? Swift.min(Swift.max(value, min), max) : value) + 0
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
        let parameters = format == .svg ? Self.svgParameters : Self.imageParameters
        return "badge." + format.rawValue + "?" + queryString(omittingDefaults: false, parameters: parameters)
    }

    /// The shortest query that means this badge: parameters at their default left out, `cacheSeconds` included.
    /// For logs, the builder page and links; it parses back to this spec.
    public var canonicalQuery: String { queryString(omittingDefaults: true, parameters: Self.allParameters) }

    // `allCases` builds a new array on every call; these are built once.
    private static let allParameters = BadgeParameter.allCases
    private static let imageParameters = allParameters.filter { $0 != .cacheSeconds }
    private static let svgParameters = imageParameters.filter { $0 != .scale }

    private func queryString(omittingDefaults: Bool, parameters: [BadgeParameter]) -> String {
        let spec = normalized()
        let defaults = BadgeSpec()
        var query = ""
        query.reserveCapacity(128)
        for parameter in parameters {
            guard let text = spec.canonicalText(of: parameter) else { continue }
            if omittingDefaults, text == defaults.canonicalText(of: parameter) { continue }
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
        case .labelColor: return String(labelColor.hex.dropFirst())
        case .color: return String(color.hex.dropFirst())
        case .thresholds: return thresholds?.canonicalText
        case .value: return CanonicalNumber.text(value)
        case .min: return CanonicalNumber.text(min)
        case .max: return CanonicalNumber.text(max)
        case .decimals: return String(decimals)
        case .style: return style.rawValue
        case .scale: return String(scale)
        case .cacheSeconds: return cacheSeconds.map { String($0) }
        }
    }
}
