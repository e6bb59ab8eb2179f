extension BadgeSpec {
    /// Reads a badge from a query string, as in `/badge.svg?label=coverage&value=72`.
    ///
    /// `pathLabel` and `pathValue` are the segments of `/badge/{label}/{value}.svg`, still percent-encoded (there `+`
    /// is a plus). In the label, as on shields.io, `_` is a space and `__` an underscore (`%5F` is an underscore
    /// too); `-` is always a dash. A `label` or `value` in the query as well is the same parameter given twice.
    /// The result is `normalized()`.
    public static func parse(
        query: some StringProtocol, pathLabel: String? = nil, pathValue: String? = nil
    ) throws(ParameterError) -> BadgeSpec {
        var parameters = QueryParameters(query: query)
        if let pathLabel {
            parameters.add(
                name: BadgeParameter.label.rawValue, encodedValue: underscoresAsSpaces(pathLabel), plusIsSpace: false)
        }
        if let pathValue {
            parameters.add(name: BadgeParameter.value.rawValue, encodedValue: pathValue, plusIsSpace: false)
        }
        return try BadgeSpec(parameters: parameters)
    }

    /// Reads and validates every badge parameter of `parameters`; see `parse(query:pathLabel:pathValue:)`.
    /// The order is fixed (min and max before value, which is clamped into them), so one query always reports the
    /// same error, and the messages are those of the ring's parameters of the same name.
    public init(parameters: QueryParameters) throws(ParameterError) {
        let reader = ParameterReader(parameters: parameters)
        self.init()

        // The same rules and messages as the ring's bounds.
        (min, max) = try reader.bounds(BadgeParameter.min, BadgeParameter.max, defaults: (min, max))
        if let given = try reader.number(of: BadgeParameter.value) { value = given.number }

        if let given = try reader.text(
            of: BadgeParameter.label, maximumLength: Limits.labelLength, allowsEmpty: true)
        {
            label = given
        }
        if let given = try reader.color(of: BadgeParameter.labelColor) {
            labelColor = given
            themedColors.remove(.labelColor)
        }
        if let given = try reader.color(of: BadgeParameter.color) {
            color = given
            themedColors.remove(.color)
        }
        if let text = try parameters.value(BadgeParameter.thresholds.rawValue) {
            thresholds = try Thresholds.parse(text, parameter: BadgeParameter.thresholds.rawValue)
        }
        if let given = try reader.integer(of: BadgeParameter.decimals, in: ImageLimits.decimals) {
            decimals = given
        }
        if let given = try reader.keyword(of: BadgeParameter.style, as: Style.self) { style = given }
        if let given = try reader.integer(of: BadgeParameter.scale, in: ImageLimits.scale) {
            let width = BadgeLayout(self).width
            guard width * given <= ImageLimits.pixelEdge else {
                throw ParameterError(
                    parameter: "scale", value: String(given),
                    reason:
                        "is too large for this badge, \(width) px wide: width × scale must be at most \(ImageLimits.pixelEdge)"
                )
            }
            scale = given
        }
        cacheSeconds = try reader.integer(of: BadgeParameter.cacheSeconds, in: ImageLimits.cacheSeconds)
        if let given = try reader.keyword(of: BadgeParameter.icon, as: Icon.self) { icon = given }
        if let given = try reader.keyword(of: BadgeParameter.theme, as: RingSpec.Theme.self) { theme = given }

        self = normalized()
    }

    /// shields.io's path convention: `__` is an underscore and a lone `_` a space, applied before percent-decoding
    /// so `%5F` stays an underscore. Public for the pages that rewrite a path-form badge URL as a query.
    public static func underscoresAsSpaces(_ encoded: String) -> String {
        guard encoded.utf8.contains(UInt8(ascii: "_")) else { return encoded }
        var out = [UInt8]()
        out.reserveCapacity(encoded.utf8.count + 8)
        var bytes = encoded.utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            guard byte == UInt8(ascii: "_") else {
                out.append(byte)
                continue
            }
            if pending == UInt8(ascii: "_") {
                out.append(UInt8(ascii: "%"))
                out.append(contentsOf: "5F".utf8)
                pending = bytes.next()
            } else {
                out.append(contentsOf: "%20".utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
