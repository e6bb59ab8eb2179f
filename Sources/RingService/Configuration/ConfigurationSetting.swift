import FoundationEssentials
import Glibc
import RingKit
import StrictJSON

/// One setting: its name, what it means, what it accepts, and how it reads and writes a configuration.
/// The one table of settings drives the JSON file, the environment variables, the flags and `--print-config`.
struct ConfigurationSetting: Sendable {
    enum Kind: Sendable {
        /// An address literal the transport can bind.
        case text
        case integer(ClosedRange<Int>)
        case integerChoice([Int])
        case seconds(ClosedRange<Double>)
        case choice([String])
        /// `true` or `false`.
        case flag
        /// A file's path; empty for none.
        case path
        /// How old a value may be before it is drawn stale: `30d`, `12h`, or `off` (`StaleLook.after`).
        case staleAfter
        /// Words: a JSON array of strings in a file, comma-separated in the environment and on the command line.
        case list
        /// A JSON object (JSON text in the environment and on the command line), its shape described by
        /// `accepted` and checked by `check`, which names what is wrong.
        case object(accepted: String, check: @Sendable (JSONValue) -> LiveSettingsJSON.Problem?)
    }

    enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int)
        case seconds(Double)
        case bool(Bool)
        case list([String])
        case json(JSONValue)
    }

    let name: String
    let doc: String
    let kind: Kind
    let get: @Sendable (ServiceConfiguration) -> Value
    let set: @Sendable (inout ServiceConfiguration, Value) -> Void
    /// Whether a refusal may quote the value given: not where it could be a secret written in the wrong place.
    var quotesValue = true

    /// `cacheBytes` → `PROGRESS_RINGS_CACHE_BYTES`, `liveCAFile` → `PROGRESS_RINGS_LIVE_CA_FILE`.
    var environmentName: String { "PROGRESS_RINGS_" + words.map { $0.uppercased() }.joined(separator: "_") }

    /// `cacheBytes` → `--cache-bytes`, `liveTTL` → `--live-ttl`.
    var flagName: String { "--" + words.map { $0.lowercased() }.joined(separator: "-") }

    /// The name's words: a capital starts one, and a run of capitals is one (an initialism: `TTL`, `CA`).
    var words: [String] {
        let characters = Array(name)
        var words: [String] = []
        var word = ""
        for (i, ch) in characters.enumerated() {
            let previous = i > 0 ? characters[i - 1] : nil
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            let startsWord =
                ch.isUppercase
                && (previous.map { !$0.isUppercase } ?? false
                    || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord && !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(ch)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// What the setting accepts, for messages and help.
    var accepted: String {
        switch kind {
        case .text: "an IPv4 or IPv6 address literal such as 127.0.0.1, 0.0.0.0, ::1 or ::"
        case .integer(let range): "an integer in \(range.lowerBound)…\(range.upperBound)"
        case .integerChoice(let values): values.map(String.init).joined(separator: " or ")
        case .seconds(let range): "seconds in \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))"
        case .choice(let values): values.joined(separator: ", ")
        case .flag: "true or false"
        case .path: "a file path, or empty for none"
        case .staleAfter: StaleLook.acceptedAfter
        case .list: "a list of words (a JSON array of strings in a file, comma-separated elsewhere)"
        case .object(let accepted, _): accepted
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
        case .flag:
            guard let b = Bool(text) else { throw refusal(text, from: source) }
            return .bool(b)
        case .path:
            guard !text.utf8.contains(0) else { throw refusal(text, from: source) }
            return .text(text)
        case .staleAfter:
            guard StaleLook.after(text) != nil else { throw refusal(text, from: source) }
            return .text(text)
        case .list:
            let words = text.split(separator: ",").map { word in
                String(word.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }
            return .list(words.filter { !$0.isEmpty })
        case .object:
            let json: JSONValue
            do {
                json = try StrictJSON.parse(Array(text.utf8))
            } catch {
                throw ConfigurationError("\(name): not JSON (from \(source)): \(error.message)")
            }
            return try convert(json, from: source)
        }
    }

    /// Whether the text is an IPv4 or IPv6 address the transport can bind (it does not resolve names).
    static func isAddressLiteral(_ text: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// Reads a JSON value from a configuration file (or a structured setting's JSON text).
    func convert(_ json: JSONValue, from source: String) throws(ConfigurationError) -> Value {
        switch (kind, json) {
        case (.text, .string(let s)), (.choice, .string(let s)), (.path, .string(let s)), (.list, .string(let s)),
            (.staleAfter, .string(let s)):
            return try parse(s, from: source)
        case (.integer, .number(let number)), (.integerChoice, .number(let number)), (.seconds, .number(let number)):
            let d = number.double
            // Beyond a double's range: the text written, not `inf`.
            guard d.isFinite else { throw refusal(number.text, from: source) }
            // Whole numbers print without a fraction so `8080` and `8080.0` both read as an integer.
            let text = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
            return try parse(text, from: source)
        case (.flag, .bool(let b)):
            return .bool(b)
        case (.list, .array(let items)):
            var words: [String] = []
            for item in items {
                guard case .string(let word) = item, !word.isEmpty else {
                    throw refusal(json.json, from: source, because: "\(item.json) is not a non-empty string")
                }
                words.append(word)
            }
            return .list(words)
        case (.object(_, let check), .object):
            guard let problem = check(json) else { return .json(json) }
            if problem.path.isEmpty, problem.holdsSecret {
                // The value may be a secret written where it must not be: the message does not repeat it.
                throw ConfigurationError(
                    "\(name): not accepted (from \(source)): \(problem.message); expected \(accepted)")
            }
            if problem.path.isEmpty { throw refusal(json.json, from: source, because: problem.message) }
            throw ConfigurationError(
                Self.unknownField(at: [name] + problem.path, accepted: problem.accepted, from: source))
        default:
            throw refusal(json.description, from: source)
        }
    }

    func refusal(_ value: String, from source: String, because reason: String? = nil) -> ConfigurationError {
        let why = reason.map { ": \($0)" } ?? ""
        let shown = quotesValue ? Self.quoted(value) : "the value"
        return ConfigurationError("\(name): \(shown) is not accepted (from \(source))\(why); expected \(accepted)")
    }

    /// The value as JSON text.
    static func json(_ value: Value) -> String {
        switch value {
        case .text(let s): jsonString(s)
        case .integer(let n): String(n)
        case .seconds(let s): format(s)
        case .bool(let b): String(b)
        case .list(let words): "[" + words.map(jsonString).joined(separator: ", ") + "]"
        case .json(let json): json.json
        }
    }

    static func format(_ d: Double) -> String {
        JSONNumber.format(d)
    }

    static func jsonString(_ s: String) -> String { StrictJSON.string(s) }

    /// A value shown in a message: quoted, control characters escaped, at most 60 characters.
    static func quoted(_ s: String) -> String { StrictJSON.quoted(s) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
