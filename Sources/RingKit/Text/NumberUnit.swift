/// The unit a label writes values in (`unit`): a name from Grafana's list of value formats, or a custom text around
/// the number. With a unit, `label=auto` shows the value in it and `{value}`, `{min}`, `{max}` are written in it.
public struct NumberUnit: Sendable, Hashable {
    /// How the number is scaled and what is written beside it.
    enum Kind: Sendable, Hashable {
        /// A percentage (`percent`), or a fraction 0…1 shown as one (`percentunit`): the percentage rules.
        case percent(fraction: Bool)
        /// Steps of 1024 with binary prefixes (`1.5 KiB`).
        case binary(symbol: String)
        /// Steps of 1000 with decimal prefixes from k upwards (`1.5 MB`, `12.5 Mb/s`).
        case decimal(symbol: String)
        /// SI prefixes both ways, p to E (`1.5 kW`, `350 mW`).
        case si(symbol: String)
        /// A count: K, M, B, T and no space before them, then the text after (`12.5K req/s`).
        case count(after: String)
        /// A duration given in the unit at `base` of `DurationScale.units`, scaled both ways (`350 ms`, `1.5 min`).
        case duration(base: Int)
        /// The number as read, with a text before or after it (`$12.5`, `12 widgets`).
        case affix(before: String, after: String)
    }

    /// The text given, which is also its canonical form (`bytes`, `si:W`, `prefix:$`).
    public let name: String
    let kind: Kind

    /// The named units, in the order the docs list them.
    static let named: [(String, Kind)] = [
        ("percent", .percent(fraction: false)), ("percentunit", .percent(fraction: true)),
        ("bytes", .binary(symbol: "B")), ("decbytes", .decimal(symbol: "B")),
        ("bits", .binary(symbol: "b")), ("decbits", .decimal(symbol: "b")),
        ("Bps", .decimal(symbol: "B/s")), ("bps", .decimal(symbol: "b/s")),
        ("ns", .duration(base: 0)), ("us", .duration(base: 1)), ("ms", .duration(base: 2)), ("s", .duration(base: 3)),
        ("reqps", .count(after: " req/s")), ("ops", .count(after: " ops/s")), ("short", .count(after: "")),
        // Grafana's `none`: the number as read, no text beside it (and `decimals` rounds it).
        ("none", .affix(before: "", after: "")),
    ]

    /// The custom forms: `prefix:TEXT`, `suffix:TEXT`, `si:TEXT`.
    static let customForms = ["prefix", "suffix", "si"]

    /// The accepted texts, as a message lists them.
    public static var accepted: String {
        named.map(\.0).joined(separator: ", ") + ", or " + customForms.map { "\($0):TEXT" }.joined(separator: ", ")
    }

    /// The longest custom text, in characters as a reader counts them.
    public static let customLength = 16

    /// The unit `text` names; custom texts must already have passed the checks of free text.
    static func parse(_ text: String) throws(ParameterError) -> NumberUnit {
        if let named = named.first(where: { $0.0 == text }) { return NumberUnit(name: text, kind: named.1) }
        guard let colon = text.firstIndex(of: ":"), customForms.contains(String(text[..<colon])) else {
            throw ParameterError(
                parameter: "unit", value: ParameterError.quoted(text), reason: "is not a unit (accepted: \(accepted))")
        }
        let form = text[..<colon]
        let custom = String(text[text.index(after: colon)...])
        guard !custom.isEmpty, custom.count <= customLength, custom.contains(where: { !$0.isWhitespace }) else {
            throw ParameterError(
                parameter: "unit", value: ParameterError.quoted(text),
                reason: "has \(custom.isEmpty ? "no" : "a blank or too long") text after \(form): (accepted: "
                    + "1…\(customLength) characters, such as \(form):\(form == "si" ? "W" : "$"))")
        }
        let kind: Kind =
            switch form {
            case "prefix": .affix(before: custom, after: "")
            case "suffix": .affix(before: "", after: custom)
            default: .si(symbol: custom)
            }
        return NumberUnit(name: text, kind: kind)
    }

    /// Whether the unit writes percentages (`percent`, `percentunit`), which keep the percentage rules.
    var isPercent: Bool {
        if case .percent = kind { return true }
        return false
    }
}

/// The duration units, smallest first, with their length in seconds.
enum DurationScale {
    static let units: [(name: String, size: Double)] = [
        ("ns", 1e-9), ("µs", 1e-6), ("ms", 1e-3), ("s", 1), ("min", 60), ("h", 3600), ("d", 86400),
    ]
}
