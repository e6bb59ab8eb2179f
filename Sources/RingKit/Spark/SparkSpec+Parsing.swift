extension SparkSpec {
    /// The ring's rows a sparkline reads, into its `series`.
    static let sharedRows = ParameterRows<RingSpec> { $0.kinds.contains(.spark) ? $0.ring : nil }

    /// The sparkline's own rows: its points and its shape.
    static let parameterRows = ParameterRows<SparkSpec>(own: parameterTable)

    /// Reads a sparkline from a query string, as in `/spark.svg?points=3,5,4,8&width=160`. The result is normalized.
    public static func parse(
        query: some StringProtocol, staleSince: Int64? = nil, clock: ValueClock? = nil, named: [String: Double] = [:]
    ) throws(ParameterError) -> SparkSpec {
        var parameters = QueryParameters(query: query)
        parameters.staleSince = staleSince
        parameters.clock = clock
        parameters.named = named
        return try SparkSpec(parameters: parameters)
    }

    /// Reads the sparkline's own parameters (`points` first: the defaults of `min` and `max` are their range), then
    /// the shared ones as a ring's, with the last point as the value; checks `scale` against the width and the
    /// label's fit.
    public init(parameters: QueryParameters) throws(ParameterError) {
        self.init()
        if let value = try parameters.value("value") {
            throw ParameterError(
                parameter: "value", value: ParameterError.quoted(value),
                reason: "is one number, and a sparkline draws a series (accepted: value=@name for a stored value's "
                    + "history over window, or points=3,5,4,8)")
        }
        try Self.parameterRows.read(ParameterReader(parameters: parameters), into: &self)
        guard let last = points.last else {
            throw ParameterError(
                parameter: "points", value: "",
                reason: "is missing (accepted: \(Self.pointsAccepted); or value=@name for a stored value's history)")
        }
        var shared = parameters
        // `{delta}` and `{previous}` compare with the first point unless the query gives `previous`.
        if !parameters.contains("previous") {
            shared.add(
                name: "previous", encodedValue: PercentDecoding.encode(CanonicalNumber.text(points[0])),
                plusIsSpace: false)
        }
        series = try RingSpec(
            parameters: shared, rows: Self.sharedRows, forBars: true, bounds: try defaultBounds(parameters))
        // A sparkline draws no label unless given one (its stale look's included).
        if !parameters.contains("label"), series.stale.since == nil || series.stale.label == nil {
            series.label = .none
        }
        series.reading.value = last
        let scale = series.scale
        if width * scale > ImageLimits.pixelEdge || height * scale > ImageLimits.pixelEdge {
            throw ParameterError(
                parameter: "scale", value: String(scale),
                reason: "is too large for width \(width) and height \(height): each side × scale must be at most "
                    + "\(ImageLimits.pixelEdge)")
        }
        self = normalized()
        try checkLabelFits()
    }

    static let pointsAccepted =
        "1…\(Limits.points) finite decimals separated by commas, oldest first, such as 3,5,4,8"

    /// `min` and `max` where the query leaves them out: the lowest and the highest point, kept below a given `max`
    /// and above a given `min`; one flat line (every point equal) sits in the middle, between the value − 1 and + 1.
    func defaultBounds(_ parameters: QueryParameters) throws(ParameterError) -> (min: Double, max: Double) {
        let reader = ParameterReader(parameters: parameters)
        var low = points.min()!
        var high = points.max()!
        let givenMin = try reader.number(of: "min")?.number
        let givenMax = try reader.number(of: "max")?.number
        if let givenMin { low = givenMin }
        if let givenMax { high = givenMax }
        if high <= low {
            switch (givenMin, givenMax) {
            case (nil, nil): (low, high) = (low - 1, high + 1)
            case (nil, _): low = high - 1
            case (_, nil): high = low + 1
            default: break  // both given: the reader's message names them
            }
        }
        return (low, high)
    }

    /// The one spec of all those that draw this image.
    public func normalized() -> SparkSpec {
        var spec = self
        spec.series = series.normalized()
        spec.points = points.map { $0 + 0 }
        return spec
    }

    /// A label that leaves the line less than `SparkLayout.minimumLine` is refused with the width it needs.
    func checkLabelFits() throws(ParameterError) {
        let layout = SparkLayout(self)
        guard let needed = layout.widthNeededForLabel else { return }
        let shown: String
        switch series.label {
        case .template(let template): shown = ParameterError.quoted(template)
        default: shown = "auto"
        }
        throw ParameterError(
            parameter: series.labelParameter, value: shown,
            reason: "needs a width of \(needed) px beside the line at \(CanonicalNumber.text(layout.fontSize)) px; "
                + "width is \(width) (shorten the label, lower fontSize, or raise width)")
    }
}
