extension ImageParameter {
    /// `reduce`: one value of a list. The `value` row does the work, once the list and its bounds are read; this row
    /// checks the word where no value is given and writes nothing in the key, which holds the result (a roll-up is
    /// drawn as the one value it gives, byte for byte).
    static let rollup: [ImageParameter] = [
        .init(
            "reduce", .all, .keyword(Rollup.allCases.map(\.rawValue)),
            docs: .init(
                "one value of a list: `value=3,4,5`, stored values (`value=@a,@b`), a Prometheus query's series or a "
                    + "JSON array read [live](live-values.md#roll-ups-one-value-of-many): `min`, `max`, `sum` (drawn "
                    + "against the sum of the scales: six 0/1 values read `4` of `6`), `avg`, `count` (how many are "
                    + "non-zero, against the number of values)",
                default: "none: one ring or bar per value", accepted: "`min`, `max`, `sum`, `avg`, `count`"),
            field: .init(
                "Value",
                "One value of a list (value=3,4,5, @a,@b, a Prometheus vector): min, max, sum (against the sum of the "
                    + "maxima), avg, or count (how many are non-zero, of all).", placeholder: "none"),
            reading: .init(
                ring: 50, badge: 40,
                read: { reader, _, _, _ throws(ParameterError) in _ = try reader.rollup() },
                key: { _, _ in nil }))
    ]
}

extension ParameterReader {
    /// `reduce`: a roll-up of the value list, or nil.
    func rollup() throws(ParameterError) -> Rollup? {
        guard let text = try parameters.value("reduce") else { return nil }
        guard let rollup = Rollup(rawValue: text) else {
            throw ParameterError(
                parameter: "reduce", value: ParameterError.quoted(text),
                reason: "is not a roll-up (accepted: \(Rollup.accepted))")
        }
        return rollup
    }

    /// The values `reduce` rolls up: those read from a source (`ReadNumber` and its `more`), or the URL's list of
    /// at most `Rollup.listLimit` numbers.
    func rolledUpValues() throws(ParameterError) -> [Double]? {
        if let read = parameters.readNumber("value") { return [Self.given(read).number] + read.more.map { $0 + 0 } }
        guard let text = try parameters.value("value") else { return nil }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let accepted = "1…\(Rollup.listLimit) decimals separated by commas, such as 3,4,5"
        guard items.count <= Rollup.listLimit else {
            throw ParameterError(
                parameter: "value", value: ParameterError.quoted(text),
                reason: "lists \(items.count) values (accepted: \(accepted))")
        }
        var values: [Double] = []
        for item in items { values.append(try Self.listItem(item, of: "value", in: text, accepted: accepted)) }
        return values
    }

    /// `reading` with its list rolled up into one value and the scale that goes with it. Errors name `reduce`.
    static func rollUp(
        _ values: [Double], _ rollup: Rollup, into reading: inout ValueReading, maxima: [Double?]
    ) throws(ParameterError) {
        let each = values.indices.map {
            $0 == 0 ? reading.max : ($0 - 1 < maxima.count ? maxima[$0 - 1] : nil) ?? reading.max
        }
        guard let result = rollup.apply(values, maxima: each, min: reading.min) else {
            throw ParameterError(
                parameter: "reduce", value: ParameterError.quoted(rollup.rawValue),
                reason:
                    "gives a number too large to draw (the sum of \(values.count) values, or of their maxima, is not "
                    + "a finite number)")
        }
        (reading.value, reading.min, reading.max) = result
        reading.more = []
    }
}
