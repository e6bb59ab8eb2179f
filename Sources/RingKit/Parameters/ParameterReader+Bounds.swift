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
}
