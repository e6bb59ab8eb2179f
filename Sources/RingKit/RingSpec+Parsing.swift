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
    /// the query as well is the same parameter given twice. The result is canonical: defaults resolved, `value`
    /// clamped into `min…max`, `start` turned into 0..<360, so two queries that mean one image give equal specs.
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
        let reader = ParameterReader(parameters: parameters)
        self.init()

        let minimum = try reader.number(.min)
        let maximum = try reader.number(.max)
        min = minimum?.number ?? min
        max = maximum?.number ?? max
        if max <= min {
            if let maximum {
                throw RingSpecError(
                    parameter: "max", value: maximum.shown,
                    reason: "must be greater than min \(CanonicalNumber.text(min))")
            }
            throw RingSpecError(
                parameter: "min", value: minimum?.shown ?? "",
                reason: "must be less than max \(CanonicalNumber.text(max))")
        }
        if !(max - min).isFinite {
            let blamed = maximum ?? minimum
            throw RingSpecError(
                parameter: maximum != nil ? "max" : "min", value: blamed?.shown ?? "",
                reason: "is too far from the other bound (max − min must be a finite number)")
        }
        // The default value is clamped too: with `min=20` an omitted value is 20, as an explicit `value=0` would be.
        value = Swift.min(Swift.max(try reader.number(.value)?.number ?? value, min), max)

        if let given = try reader.integer(.size, in: Limits.size) { size = given }
        let thicknessRange = Limits.thicknessMinimum...(Double(size) / 2)
        if let given = try reader.number(.thickness, in: thicknessRange, note: " (at most half of size \(size))") {
            thickness = given.number
        } else {
            thickness = RingSpec.defaultThickness(size: size)
        }

        if let given = try reader.color(.color) { color = given }
        if let given = try reader.colorOrNone(.track) { track = given }
        if let given = try reader.colorOrNone(.background) { background = given }
        if let given = try reader.color(.textColor) { textColor = given }
        if let given = try reader.keyword(.cap, as: Cap.self) { cap = given }

        if let given = try reader.number(.arc, in: Limits.arc) { arc = given.number }
        let startGiven = try reader.number(.start, in: Limits.start)
        if let given = try reader.keyword(.direction, as: Direction.self) { direction = given }
        start = RingSpec.normalizedAngle(startGiven?.number ?? RingSpec.defaultStart(arc: arc, direction: direction))

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

        // Without a label these only style text that is never drawn: resetting them makes every such query one
        // image and one cache entry.
        if label == .none {
            let defaults = RingSpec()
            textColor = defaults.textColor
            fontSize = defaults.fontSize
            fontWeight = defaults.fontWeight
        }
    }

    /// The default stroke width for a ring `size` pixels wide: `round(size / 10)`, halves away from zero.
    public static func defaultThickness(size: Int) -> Double { (Double(size) / 10).rounded() }

    /// The default start angle: 0 for a full ring; for a gauge (`arc` < 360), the angle that centres its gap at
    /// 6 o'clock: half a gap past 180° against the ring's direction, e.g. 225 for `arc=270` clockwise, 135
    /// counterclockwise.
    public static func defaultStart(arc: Double, direction: Direction) -> Double {
        guard arc < 360 else { return 0 }
        return direction == .cw ? 180 + (360 - arc) / 2 : 180 - (360 - arc) / 2
    }

    /// `degrees` turned into 0..<360: `-90` and `270` are one angle, so they are one image.
    static func normalizedAngle(_ degrees: Double) -> Double {
        var angle = degrees.truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        // A tiny negative angle rounds to exactly 360 when 360 is added.
        if angle >= 360 { angle -= 360 }
        return angle == 0 ? 0 : angle
    }
}
