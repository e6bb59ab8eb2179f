extension BarSpec {
    /// The ring's rows a bar reads (a query may hold the others, copied from a ring URL: they are ignored as any
    /// unknown parameter is), into its `series`.
    static let sharedRows = ParameterRows<RingSpec> { $0.kinds.contains(.bar) ? $0.ring : nil }

    /// The bar's own rows: its shape.
    static let parameterRows = ParameterRows<BarSpec>(own: parameterTable)

    /// Reads a bar from a query string, as in `/bar.svg?value=72&width=300`. `pathValue` is the `{value}` of
    /// `/bar/{value}.svg`, still percent-encoded; `read`, numbers read from a source. The result is normalized.
    public static func parse(
        query: some StringProtocol, pathValue: String? = nil, read: [ReadNumber] = [], staleSince: Int64? = nil,
        clock: ValueClock? = nil, named: [String: Double] = [:]
    ) throws(ParameterError) -> BarSpec {
        var parameters = QueryParameters(query: query)
        if let pathValue {
            parameters.add(name: "value", encodedValue: pathValue, plusIsSpace: false)
        }
        for number in read { parameters.add(number) }
        parameters.staleSince = staleSince
        parameters.clock = clock
        parameters.named = named
        return try BarSpec(parameters: parameters)
    }

    /// Reads the shared parameters as a ring's, then the bar's own: `width`, `height`, and `radius` (at most half
    /// the height), then checks `scale` against the image's sides and the label's fit.
    public init(parameters: QueryParameters) throws(ParameterError) {
        self.init()
        series = try RingSpec(parameters: parameters, forBars: true)
        try Self.parameterRows.read(ParameterReader(parameters: parameters), into: &self)
        let scale = series.scale
        let longest = Swift.max(width, imageHeight)
        if longest * scale > ImageLimits.pixelEdge {
            let side = width >= imageHeight ? "width \(width)" : "height \(imageHeight) (\(barCount) bars)"
            throw ParameterError(
                parameter: "scale", value: String(scale),
                reason: "is too large for \(side): each side × scale must be at most \(ImageLimits.pixelEdge)")
        }
        self = normalized()
        try checkLabelFits()
    }

    /// The one spec of all those that draw this image: the shared part normalized as a ring's, and `radius`
    /// resolved from its default.
    public func normalized() -> BarSpec {
        var spec = self
        spec.series = series.normalized()
        spec.radius = effectiveRadius + 0
        return spec
    }

    /// A template label that cannot be legible beside the bar (no room inside, and not enough width for it and a
    /// bar, or an image lower than its capitals) is refused with the width or height it needs; an automatic percentage is left out instead (see `BarLayout`).
    func checkLabelFits() throws(ParameterError) {
        guard case .template(let template) = series.label else { return }
        let layout = BarLayout(self)
        guard layout.labelPlacement == .omitted else { return }
        if let height = layout.heightNeededForLabels {
            throw ParameterError(
                parameter: series.labelParameter, value: ParameterError.quoted(template),
                reason: "needs an image \(height) px high to be read beside the bar at "
                    + "\(CanonicalNumber.text(layout.fontSize)) px; height is \(imageHeight) (raise height)")
        }
        guard let needed = layout.widthNeededForLabels else { return }
        throw ParameterError(
            parameter: series.labelParameter, value: ParameterError.quoted(template),
            reason: "needs a width of \(needed) px to be read beside the bar at "
                + "\(CanonicalNumber.text(layout.fontSize)) px; width is \(width) (shorten the label, raise width, "
                + "or raise height to put it inside)")
    }
}
