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
