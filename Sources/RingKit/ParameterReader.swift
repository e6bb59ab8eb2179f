/// Reads one parameter at a time out of a query and turns bad text into a `RingSpecError` that names it.
struct ParameterReader<Name: ParameterName> {
    /// A number as given: its value, and its text for a message.
    struct Given {
        var number: Double
        var text: String

        /// The text as a message shows it (computed only when a message is made).
        var shown: String { RingSpecError.shown(text) }
    }

    let parameters: QueryParameters

    /// A finite decimal, or `nil` when the parameter is absent.
    func number(
        _ parameter: Name, accepted: String = "a decimal such as 72, -0.5 or 1e-5"
    ) throws(RingSpecError) -> Given? {
        guard let text = try parameters.value(parameter.rawValue) else { return nil }
        switch CanonicalNumber.parse(text) {
        case .success(let number):
            return Given(number: number, text: text)
        case .failure(.notANumber):
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.quoted(text),
                reason: "is not a number (accepted: \(accepted))")
        case .failure(.notFinite):
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.shown(text), reason: "is not a finite number")
        }
    }

    /// The bounds `min` and `max` (each `defaults` when absent): finite, `max > min`, and `max − min` finite. The
    /// message blames the parameter that was given.
    func bounds(
        _ minName: Name, _ maxName: Name, defaults: (min: Double, max: Double)
    ) throws(RingSpecError) -> (min: Double, max: Double) {
        let minimum = try number(minName)
        let maximum = try number(maxName)
        let min = minimum?.number ?? defaults.min
        let max = maximum?.number ?? defaults.max
        if max <= min {
            if let maximum {
                throw RingSpecError(
                    parameter: maxName.rawValue, value: maximum.shown,
                    reason: "must be greater than min \(CanonicalNumber.text(min))")
            }
            throw RingSpecError(
                parameter: minName.rawValue, value: minimum?.shown ?? "",
                reason: "must be less than max \(CanonicalNumber.text(max))")
        }
        if !(max - min).isFinite {
            let blamed = maximum ?? minimum
            throw RingSpecError(
                parameter: maximum != nil ? maxName.rawValue : minName.rawValue, value: blamed?.shown ?? "",
                reason: "is too far from the other bound (max − min must be a finite number)")
        }
        return (min, max)
    }

    /// A finite decimal within `range`; `note` explains a range that depends on another parameter.
    func number(
        _ parameter: Name, in range: ClosedRange<Double>, note: String = ""
    ) throws(RingSpecError)
        -> Given?
    {
        let rangeText = Self.text(range)
        guard let given = try number(parameter, accepted: rangeText) else { return nil }
        guard range.contains(given.number) else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: given.shown, reason: "is out of range \(rangeText)\(note)")
        }
        return given
    }

    /// An integer within `range`; `128.0` and `1.28e2` are the integer 128, `128.5` is refused.
    func integer(_ parameter: Name, in range: ClosedRange<Int>) throws(RingSpecError) -> Int? {
        let rangeText = "\(range.lowerBound)…\(range.upperBound)"
        guard let given = try number(parameter, accepted: "an integer \(rangeText)") else { return nil }
        guard given.number == given.number.rounded(.towardZero) else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: given.shown,
                reason: "is not an integer (accepted: \(rangeText))")
        }
        // Compare as Doubles first: converting 1e300 to Int would trap.
        guard given.number >= Double(range.lowerBound), given.number <= Double(range.upperBound) else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: given.shown, reason: "is out of range \(rangeText)")
        }
        return Int(given.number)
    }

    /// A color (see `RGBAColor.parse(_:)`).
    func color(_ parameter: Name) throws(RingSpecError) -> RGBAColor? {
        guard let text = try parameters.value(parameter.rawValue) else { return nil }
        guard let color = RGBAColor.parse(text) else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.quoted(text),
                reason: "is not a color (accepted: \(RGBAColor.acceptedForms))")
        }
        return color
    }

    /// A color or `none` (any case): `.some(nil)` is `none`, `nil` is absent.
    func colorOrNone(_ parameter: Name) throws(RingSpecError) -> RGBAColor?? {
        guard let text = try parameters.value(parameter.rawValue) else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        guard let color = RGBAColor.parse(text) else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.quoted(text),
                reason: "is not a color (accepted: none, \(RGBAColor.acceptedForms))")
        }
        return color
    }

    /// `percent:color` pairs (see `Thresholds.parse(_:parameter:)`).
    func thresholds() throws(RingSpecError) -> Thresholds? {
        guard let text = try parameters.value(RingParameter.thresholds.rawValue) else { return nil }
        return try Thresholds.parse(text, parameter: RingParameter.thresholds.rawValue)
    }

    /// One of the keyword's cases, spelled exactly (`round`, not `Round`).
    func keyword<Keyword: RawRepresentable & CaseIterable>(
        _ parameter: Name, as type: Keyword.Type
    )
        throws(RingSpecError) -> Keyword? where Keyword.RawValue == String
    {
        guard let text = try parameters.value(parameter.rawValue) else { return nil }
        guard let keyword = Keyword(rawValue: text) else {
            let accepted = Keyword.allCases.map(\.rawValue).joined(separator: ", ")
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.quoted(text), reason: "is not one of \(accepted)")
        }
        return keyword
    }

    /// The centre text: `auto`, `none` (or empty), or a template whose `{…}` placeholders are all known.
    func label() throws(RingSpecError) -> RingSpec.Label? where Name == RingParameter {
        guard let text = try self.text(.label, maximumLength: RingSpec.Limits.labelLength, allowsEmpty: true) else {
            return nil
        }
        switch text {
        case "auto": return .auto
        case "none", "": return RingSpec.Label.none
        default: break
        }
        if let unknown = Self.unknownPlaceholder(in: text) {
            let accepted = RingSpec.Limits.labelPlaceholders.map { "{\($0)}" }.joined(separator: ", ")
            throw RingSpecError(
                parameter: "label", value: RingSpecError.quoted(text),
                reason: "has an unknown placeholder {\(RingSpecError.shown(unknown))} (accepted: \(accepted))")
        }
        return .template(text)
    }

    /// Free text for the image: at most `maximumLength` code points and nothing XML cannot hold (control
    /// characters, noncharacters).
    func text(_ parameter: Name, maximumLength: Int, allowsEmpty: Bool) throws(RingSpecError) -> String? {
        guard let text = try parameters.value(parameter.rawValue) else { return nil }
        if text.isEmpty && !allowsEmpty {
            throw RingSpecError(
                parameter: parameter.rawValue, value: "",
                reason: "is empty (accepted: text of 1…\(maximumLength) characters)")
        }
        var length = 0
        for scalar in text.unicodeScalars {
            length += 1
            // ASCII needs no Unicode tables, which are slow to consult.
            let isControl =
                scalar.isASCII
                ? scalar.value < 0x20 || scalar.value == 0x7F : scalar.properties.generalCategory == .control
            if isControl || (!scalar.isASCII && scalar.properties.isNoncharacterCodePoint) {
                let code = String(scalar.value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code
                throw RingSpecError(
                    parameter: parameter.rawValue, value: RingSpecError.quoted(text),
                    reason: "contains the \(isControl ? "control character" : "noncharacter") U+\(padded)")
            }
        }
        guard length <= maximumLength else {
            throw RingSpecError(
                parameter: parameter.rawValue, value: RingSpecError.quoted(text),
                reason: "is longer than \(maximumLength) characters")
        }
        return text
    }

    /// The first `{word}` in `template` that is not a known placeholder; braces around anything but letters are
    /// literal text.
    static func unknownPlaceholder(in template: String) -> String? {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { return nil }
            let word = after[..<close]
            if !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isLetter }),
                !RingSpec.Limits.labelPlaceholders.contains(String(word))
            {
                return String(word)
            }
            rest = after
        }
        return nil
    }

    static func text(_ range: ClosedRange<Double>) -> String {
        "\(CanonicalNumber.text(range.lowerBound))…\(CanonicalNumber.text(range.upperBound))"
    }
}
