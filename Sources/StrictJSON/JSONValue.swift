/// A JSON document as `StrictJSON.parse` reads it in one pass: objects keep their members in the order written (the
/// first Prometheus server is the default one), numbers keep their text (read as a `Double` when asked, so `8080`
/// and `1.5e3` read as `JSONDecoder` read them), and no object holds a key twice.
public indirect enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    /// One member of an object: its key (escapes decoded) and its value.
    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    case object([Member])
    case array([JSONValue])
    case string(String)
    case number(JSONNumber)
    case bool(Bool)
    case null

    /// The member named `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The text of a string; nil for anything else.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as JSON text on one line, object members in their order, whole numbers without a fraction (the text
    /// reads back as the same value).
    public var json: String {
        switch self {
        // A number beyond a double's range is written as it was: `inf` is not JSON.
        case .number(let n): n.double.isFinite ? JSONNumber.format(n.double) : n.text
        case .string(let s): StrictJSON.string(s)
        case .bool(let b): String(b)
        case .null: "null"
        case .array(let items): "[" + items.map(\.json).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { StrictJSON.string($0.key) + ": " + $0.value.json }.joined(separator: ", ") + "}"
        }
    }

    /// How a message shows the value: a string without quotes, anything else as JSON.
    public var description: String {
        if case .string(let s) = self { return s }
        return json
    }

    /// What the value is, for messages: "a string", "an object".
    public var kindName: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "true or false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension Array where Element == JSONValue.Member {
    /// The value of the member named `key` (an object holds each key once).
    public subscript(key: String) -> JSONValue? {
        for member in self where member.key == key { return member.value }
        return nil
    }
}

/// A JSON number as written (`8080`, `-0.5`, `1.5e3`): the text is kept, and read as a `Double` when asked, so a
/// document's numbers that nobody reads cost no conversion, and a number too long for a double is not an error until
/// it is read (`1e999` reads as infinity, which every reader refuses as not finite).
public struct JSONNumber: Sendable, Hashable {
    /// The number's text, checked against RFC 8259's grammar.
    public let text: String

    init(checkedText: String) { self.text = checkedText }

    /// A number made in code, written as `json` writes it.
    public init(_ value: Double) { self.text = Self.format(value) }

    /// The nearest double (infinite beyond a double's range).
    public var double: Double { Double(text) ?? .nan }

    /// Whole numbers without a fraction (`8080`, not `8080.0`), others as Swift writes them.
    public static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
