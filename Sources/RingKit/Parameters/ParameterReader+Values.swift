extension ParameterReader {
    // How a value is shown: what it means (thresholds, mappings, a missing value) and how it is written (decimals,
    // unit, locale).

    /// `percent:color` pairs, or `value:color` pairs of `min…max` with `thresholdsMode=absolute` (see
    /// `Thresholds.parse(_:parameter:absolute:)`); `nil` when none are given or every absolute step lies above `max`.
    func thresholds(min: Double, max: Double) throws(ParameterError) -> Thresholds? {
        guard let text = try parameters.value("thresholds") else { return nil }
        let absolute = try thresholdsMode() == .absolute
        let thresholds = try Thresholds.parse(
            text, parameter: "thresholds", absolute: absolute ? (min, max) : nil, names: colorNames)
        return thresholds.steps.isEmpty ? nil : thresholds
    }

    /// A `value` read from a source as `null` or NaN.
    var missingRead: ValueMap.Match? { parameters.readNumber("value")?.missing }

    /// A `value` written `null`, `nan`, `inf`, `-inf` or `error` in the URL (to show a mapping of it; `NaN`, `+Inf`
    /// and `-Inf` as Prometheus and Alertmanager write them), looked at only where reading it as a number failed with
    /// `error`, which is thrown again for any other text: a number costs nothing more.
    func missingWritten(after error: ParameterError) throws(ParameterError) -> ValueMap.Match {
        guard let text = try parameters.value("value"), let special = ValueMap.special(text) else { throw error }
        return special
    }

    /// Refuses a `null` or `nan` value that `map` has no item for, naming the source that read it, or `value`.
    func checkMissingValue(_ missing: ValueMap.Match?, map: ValueMap?) throws(ParameterError) {
        guard let missing, map?.item(forMissing: missing) == nil else { return }
        let source = parameters.readNumber("value")?.source
        throw ParameterError(
            parameter: source ?? "value",
            value: source == nil
                ? ParameterError.quoted(((try? parameters.value("value")) ?? nil) ?? missing.text) : "",
            reason: source == nil
                ? "is not a number (accepted: a decimal such as 72, -0.5 or 1e-5; null, nan, inf, -inf or error only "
                    + "with a map item for it, such as map=\(missing.text):no%20data)"
                : "read \(missing.text), which no map item shows (add one, such as map=\(missing.text):no%20data)")
    }

    /// `map`: value mappings (see `ValueMap.parse`).
    func valueMap() throws(ParameterError) -> ValueMap? {
        guard let text = try parameters.value("map") else { return nil }
        return try ValueMap.parse(text, names: colorNames)
    }

    /// `thresholdsMode`: `percentage` or `absolute`.
    func thresholdsMode() throws(ParameterError) -> Thresholds.Mode? {
        try keyword(of: "thresholdsMode", as: Thresholds.Mode.self)
    }

    /// `decimals`: digits 0…3, or `auto` (`nil`: the unit's own digits).
    func decimals() throws(ParameterError) -> Int? {
        if try parameters.value("decimals") == "auto" { return nil }
        return try integer(of: "decimals", in: ImageLimits.decimals)
    }

    /// `unit`: a named unit or a custom `prefix:`, `suffix:` or `si:` text (free text's rules apply to it); and the
    /// digits it writes with, `decimals` as given or, where the query leaves it out, the unit's own (`nil`: three
    /// significant digits for a unit that scales, none for a percentage).
    func unit(decimals: Int?) throws(ParameterError) -> (NumberUnit, Int?)? {
        guard let text = try text(of: "unit", maximumLength: 64, allowsEmpty: false) else { return nil }
        let unit = try NumberUnit.parse(text)
        return (unit, parameters.contains("decimals") || unit.isPercent ? decimals : nil)
    }

    /// `locale`: a BCP 47 tag of a language ICU has number data for.
    func locale() throws(ParameterError) -> NumberLocale? {
        guard let text = try text(of: "locale", maximumLength: 16, allowsEmpty: false) else { return nil }
        return try NumberLocale.parse(text)
    }

    /// A number on the value's own scale (`target`, `neutral`): within `min…max`.
    func amount(_ parameter: String, within bounds: ClosedRange<Double>) throws(ParameterError) -> Double? {
        try number(of: parameter, in: bounds, note: " (min…max)")?.number
    }
}
