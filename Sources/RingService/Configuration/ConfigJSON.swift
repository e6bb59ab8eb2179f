import FoundationEssentials
import StrictJSON

/// A JSON value as a configuration holds it: a setting's value in the file, or the JSON text of a structured
/// setting (`liveSources`, `prometheusServers`) in an environment variable or a flag. Objects keep the order they
/// were written in (the first Prometheus server is the default one), which `JSONDecoder` does not report: `read`
/// takes it from `StrictJSON`'s scan of the same bytes.
indirect enum ConfigJSON: Sendable, Hashable, Decodable, CustomStringConvertible {
    struct Member: Sendable, Hashable {
        let key: String
        let value: ConfigJSON
    }

    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([ConfigJSON])
    case object([Member])

    /// The object's members in the order they were written, found by their path from the document's root.
    struct KeyOrder: Sendable {
        let keys: [[String]: [String]]
    }

    static let keyOrderKey = CodingUserInfoKey(rawValue: "progress-rings.keyOrder")!

    /// Checks `bytes` as strict JSON (`StrictJSON.Problem` names the line) and decodes them with key order kept.
    static func read<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let order = try StrictJSON.check(bytes)
        let decoder = JSONDecoder()
        decoder.userInfo[keyOrderKey] = KeyOrder(keys: order)
        return try decoder.decode(type, from: Data(bytes))
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            let path = decoder.codingPath.map(\.stringValue)
            let written = (decoder.userInfo[Self.keyOrderKey] as? KeyOrder)?.keys[path] ?? []
            let rank = Dictionary(written.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            // Written order where the scan saw the key as decoded (keys with escapes fall back to sorted order).
            let keys = object.allKeys.map(\.stringValue).sorted {
                (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1)
            }
            self = .object(
                try keys.map {
                    Member(key: $0, value: try object.decode(ConfigJSON.self, forKey: Key(stringValue: $0)))
                })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [ConfigJSON] = []
            while !array.isAtEnd { items.append(try array.decode(ConfigJSON.self)) }
            self = .array(items)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let b = try? container.decode(Bool.self) {
                self = .bool(b)
            } else if let d = try? container.decode(Double.self) {
                self = .number(d)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    /// The member named `key` of an object; nil for anything else.
    subscript(key: String) -> ConfigJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as JSON text on one line, object members in their order.
    var json: String {
        switch self {
        case .number(let d): ConfigurationSetting.format(d)
        case .string(let s): ConfigurationSetting.jsonString(s)
        case .bool(let b): String(b)
        case .null: "null"
        case .array(let items): "[" + items.map(\.json).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { ConfigurationSetting.jsonString($0.key) + ": " + $0.value.json }.joined(separator: ", ")
                + "}"
        }
    }

    /// How a message shows the value: a string without quotes, anything else as JSON.
    var description: String {
        if case .string(let s) = self { return s }
        return json
    }

    /// What the value is, for messages: "a string", "an object".
    var kindName: String {
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
