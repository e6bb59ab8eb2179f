extension RingSpec {
    /// The accepted ranges of the ring's own parameters; those every image shares are in `ImageLimits`.
    public enum Limits {
        public static let size = 16...1024
        public static let thicknessMinimum = 1.0
        public static let arc = 1.0...360.0
        public static let start = -360.0...360.0
        /// The smallest label size: `LabelLayout.minimumFontSize`.
        public static let fontSizeMinimum = LabelLayout.minimumFontSize
        public static let animate = 0.0...10.0
        /// In characters as a reader counts them (grapheme clusters).
        public static let labelLength = 40
        /// In characters as a reader counts them (grapheme clusters).
        public static let titleLength = 100
        public static let labelPlaceholders =
            ["value", "percent", "min", "max", "delta", "previous"] + TimeTexts.placeholders
        /// The most concentric rings one image draws.
        public static let rings = 5
    }

    /// Reads a ring from a query string, as in `/ring.svg?value=72&color=green`, or from the command line.
    ///
    /// `pathValue` is the `{value}` of `/ring/{value}.svg`, still percent-encoded (there `+` is a plus); a `value` in
    /// the query as well is the same parameter given twice. The result is `normalized()`, so two queries that mean one
    /// image give equal specs. `read` holds the numbers read from a source (a live value), given as numbers.
    public static func parse(
        query: some StringProtocol, pathValue: String? = nil, read: [ReadNumber] = [], staleSince: Int64? = nil,
        clock: ValueClock? = nil, named: [String: Double] = [:]
    ) throws(ParameterError) -> RingSpec {
        var parameters = QueryParameters(query: query)
        if let pathValue {
            parameters.add(name: "value", encodedValue: pathValue, plusIsSpace: false)
        }
        for number in read { parameters.add(number) }
        parameters.staleSince = staleSince
        parameters.clock = clock
        parameters.named = named
        return try RingSpec(parameters: parameters)
    }

    /// Reads and validates every ring parameter of `parameters`; see `parse(query:pathValue:)`.
    public init(parameters: QueryParameters) throws(ParameterError) {
        try self.init(parameters: parameters, forBars: false)
    }

    /// Reads the parameters rings and bars share; `forBars` reads them for a bar (`BarSpec`): the ring-only ones
    /// (size, thickness, cap, arc, start, direction) are left to their defaults whatever the query says, `fontSize`
    /// is bounded by the ring's default size rather than a ring's, and the label's fit is the bar's to check.
    /// Parameters are read in a fixed order (`ParameterRows`: the amount and its bounds first), so one query always reports the same error.
    init(parameters: QueryParameters, forBars: Bool) throws(ParameterError) {
        try self.init(parameters: parameters, rows: forBars ? BarSpec.sharedRows : Self.parameterRows, forBars: forBars)
    }

    /// Reads the parameters of `rows` (a ring's, or those a bar or a sparkline shares with it); `forBars` as above
    /// (a sparkline's are read so too), `bounds` the `min` and `max` the query may leave out.
    init(
        parameters: QueryParameters, rows: ParameterRows<RingSpec>, forBars: Bool,
        bounds: (min: Double, max: Double) = (0, 100)
    ) throws(ParameterError) {
        self.init()
        (reading.min, reading.max) = bounds
        var reader = ParameterReader(parameters: parameters)
        reader.forBars = forBars
        reader.boundsDefaults = bounds
        try rows.read(reader, into: &self)
        try reader.checkMissingValue(valueStyle.missing, map: valueStyle.map)
        try checkMarks()
        try checkPrevious()
        try valueStyle.readTimes(templates, clock: parameters.clock)
        try valueStyle.readNamed(templates, given: parameters.named)
        try valueStyle.keepSeriesLabels(templates)
        // A fresh value's look shapes nothing: the spec is the one without it.
        if let since = parameters.staleSince { takeStaleLook(since: since) } else { stale = StaleLook() }
        self = normalized()
        if !forBars { try checkLabelFits() }
    }

    /// The ring's rows of `ImageParameter.all`: what it reads, in the order of reading and of the canonical key.
    static let parameterRows = ParameterRows<RingSpec> { $0.ring }

    /// A template label sized to fit (no `fontSize`) that could not be legible in this ring, even on two lines, is
    /// refused with the room it needs; an automatic percentage is left out instead (see `LabelLayout`).
    func checkLabelFits() throws(ParameterError) {
        guard case .template(let template) = label, fontSize == nil else { return }
        let g = RingGeometry(self)
        guard g.labelLayout == nil else { return }
        guard
            let text = LabelText.text(label, of: reading, fraction: g.fraction, style: valueStyle)
        else { return }
        let needed = LabelLayout.holeNeeded(for: text, bold: fontWeight == .bold)
        throw ParameterError(
            parameter: labelParameter, value: ParameterError.quoted(template),
            reason: "needs a hole \(Int(needed.rounded(.up))) px across to be read at "
                + "\(CanonicalNumber.text(LabelLayout.minimumFontSize)) px; this ring's is \(Int(2 * g.holeRadius)) px "
                + "(shorten the label, or raise size)")
    }

    /// `{delta}` and `{previous}` need the value to compare with.
    func checkPrevious() throws(ParameterError) {
        guard reading.previous == nil, case .template(let template) = label,
            template.contains("{delta}") || template.contains("{previous}")
        else { return }
        throw ParameterError(
            parameter: labelParameter, value: ParameterError.quoted(template),
            reason: "uses {delta} or {previous}, which need previous: the value to compare with (give previous=N, "
                + "or show a stored value, value=@name, whose history gives it over trend)")
    }

    /// `markers=true` needs something to mark; a neutral point draws its progress as one solid stroke.
    func checkMarks() throws(ParameterError) {
        if markers && (thresholds?.steps.contains { $0.percent > 0 && $0.percent < 100 } != true) && target == nil {
            throw ParameterError(
                parameter: "markers", value: "true",
                reason: "has nothing to mark (accepted: true with thresholds between min and max, or a target; false)")
        }
        if let neutral = valueStyle.neutral, neutral != reading.min,
            (0..<ringCount).contains(where: { gradient(ofRing: $0) != nil })
        {
            throw ParameterError(
                parameter: "neutral", value: CanonicalNumber.text(neutral),
                reason: "cannot be combined with gradient (accepted: a solid progress grows from a neutral point)")
        }
    }

    /// A gradient fades the hue; the opacity of the whole stroke is one (drawn as a group), so both ends need it.
    func checkGradientOpacity() throws(ParameterError) {
        for index in 0..<ringCount {
            guard let end = gradient(ofRing: index) else { continue }
            var starts = [color(ofRing: index)]
            starts += thresholds?.steps.map(\.color) ?? []
            for start in starts where start.alpha != end.alpha {
                let source = start == color(ofRing: index) ? "color" : "a thresholds color"
                throw ParameterError(
                    parameter: "gradient", value: end.hex,
                    reason: "has another opacity than \(source) \(start.hex) (accepted: a color of the same alpha, "
                        + "as a gradient fades the hue, not the opacity)")
            }
        }
    }
}
