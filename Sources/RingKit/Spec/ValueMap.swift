/// Value mappings (`map`): a value, an inclusive range, or a value that could not be read, shown as a text and
/// optionally in a color, as Grafana's value mappings do: `0:down:red,1:up:green`, `0..50:degraded:orange`,
/// `null:no data`. The first item that matches the value as read (before clamping) wins.
public struct ValueMap: Sendable, Hashable {
    /// What an item matches.
    public enum Match: Sendable, Hashable {
        case value(Double)
        /// Inclusive at both ends.
        case range(Double, Double)
        /// A live or stored value that read `null`.
        case null
        /// A live or stored value that read NaN.
        case nan
        /// A value that read `+Inf` or `-Inf`, as Prometheus writes them.
        case inf, negativeInf
        /// A live source that could not be read at all (no last reading to show).
        case error

        func matches(_ x: Double) -> Bool {
            switch self {
            case .value(let v): x == v
            case .range(let low, let high): x >= low && x <= high
            case .null, .nan, .inf, .negativeInf, .error: false
            }
        }

        public var text: String {
            switch self {
            case .value(let v): CanonicalNumber.text(v)
            case .range(let low, let high): CanonicalNumber.text(low) + ".." + CanonicalNumber.text(high)
            case .null: "null"
            case .nan: "nan"
            case .inf: "inf"
            case .negativeInf: "-inf"
            case .error: "error"
            }
        }
    }

    public struct Item: Sendable, Hashable {
        public var match: Match
        public var text: String
        public var color: RGBAColor?
    }

    public var items: [Item]

    /// The most items one parameter may list, and the longest text of one.
    public static let maximumItems = 16
    public static let textLength = 40

    // Short: a refusal quotes the value and the item as well, and a message stays under 300 characters.
    static let accepted =
        "up to 16 MATCH:TEXT[:COLOR], MATCH a number, low..high, null, nan, inf, -inf or error"

    /// The item that `value` matches first, if any.
    public func item(for value: Double) -> Item? { items.first { $0.match.matches(value) } }

    /// The item for a value that could not be read (`null`, NaN, an infinity, a failed source), if any.
    public func item(forMissing match: Match) -> Item? { items.first { $0.match == match } }

    /// The canonical text: `0:down:ff0000,1:up:008000,0..50:degraded`, the texts percent-encoded. It parses back to
    /// the same map.
    public var canonicalText: String {
        items.map { item in
            var text = item.match.text + ":" + PercentDecoding.encode(item.text)
            if let color = item.color { text += ":" + String(color.hex.dropFirst()) }
            return text
        }.joined(separator: ",")
    }

    /// Reads `map`'s items (already percent-decoded). Errors name `map` and the item at fault.
    static func parse(_ whole: String, names: RGBAColor.Names = .css) throws(ParameterError) -> ValueMap {
        func refuse(_ reason: String) -> ParameterError {
            ParameterError(
                parameter: "map", value: ParameterError.quoted(whole), reason: "\(reason) (accepted: \(accepted))")
        }
        guard !whole.isEmpty else { throw refuse("is empty") }
        let pieces = RGBAColor.listItems(Substring(whole))
        guard pieces.count <= maximumItems else { throw refuse("has \(pieces.count) items") }
        var items: [Item] = []
        for piece in pieces {
            let shown = ParameterError.quoted(piece)
            let parts = piece.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2 else { throw refuse("has \(shown), which is not MATCH:TEXT") }
            let match = try Self.match(parts[0], item: shown, refuse: refuse)
            let text = parts[1]
            guard !text.isEmpty else { throw refuse("has \(shown), whose text is empty") }
            try ParameterReader.checkText(text, of: "map", maximumLength: textLength, shown: whole)
            var color: RGBAColor?
            if parts.count == 3 {
                guard let parsed = RGBAColor.parse(parts[2], names: names) else {
                    throw refuse("has \(shown), whose color \(ParameterError.quoted(parts[2])) is not a color")
                }
                color = parsed
            }
            for other in items where Self.overlap(other.match, match) {
                throw refuse(
                    "has \(shown), which repeats or overlaps the earlier \(ParameterError.shown(other.match.text))")
            }
            items.append(Item(match: match, text: String(text), color: color))
        }
        return ValueMap(items: items)
    }

    private static func match(
        _ text: Substring, item: String, refuse: (String) -> ParameterError
    ) throws(ParameterError) -> Match {
        if let special = special(text) { return special }
        func number(_ part: Substring) throws(ParameterError) -> Double {
            guard case .success(let x) = CanonicalNumber.parse(part) else {
                throw refuse(
                    "has \(item), whose match \(ParameterError.quoted(part)) is not a MATCH")
            }
            return x
        }
        guard let dots = text.firstRange(of: "..") else { return .value(try number(text)) }
        let low = try number(text[..<dots.lowerBound])
        let high = try number(text[dots.upperBound...])
        guard low <= high else { throw refuse("has \(item), whose range is reversed (low..high)") }
        return .range(low, high)
    }

    /// The special value `text` names, as a URL or a map writes it: `null`, `nan` (`NaN`, as Prometheus writes it),
    /// `inf` (`+Inf`, `Inf`; ` Inf` where a `+` sent unencoded was read as a space), `-inf` (`-Inf`) and `error`.
    static func special(_ text: some StringProtocol) -> Match? {
        switch text {
        case "null": .null
        case "nan", "NaN": .nan
        case "inf", "Inf", "+inf", "+Inf", " inf", " Inf": .inf
        case "-inf", "-Inf": .negativeInf
        case "error": .error
        default: nil
        }
    }

    /// Whether `later` could only match values that `earlier` already takes, or shares values with it: the same
    /// match, two ranges that share a value, or a value inside an earlier range (never reached). A value listed
    /// before a range that holds it is the way to single it out, and is kept.
    private static func overlap(_ earlier: Match, _ later: Match) -> Bool {
        switch (earlier, later) {
        case (.range(let l1, let h1), .range(let l2, let h2)): l1 <= h2 && l2 <= h1
        case (.range, .value(let v)): earlier.matches(v)
        default: earlier == later
        }
    }
}
