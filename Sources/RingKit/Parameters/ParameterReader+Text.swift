extension ParameterReader {
    /// The centre text: `auto`, `none` (or empty), or a template whose `{…}` placeholders are all known.
    func label(of parameter: String = "label") throws(ParameterError) -> RingSpec.Label? {
        guard
            let text = try self.text(of: parameter, maximumLength: RingSpec.Limits.labelLength, allowsEmpty: true)
        else {
            return nil
        }
        switch text {
        case "auto": return .auto
        case "none", "": return RingSpec.Label.none
        default: break
        }
        if let unknown = Self.unknownPlaceholder(in: text) {
            let accepted = RingSpec.Limits.labelPlaceholders.map { "{\($0)}" }.joined(separator: ", ")
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "has an unknown placeholder {\(ParameterError.shown(unknown))} (accepted: \(accepted))")
        }
        return .template(text)
    }

    /// A badge's `message`: fixed text, or a template whose `{…}` placeholders are all a label's.
    func message() throws(ParameterError) -> String? {
        guard let text = try text(of: "message", maximumLength: BadgeSpec.Limits.labelLength, allowsEmpty: false)
        else { return nil }
        if let unknown = Self.unknownPlaceholder(in: text) {
            let accepted = RingSpec.Limits.labelPlaceholders.map { "{\($0)}" }.joined(separator: ", ")
            throw ParameterError(
                parameter: "message", value: ParameterError.quoted(text),
                reason: "has an unknown placeholder {\(ParameterError.shown(unknown))} (accepted: \(accepted), "
                    + "{@name})")
        }
        return text
    }

    /// A badge's `preset`, where the value was read from a stored name (its siblings hold the run's other counts)
    /// and no `message` writes the right half instead. The name is checked first: a live shields document gives a
    /// `message` of its own, and the refusal should name what the preset lacks, not a parameter nobody typed.
    func testsPreset(message: String?) throws(ParameterError) -> TestResults.Preset? {
        guard let preset = try keyword(of: "preset", as: TestResults.Preset.self) else { return nil }
        guard parameters.valueName != nil else {
            throw ParameterError(
                parameter: "preset", value: ParameterError.quoted(preset.rawValue),
                reason: "reads the counts a test report stores beside a stored value, NAME.failed and NAME.skipped "
                    + "(accepted with value=@NAME, once a JUnit report is pushed to PUT /values/NAME)")
        }
        if message != nil {
            throw ParameterError(
                parameter: "preset", value: ParameterError.quoted(preset.rawValue),
                reason: "cannot be given with message: both write the right half (accepted: one of them)")
        }
        return preset
    }

    /// Free text for the image: at most `maximumLength` characters as a reader counts them (grapheme clusters: `é`
    /// written with combining marks, or a family emoji, is one), and nothing XML cannot hold (control characters,
    /// noncharacters) or renderers draw differently (bidi embedding, override and isolate controls).
    func text(of parameter: String, maximumLength: Int, allowsEmpty: Bool) throws(ParameterError) -> String? {
        guard let text = try parameters.value(parameter) else { return nil }
        if text.isEmpty && !allowsEmpty {
            throw ParameterError(
                parameter: parameter, value: "",
                reason: "is empty (accepted: text of 1…\(maximumLength) characters)")
        }
        try Self.checkText(text, of: parameter, maximumLength: maximumLength)
        return text
    }

    /// Refuses text that free text may not hold (see `text(of:maximumLength:allowsEmpty:)`), naming `parameter` and
    /// quoting `shown` (the whole value, where `text` is a part of it).
    static func checkText(
        _ text: some StringProtocol, of parameter: String, maximumLength: Int, shown: String? = nil
    ) throws(ParameterError) {
        let quoted = ParameterError.quoted(shown ?? String(text))
        for scalar in text.unicodeScalars {
            // ASCII needs no Unicode tables, which are slow to consult.
            if scalar.isASCII {
                guard scalar.value < 0x20 || scalar.value == 0x7F else { continue }
            }
            let isControl = scalar.isASCII || scalar.properties.generalCategory == .control
            let problem: String
            if isControl {
                problem = "the control character"
            } else if scalar.properties.isNoncharacterCodePoint {
                problem = "the noncharacter"
            } else if Self.isBidiControl(scalar) {
                throw ParameterError(
                    parameter: parameter, value: quoted,
                    reason: "contains the bidi control \(Self.codePoint(scalar)) (accepted: text without embedding, "
                        + "override or isolate controls; right-to-left text is laid out in its own direction)")
            } else {
                continue
            }
            throw ParameterError(
                parameter: parameter, value: quoted, reason: "contains \(problem) \(Self.codePoint(scalar))")
        }
        guard text.count <= maximumLength else {
            throw ParameterError(
                parameter: parameter, value: quoted,
                reason: shown == nil
                    ? "is longer than \(maximumLength) characters"
                    : "has a text longer than \(maximumLength) characters: \(ParameterError.quoted(text))")
        }
    }

    /// U+202A…U+202E (embeddings and overrides) and U+2066…U+2069 (isolates). Browsers and Pango do not treat them
    /// alike in SVG text, and an override can make a label read as other words than its characters say; marks
    /// (U+200E, U+200F, U+061C) are kept.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `U+202E`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code
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
}
