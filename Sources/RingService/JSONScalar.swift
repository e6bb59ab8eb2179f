/// A JSON number or string, as a configuration file holds a setting's value.
enum JSONScalar: Decodable, Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case other(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let d = try? container.decode(Double.self) {
            self = .number(d)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let b = try? container.decode(Bool.self) {
            self = .other(String(b))
        } else if container.decodeNil() {
            self = .other("null")
        } else {
            self = .other("an object or array")
        }
    }

    var description: String {
        switch self {
        case .number(let d): ConfigurationSetting.format(d)
        case .string(let s): s
        case .other(let s): s
        }
    }
}
