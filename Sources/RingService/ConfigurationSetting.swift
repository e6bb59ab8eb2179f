import FoundationEssentials
import Glibc

/// One setting: its name, what it means, what it accepts, and how it reads and writes a configuration.
/// The one table of settings drives the JSON file, the environment variables, the flags and `--print-config`.
struct ConfigurationSetting: Sendable {
    enum Kind: Sendable {
        case text
        case integer(ClosedRange<Int>)
        case integerChoice([Int])
        case seconds(ClosedRange<Double>)
        case choice([String])
    }

    enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int)
        case seconds(Double)
    }

    let name: String
    let doc: String
    let kind: Kind
    let get: @Sendable (ServiceConfiguration) -> Value
    let set: @Sendable (inout ServiceConfiguration, Value) -> Void

    /// `cacheBytes` → `PROGRESS_RINGS_CACHE_BYTES`.
    var environmentName: String {
        var out = "PROGRESS_RINGS_"
        for ch in name {
            if ch.isUppercase { out += "_" }
            out += ch.uppercased()
        }
        return out
    }

    /// `cacheBytes` → `--cache-bytes`.
    var flagName: String {
        var out = "--"
        for ch in name {
            if ch.isUppercase { out += "-" }
            out += ch.lowercased()
        }
        return out
    }

    /// What the setting accepts, for messages and help.
    var accepted: String {
        switch kind {
        case .text: "an IPv4 or IPv6 address literal such as 127.0.0.1, 0.0.0.0, ::1 or ::"
        case .integer(let range): "an integer in \(range.lowerBound)…\(range.upperBound)"
        case .integerChoice(let values): values.map(String.init).joined(separator: " or ")
        case .seconds(let range): "seconds in \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))"
        case .choice(let values): values.joined(separator: ", ")
        }
    }

    /// Reads text from an environment variable or a flag.
    func parse(_ text: String, from source: String) throws(ConfigurationError) -> Value {
        switch kind {
        case .text:
            guard Self.isAddressLiteral(text) else { throw refusal(text, from: source) }
            return .text(text)
        case .integer(let range):
            guard let n = Int(text), range.contains(n) else { throw refusal(text, from: source) }
            return .integer(n)
        case .integerChoice(let values):
            guard let n = Int(text), values.contains(n) else { throw refusal(text, from: source) }
            return .integer(n)
        case .seconds(let range):
            guard let s = Double(text), s.isFinite, range.contains(s) else { throw refusal(text, from: source) }
            return .seconds(s)
        case .choice(let values):
            guard values.contains(text) else { throw refusal(text, from: source) }
            return .text(text)
        }
    }

    /// Whether the text is an IPv4 or IPv6 address the transport can bind (it does not resolve names).
    static func isAddressLiteral(_ text: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// Reads a JSON scalar from a configuration file.
    func convert(_ scalar: JSONScalar, from source: String) throws(ConfigurationError) -> Value {
        switch (kind, scalar) {
        case (.text, .string(let s)), (.choice, .string(let s)):
            return try parse(s, from: source)
        case (.integer, .number(let d)), (.integerChoice, .number(let d)), (.seconds, .number(let d)):
            // Whole numbers print without a fraction so `8080` and `8080.0` both read as an integer.
            let text = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
            return try parse(text, from: source)
        default:
            throw refusal(scalar.description, from: source)
        }
    }

    func refusal(_ value: String, from source: String) -> ConfigurationError {
        ConfigurationError("\(name): \(Self.quoted(value)) is not accepted (from \(source)); expected \(accepted)")
    }

    /// The value as JSON text.
    static func json(_ value: Value) -> String {
        switch value {
        case .text(let s): jsonString(s)
        case .integer(let n): String(n)
        case .seconds(let s): format(s)
        }
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A value shown in a message: quoted, control characters escaped, at most 60 characters.
    static func quoted(_ s: String) -> String {
        let short = s.count > 60 ? String(s.prefix(60)) + "…" : s
        return jsonString(short)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
