extension RingSpec {
    /// The accepted ranges, in one place for validation, messages and documentation.
    public enum Limits {
        public static let size = 16...1024
        public static let thicknessMinimum = 1.0
        public static let arc = 1.0...360.0
        public static let start = -360.0...360.0
        public static let decimals = 0...3
        public static let fontSizeMinimum = 4.0
        public static let animate = 0.0...10.0
        public static let scale = 1...4
        /// The largest PNG edge in pixels: `size × scale` may not exceed it.
        public static let pixelEdge = 2048
        public static let cacheSeconds = 0...31_536_000
        /// In Unicode code points.
        public static let labelLength = 40
        /// In Unicode code points.
        public static let titleLength = 100
        public static let labelPlaceholders = ["value", "percent", "min", "max"]
    }

    /// Reads a ring from a query string, as in `/ring.svg?value=72&color=green`, or from the command line.
    ///
    /// `pathValue` is the `{value}` of `/ring/{value}.svg`, still percent-encoded (there `+` is a plus); a `value` in
    /// the query as well is the same parameter given twice. The result is `normalized()`, so two queries that mean one
    /// image give equal specs.
    public static func parse(query: some StringProtocol, pathValue: String? = nil) throws(RingSpecError) -> RingSpec {
        var parameters = QueryParameters(query: query)
        if let pathValue {
            parameters.add(name: RingParameter.value.rawValue, encodedValue: pathValue, plusIsSpace: false)
        }
        return try RingSpec(parameters: parameters)
    }

    /// Reads and validates every ring parameter of `parameters`; see `parse(query:pathValue:)`.
    /// Parameters are checked in a fixed order (min and max first, as `value` is clamped into them), so one query
    /// always reports the same error.
    public init(parameters: QueryParameters) throws(RingSpecError) {
        let reader = ParameterReader<RingParameter>(parameters: parameters)
        self.init()

        (min, max) = try reader.bounds(.min, .max, defaults: (min, max))
        if let given = try reader.number(.value) { value = given.number }

        if let given = try reader.integer(.size, in: Limits.size) { size = given }
        let thicknessRange = Limits.thicknessMinimum...(Double(size) / 2)
        thickness = try reader.number(.thickness, in: thicknessRange, note: " (at most half of size \(size))")?.number

        if let given = try reader.color(.color) { color = given }
        if let given = try reader.colorOrNone(.track) { track = given }
        if let given = try reader.colorOrNone(.background) { background = given }
        if let given = try reader.color(.textColor) { textColor = given }
        if let given = try reader.keyword(.cap, as: Cap.self) { cap = given }

        if let given = try reader.number(.arc, in: Limits.arc) { arc = given.number }
        start = try reader.number(.start, in: Limits.start)?.number
        if let given = try reader.keyword(.direction, as: Direction.self) { direction = given }

        if let given = try reader.label() { label = given }
        if let given = try reader.integer(.decimals, in: Limits.decimals) { decimals = given }
        let fontSizeRange = Limits.fontSizeMinimum...Double(size)
        fontSize = try reader.number(.fontSize, in: fontSizeRange, note: " (at most size \(size))")?.number
        if let given = try reader.keyword(.fontWeight, as: FontWeight.self) { fontWeight = given }
        if let given = try reader.number(.animate, in: Limits.animate) { animate = given.number }
        if let given = try reader.integer(.scale, in: Limits.scale) {
            guard size * given <= Limits.pixelEdge else {
                throw RingSpecError(
                    parameter: "scale", value: String(given),
                    reason: "is too large for size \(size): size × scale must be at most \(Limits.pixelEdge)")
            }
            scale = given
        }
        title = try reader.text(.title, maximumLength: Limits.titleLength, allowsEmpty: false)
        cacheSeconds = try reader.integer(.cacheSeconds, in: Limits.cacheSeconds)
        thresholds = try reader.thresholds()

        self = normalized()
    }
}
