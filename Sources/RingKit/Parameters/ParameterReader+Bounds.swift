extension ParameterReader {
    /// The bounds `min` and `max` (each `defaults` when absent): finite, `max > min`, and `max − min` finite. The
    /// message blames the parameter that was given.
    func bounds(
        _ minName: String = "min", _ maxName: String = "max", defaults: (min: Double, max: Double) = (0, 100)
    ) throws(ParameterError) -> (min: Double, max: Double) {
        let minimum = try number(of: minName)
        let maximum = try number(of: maxName)
        let min = minimum?.number ?? defaults.min
        let max = maximum?.number ?? defaults.max
        if let read = maximum, let source = read.source {
            return try Self.bounds(min: min, readMax: read, from: source)
        }
        if max <= min {
            if let maximum {
                throw ParameterError(
                    parameter: maxName, value: maximum.shown,
                    reason: "must be greater than min \(CanonicalNumber.text(min))")
            }
            throw ParameterError(
                parameter: minName, value: minimum?.shown ?? "",
                reason: "must be less than max \(CanonicalNumber.text(max))")
        }
        if !(max - min).isFinite {
            let blamed = maximum ?? minimum
            throw ParameterError(
                parameter: maximum != nil ? maxName : minName, value: blamed?.shown ?? "",
                reason: "is too far from the other bound (max − min must be a finite number)")
        }
        return (min, max)
    }

    /// What a list of maxima accepts, as messages say it.
    static let maxListAccepted = "one number greater than min for every value, or one for all, such as 100,42"

    /// The bounds of `rings()` rings or bars: `min`, and `max` as one number for all or one for each (`max=100,42`,
    /// or each stored value's own); `more` holds the maxima after the first, empty where one serves all. `rings` is
    /// asked only where `max` is a list.
    func ringBounds(rings: () -> Int) throws(ParameterError) -> (min: Double, max: Double, more: [Double]) {
        if let read = parameters.readNumber("max"), !read.more.isEmpty {
            let rings = rings()
            let (min, max) = try bounds(defaults: boundsDefaults)
            var more: [Double] = []
            for number in read.more.prefix(rings - 1) {
                var given = Self.given(read)
                (given.number, given.text) = (number + 0, NumberText.plain(number))
                more.append(try Self.bounds(min: min, readMax: given, from: read.source).max)
            }
            return (min, max, more)
        }
        guard parameters.readNumber("max") == nil, let text = try parameters.value("max"),
            text.utf8.contains(UInt8(ascii: ","))
        else {
            let (min, max) = try bounds(defaults: boundsDefaults)
            return (min, max, [])
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let rings = rings()
        guard items.count == rings else {
            throw ParameterError(
                parameter: "max", value: ParameterError.quoted(text),
                reason: "lists \(items.count) maxima for \(rings) \(rings == 1 ? "value" : "values") (accepted: "
                    + "\(Self.maxListAccepted))")
        }
        var maxima: [Double] = []
        for item in items {
            maxima.append(try Self.listItem(item, of: "max", in: text, accepted: Self.maxListAccepted))
        }
        let min = try number(of: "min")?.number ?? boundsDefaults.min
        for (item, max) in zip(items, maxima) {
            guard max > min else {
                throw ParameterError(
                    parameter: "max", value: ParameterError.quoted(text),
                    reason: "has \(ParameterError.quoted(item)), which is not greater than min "
                        + CanonicalNumber.text(min))
            }
            guard (max - min).isFinite else {
                throw ParameterError(
                    parameter: "max", value: ParameterError.quoted(text),
                    reason: "has \(ParameterError.quoted(item)), too far from min \(CanonicalNumber.text(min)) "
                        + "(max − min must be a finite number)")
            }
        }
        return (min, maxima[0] + 0, maxima.dropFirst().map { $0 + 0 })
    }

    /// The bounds with a max read from a source: at least min, where equal is a count of nothing (an empty sprint's
    /// 0 of 0, drawn as an empty image); the message names the source's parameter.
    private static func bounds(
        min: Double, readMax: Given, from source: String
    ) throws(ParameterError) -> (min: Double, max: Double) {
        let max = readMax.number
        if max < min {
            throw ParameterError(
                parameter: source, value: "",
                reason: "read \(readMax.text) as max, which must be at least min \(NumberText.plain(min))")
        }
        if !(max - min).isFinite {
            throw ParameterError(
                parameter: source, value: "",
                reason: "read \(readMax.text) as max, too far from min \(NumberText.plain(min)) (max − min must "
                    + "be a finite number)")
        }
        return (min, max)
    }
}
