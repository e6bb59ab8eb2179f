/// Reads one parameter at a time out of a query and turns bad text into a `ParameterError` that names it.
struct ParameterReader {
    /// A number as given: its value, and its text for a message.
    struct Given {
        var number: Double
        var text: String
        /// For a number read from a source (`ReadNumber`), the parameter that names the source, which messages
        /// about it name.
        var source: String? = nil

        /// The text as a message shows it (computed only when a message is made).
        var shown: String { ParameterError.shown(text) }
    }

    let parameters: QueryParameters
    /// Reading the shared parameters for a bar: messages leave out what only a ring's size bounds.
    var forBars = false

    /// A finite decimal, or `nil` when the parameter is absent.
    /// `accepted` is made only for a message: building it for every parameter of every request cost a parse
    /// more than the numbers themselves.
    func number(
        of parameter: String, accepted: @autoclosure () -> String = "a decimal such as 72, -0.5 or 1e-5"
    ) throws(ParameterError) -> Given? {
        if let read = parameters.readNumber(parameter) { return Self.given(read) }
        guard let text = try parameters.value(parameter) else { return nil }
        return try number(parameter, text: text, accepted: accepted())
    }

    /// A number read from a source, as it is (`-0` is `0`), with its text as a label writes it.
    private static func given(_ read: ReadNumber) -> Given {
        let number = read.number == 0 ? 0 : read.number
        return Given(number: number, text: NumberText.plain(number), source: read.source)
    }

    /// `text`, already read from `parameter`, as a finite decimal.
    private func number(
        _ parameter: String, text: String, accepted: @autoclosure () -> String
    ) throws(ParameterError) -> Given {
        switch CanonicalNumber.parse(text) {
        case .success(let number):
            return Given(number: number, text: text)
        case .failure(.notANumber):
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "is not a number (accepted: \(accepted()))")
        case .failure(.notFinite):
            throw ParameterError(
                parameter: parameter, value: ParameterError.shown(text),
                reason: "is not a finite number (accepted: \(accepted()))")
        }
    }

    /// A finite decimal within `range`; `note` explains a range that depends on another parameter.
    func number(
        of parameter: String, in range: ClosedRange<Double>, note: @autoclosure () -> String = ""
    ) throws(ParameterError)
        -> Given?
    {
        guard let given = try number(of: parameter, accepted: Self.text(range)) else { return nil }
        guard range.contains(given.number) else {
            throw ParameterError(
                parameter: parameter, value: given.shown,
                reason: "is out of range \(Self.text(range))\(note())")
        }
        return given
    }

    /// An integer within `range`; `128.0` and `1.28e2` are the integer 128, `128.5` is refused.
    func integer(of parameter: String, in range: ClosedRange<Int>) throws(ParameterError) -> Int? {
        var rangeText: String { "\(range.lowerBound)…\(range.upperBound)" }
        guard let given = try number(of: parameter, accepted: "an integer \(rangeText)") else { return nil }
        guard given.number == given.number.rounded(.towardZero) else {
            throw ParameterError(
                parameter: parameter, value: given.shown,
                reason: "is not an integer (accepted: \(rangeText))")
        }
        // Compare as Doubles first: converting 1e300 to Int would trap.
        guard given.number >= Double(range.lowerBound), given.number <= Double(range.upperBound) else {
            throw ParameterError(
                parameter: parameter, value: given.shown, reason: "is out of range \(rangeText)")
        }
        return Int(given.number)
    }

    /// A color (see `RGBAColor.parse(_:)`).
    func color(of parameter: String) throws(ParameterError) -> RGBAColor? {
        guard let text = try parameters.value(parameter) else { return nil }
        guard let color = RGBAColor.parse(text) else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "is not a color (accepted: \(RGBAColor.acceptedForms))")
        }
        return color
    }

    /// A color or `none` (any case): `.some(nil)` is `none`, `nil` is absent.
    func colorOrNone(of parameter: String) throws(ParameterError) -> RGBAColor?? {
        guard let text = try parameters.value(parameter) else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        guard let color = RGBAColor.parse(text) else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "is not a color (accepted: none, \(RGBAColor.acceptedForms))")
        }
        return color
    }

    /// What a list of values accepts, for error messages.
    static let valueListAccepted = "1…\(RingSpec.Limits.rings) decimals separated by commas, such as 30,60,90"

    /// One number per ring: `72`, or `30,60,90` for several rings (at most `RingSpec.Limits.rings`): the first
    /// and the rest (empty for one ring, so a single value costs no array). A value without a comma reads exactly as
    /// `number(_:)` does, messages included.
    func numberList(_ parameter: String) throws(ParameterError) -> (first: Given, more: [Given])? {
        if let read = parameters.readNumber(parameter) { return (Self.given(read), []) }
        guard let text = try parameters.value(parameter) else { return nil }
        guard text.utf8.contains(UInt8(ascii: ",")) else {
            return (try number(parameter, text: text, accepted: "a decimal such as 72, -0.5 or 1e-5"), [])
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= RingSpec.Limits.rings else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "lists \(items.count) values (accepted: \(Self.valueListAccepted))")
        }
        var list: [Given] = []
        for item in items {
            switch CanonicalNumber.parse(item) {
            case .success(let number):
                list.append(Given(number: number, text: String(item)))
            case .failure(.notANumber):
                throw ParameterError(
                    parameter: parameter, value: ParameterError.quoted(text),
                    reason: "has \(ParameterError.quoted(item)), which is not a number "
                        + "(accepted: \(Self.valueListAccepted))")
            case .failure(.notFinite):
                throw ParameterError(
                    parameter: parameter, value: ParameterError.quoted(text),
                    reason: "has \(ParameterError.shown(item)), which is not a finite number")
            }
        }
        return (list[0], Array(list.dropFirst()))
    }

    /// Colors given for several rings: one for all, or one for each.
    enum ColorList {
        case one(RGBAColor?)
        case each([RGBAColor?])

        /// The color of ring `index`.
        subscript(index: Int) -> RGBAColor? {
            switch self {
            case .one(let color): color
            case .each(let colors): colors[index]
            }
        }
    }

    /// One color (or `none`, where `allowsNone`) for every one of `rings` rings: a single item for all, or a list
    /// of exactly `rings` items, where `nil` stands for `none`.
    func colorList(of parameter: String, rings: Int, allowsNone: Bool) throws(ParameterError) -> ColorList? {
        guard let text = try parameters.value(parameter) else { return nil }
        let accepted = allowsNone ? "none, \(RGBAColor.acceptedForms)" : RGBAColor.acceptedForms
        func item(_ piece: Substring, inList: Bool) throws(ParameterError) -> RGBAColor? {
            if allowsNone && piece.lowercased() == "none" { return nil }
            if let color = RGBAColor.parse(piece) { return color }
            let reason =
                inList
                ? "has \(ParameterError.quoted(piece)), which is not a color (accepted: \(accepted))"
                : "is not a color (accepted: \(accepted))"
            throw ParameterError(parameter: parameter, value: ParameterError.quoted(text), reason: reason)
        }
        guard text.utf8.contains(UInt8(ascii: ",")) else { return .one(try item(Substring(text), inList: false)) }
        let pieces = RGBAColor.listItems(Substring(text))
        if pieces.count == 1 { return .one(try item(Substring(text), inList: false)) }
        guard pieces.count == rings else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "lists \(pieces.count) colors for \(rings) \(rings == 1 ? "ring" : "rings") "
                    + "(accepted: one for every value, or one for all)")
        }
        var list: [RGBAColor?] = []
        for piece in pieces { list.append(try item(piece, inList: true)) }
        return .each(list)
    }

    /// `percent:color` pairs, or `value:color` pairs of `min…max` with `thresholdsMode=absolute` (see
    /// `Thresholds.parse(_:parameter:absolute:)`); `nil` when none are given or every absolute step lies above `max`.
    func thresholds(min: Double, max: Double) throws(ParameterError) -> Thresholds? {
        guard let text = try parameters.value("thresholds") else { return nil }
        let absolute = try thresholdsMode() == .absolute
        let thresholds = try Thresholds.parse(text, parameter: "thresholds", absolute: absolute ? (min, max) : nil)
        return thresholds.steps.isEmpty ? nil : thresholds
    }

    /// A `value` read from a source as `null` or NaN.
    var missingRead: ValueMap.Match? { parameters.readNumber("value")?.missing }

    /// A `value` written `null` or `nan` in the URL (to show a mapping of it), looked at only where reading it as a
    /// number failed with `error`, which is thrown again for any other text: a number costs nothing more.
    func missingWritten(after error: ParameterError) throws(ParameterError) -> ValueMap.Match {
        switch try parameters.value("value") {
        case "null": return .null
        case "nan": return .nan
        default: throw error
        }
    }

    /// Refuses a `null` or `nan` value that `map` has no item for, naming the source that read it, or `value`.
    func checkMissingValue(_ missing: ValueMap.Match?, map: ValueMap?) throws(ParameterError) {
        guard let missing, map?.item(forMissing: missing) == nil else { return }
        let source = parameters.readNumber("value")?.source
        throw ParameterError(
            parameter: source ?? "value", value: source == nil ? ParameterError.quoted(missing.text) : "",
            reason: source == nil
                ? "is not a number (accepted: a decimal such as 72, -0.5 or 1e-5; null or nan only with a map item "
                    + "for it, such as map=\(missing.text):no%20data)"
                : "read \(missing.text), which no map item shows (add one, such as map=\(missing.text):no%20data)")
    }

    /// `map`: value mappings (see `ValueMap.parse`).
    func valueMap() throws(ParameterError) -> ValueMap? {
        guard let text = try parameters.value("map") else { return nil }
        return try ValueMap.parse(text)
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

    /// One of the keyword's cases, spelled exactly (`round`, not `Round`).
    func keyword<Keyword: RawRepresentable & CaseIterable>(
        of parameter: String, as type: Keyword.Type
    )
        throws(ParameterError) -> Keyword? where Keyword.RawValue == String
    {
        guard let text = try parameters.value(parameter) else { return nil }
        guard let keyword = Keyword(rawValue: text) else {
            let accepted = Keyword.allCases.map(\.rawValue).joined(separator: ", ")
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text), reason: "is not one of \(accepted)")
        }
        return keyword
    }

    /// The centre text: `auto`, `none` (or empty), or a template whose `{…}` placeholders are all known.
    func label() throws(ParameterError) -> RingSpec.Label? {
        guard let text = try self.text(of: "label", maximumLength: RingSpec.Limits.labelLength, allowsEmpty: true)
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
                parameter: "label", value: ParameterError.quoted(text),
                reason: "has an unknown placeholder {\(ParameterError.shown(unknown))} (accepted: \(accepted))")
        }
        return .template(text)
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

    static func text(_ range: ClosedRange<Double>) -> String {
        "\(CanonicalNumber.text(range.lowerBound))…\(CanonicalNumber.text(range.upperBound))"
    }
}
