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
        public static let labelPlaceholders = ["value", "percent", "min", "max"]
        /// The most concentric rings one image draws.
        public static let rings = 5
    }

    /// Reads a ring from a query string, as in `/ring.svg?value=72&color=green`, or from the command line.
    ///
    /// `pathValue` is the `{value}` of `/ring/{value}.svg`, still percent-encoded (there `+` is a plus); a `value` in
    /// the query as well is the same parameter given twice. The result is `normalized()`, so two queries that mean one
    /// image give equal specs.
    public static func parse(query: some StringProtocol, pathValue: String? = nil) throws(ParameterError) -> RingSpec {
        var parameters = QueryParameters(query: query)
        if let pathValue {
            parameters.add(name: RingParameter.value.rawValue, encodedValue: pathValue, plusIsSpace: false)
        }
        return try RingSpec(parameters: parameters)
    }

    /// Reads and validates every ring parameter of `parameters`; see `parse(query:pathValue:)`.
    /// Parameters are checked in a fixed order (min and max first, as `value` is clamped into them), so one query
    /// always reports the same error.
    public init(parameters: QueryParameters) throws(ParameterError) {
        try self.init(parameters: parameters, forBars: false)
    }

    /// Reads the parameters rings and bars share; `forBars` reads them for a bar (`BarSpec`): the ring-only ones
    /// (size, thickness, cap, arc, start, direction) are left to their defaults whatever the query says, `fontSize`
    /// is bounded by the ring's default size rather than a ring's, and the label's fit is the bar's to check.
    init(parameters: QueryParameters, forBars: Bool) throws(ParameterError) {
        let reader = ParameterReader(parameters: parameters)
        self.init()

        (min, max) = try reader.bounds(RingParameter.min, RingParameter.max, defaults: (min, max))
        if let given = try reader.numberList(.value) {
            value = given.first.number
            if !given.more.isEmpty {
                let light = Theme.light
                innerRings = given.more.enumerated().map { index, item in
                    InnerRing(value: item.number, color: light.ringColors[index + 1], track: light.track)
                }
            }
        }
        let rings = ringCount

        if !forBars {
            if let given = try reader.integer(.size, in: Limits.size) { size = given }
            let thicknessRange = Limits.thicknessMinimum...Self.maximumThickness(size: size, rings: rings)
            thickness =
                try reader.number(
                    .thickness, in: thicknessRange,
                    note: rings == 1
                        ? " (at most half of size \(size))" : " (at most what \(rings) rings fit in size \(size))"
                )?.number
        }

        // Property observers do not run in an initializer: what the query gives is taken from the theme here.
        if let given = try reader.colorList(.color, rings: rings, allowsNone: false) {
            themedColors.remove(.color)
            color = given[0]!
            for index in innerRings.indices { innerRings[index].color = given[index + 1]! }
        }
        if let given = try reader.colorList(.track, rings: rings, allowsNone: true) {
            themedColors.remove(.track)
            track = given[0]
            for index in innerRings.indices { innerRings[index].track = given[index + 1] }
        }
        if let given = try reader.colorOrNone(.background) { background = given }
        if let given = try reader.color(.textColor) {
            themedColors.remove(.textColor)
            textColor = given
        }
        if !forBars, let given = try reader.keyword(.cap, as: Cap.self) { cap = given }

        if !forBars {
            if let given = try reader.number(.arc, in: Limits.arc) { arc = given.number }
            start = try reader.number(.start, in: Limits.start)?.number
            if let given = try reader.keyword(.direction, as: Direction.self) { direction = given }
        }

        if let given = try reader.label() { label = given }
        if let given = try reader.integer(.decimals, in: ImageLimits.decimals) { decimals = given }
        let fontSizeRange = Limits.fontSizeMinimum...Double(size)
        fontSize = try reader.number(
            .fontSize, in: fontSizeRange, note: forBars ? "" : " (at most size \(size))")?.number
        if let given = try reader.keyword(.fontWeight, as: FontWeight.self) { fontWeight = given }
        if let given = try reader.number(.animate, in: Limits.animate) { animate = given.number }
        if let given = try reader.integer(.scale, in: ImageLimits.scale) {
            guard size * given <= ImageLimits.pixelEdge else {
                throw ParameterError(
                    parameter: "scale", value: String(given),
                    reason: "is too large for size \(size): size × scale must be at most \(ImageLimits.pixelEdge)")
            }
            scale = given
        }
        title = try reader.text(.title, maximumLength: Limits.titleLength, allowsEmpty: false)
        cacheSeconds = try reader.integer(.cacheSeconds, in: ImageLimits.cacheSeconds)
        // Most queries name none of these; comparing the few names given (small strings, compared in place) is
        // cheaper than hashing three names that are not there.
        if parameters.names.contains(where: { $0 == "theme" || $0 == "thresholds" || $0 == "gradient" }) {
            if let given = try reader.keyword(.theme, as: Theme.self) { theme = given }
            thresholds = try reader.thresholds()
            if let given = try reader.colorList(.gradient, rings: rings, allowsNone: true) {
                gradient = given[0]
                for index in innerRings.indices { innerRings[index].gradient = given[index + 1] }
                try checkGradientOpacity()
            }
        }

        self = normalized()
        if !forBars { try checkLabelFits() }
    }

    /// A template label sized to fit (no `fontSize`) that could not be legible in this ring, even on two lines, is
    /// refused with the room it needs; an automatic percentage is left out instead (see `LabelLayout`).
    func checkLabelFits() throws(ParameterError) {
        guard case .template(let template) = label, fontSize == nil else { return }
        let g = RingGeometry(self)
        guard g.labelLayout == nil else { return }
        let text = RingGeometry.printable(
            RingGeometry.fill(
                template, value: value, min: min, max: max,
                percent: PercentText(fraction: g.fraction, decimals: decimals).text))
        guard !text.isEmpty else { return }
        let needed = LabelLayout.holeNeeded(for: text, bold: fontWeight == .bold)
        throw ParameterError(
            parameter: "label", value: ParameterError.quoted(template),
            reason: "needs a hole \(Int(needed.rounded(.up))) px across to be read at "
                + "\(CanonicalNumber.text(LabelLayout.minimumFontSize)) px; this ring's is \(Int(2 * g.holeRadius)) px "
                + "(shorten the label, or raise size)")
    }

    /// A gradient fades the hue; the opacity of the whole stroke is one (drawn as a group), so both ends need it.
    private func checkGradientOpacity() throws(ParameterError) {
        for index in 0..<ringCount {
            guard let end = gradient(ofRing: index) else { continue }
            var starts = [color(ofRing: index)]
            starts += thresholds?.steps.map(\.color) ?? []
            for start in starts where start.alpha != end.alpha {
                let source = start == color(ofRing: index) ? "color" : "a thresholds color"
                throw ParameterError(
                    parameter: RingParameter.gradient.rawValue, value: end.hex,
                    reason: "has another opacity than \(source) \(start.hex) (accepted: a color of the same alpha, "
                        + "as a gradient fades the hue, not the opacity)")
            }
        }
    }
}
