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
    /// `min` and `max` where the query leaves them out: a ring's and a bar's 0 and 100, a sparkline's the range of
    /// its points.
    var boundsDefaults: (min: Double, max: Double) = (0, 100)
    /// Whose meaning color names have: shields' on badges, CSS's elsewhere.
    var colorNames = RGBAColor.Names.css

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
    static func given(_ read: ReadNumber) -> Given {
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
        guard let color = RGBAColor.parse(text, names: colorNames) else {
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
        guard let color = RGBAColor.parse(text, names: colorNames) else {
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
            let number = try Self.listItem(item, of: parameter, in: text, accepted: Self.valueListAccepted)
            list.append(Given(number: number, text: String(item)))
        }
        return (list[0], Array(list.dropFirst()))
    }

    /// One item of the comma-separated `text` given to `parameter`, as a finite decimal; `accepted` is what the
    /// message says the list takes.
    static func listItem(
        _ item: Substring, of parameter: String, in text: String, accepted: @autoclosure () -> String
    ) throws(ParameterError) -> Double {
        // A list of one item is named once, as a single number is: its message then has room for what is
        // accepted in the X-Error header, where each character outside ASCII takes up to 12 bytes.
        let whole = item.utf8.count == text.utf8.count
        switch CanonicalNumber.parse(item) {
        case .success(let number):
            return number
        case .failure(.notANumber) where whole:
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "is not a number (accepted: \(accepted()))")
        case .failure(.notFinite) where whole:
            throw ParameterError(
                parameter: parameter, value: ParameterError.shown(text),
                reason: "is not a finite number (accepted: \(accepted()))")
        case .failure(.notANumber):
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "has \(ParameterError.quoted(item)), which is not a number (accepted: \(accepted()))")
        case .failure(.notFinite):
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "has \(ParameterError.shown(item)), which is not a finite number (accepted: \(accepted()))")
        }
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

    static func text(_ range: ClosedRange<Double>) -> String {
        "\(CanonicalNumber.text(range.lowerBound))…\(CanonicalNumber.text(range.upperBound))"
    }
}
