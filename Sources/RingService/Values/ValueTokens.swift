import StoredValues
import StrictJSON
import TokenIssuers

/// Who may write which stored values: name patterns and the SHA-256 digests of their tokens. The server never holds
/// a token, only digests: a presented token is hashed and compared with every digest, in time that does not depend
/// on where the bytes differ nor on which grant matched.
struct ValueTokens: Sendable {
    struct Grant: Sendable {
        /// A name, or a prefix followed by `*` (`ci.*`; `*` alone is every name).
        let pattern: String
        let digest: [UInt8]
    }

    /// What a token may do with a name.
    enum Decision: Equatable {
        case allowed
        /// No grant has this token: 401.
        case unknownToken
        /// The token is known but no grant of it covers the name: 403.
        case notAllowed
    }

    let grants: [Grant]

    /// Grants from settings already checked by `parse`.
    init(_ settings: [String: [String]]) {
        grants = settings.sorted { $0.key < $1.key }.flatMap { pattern, digests in
            digests.compactMap { digest in Self.digestBytes(digest).map { Grant(pattern: pattern, digest: $0) } }
        }
    }

    func decide(token: [UInt8], name: String) -> Decision {
        let digest = SHA256.digest(token)
        var known = false
        var allowed = false
        for grant in grants {
            let match = SHA256.equal(digest, grant.digest)
            known = known || match
            allowed = allowed || (match && Self.matches(grant.pattern, name))
        }
        return allowed ? .allowed : known ? .notAllowed : .unknownToken
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        guard pattern.hasSuffix("*") else { return pattern == name }
        return name.hasPrefix(pattern.dropLast())
    }

    /// Compares every byte whatever the first difference.
    /// The 32 bytes of `sha256:` and 64 hex digits; nil for anything else.
    static func digestBytes(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("sha256:") else { return nil }
        let hex = Array(text.utf8.dropFirst(7))
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for i in stride(from: 0, to: 64, by: 2) {
            guard let high = hexValue(hex[i]), let low = hexValue(hex[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The configuration line of a token: `sha256:` and the hex digest of its bytes.
    static func digestText(of token: [UInt8]) -> String {
        "sha256:" + SHA256.digest(token).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// What is wrong with a name pattern, or nil.
    static func patternProblem(_ pattern: String) -> String? {
        let prefix = pattern.hasSuffix("*")
        // A prefix may end in a dot (`ci.*`): the names it matches go on after it.
        let name = prefix ? String(pattern.dropLast()) + "x" : pattern
        guard pattern != "*", let problem = ValueName.problem(name) else { return nil }
        return "\(ConfigurationSetting.quoted(pattern)) is not a name pattern: it \(problem) (accepted: a name, a "
            + "prefix and *, or *)"
    }

    /// Reads `valueTokens`: an object of pattern → digest or list of digests, each checked.
    static func parse(_ json: JSONValue) -> Result<[String: [String]], LiveSettingsJSON.Problem> {
        guard case .object(let members) = json else { return .failure(.init("not an object")) }
        var tokens: [String: [String]] = [:]
        for member in members {
            let pattern = member.key
            if let problem = patternProblem(pattern) { return .failure(.init(problem)) }
            let items: [JSONValue]
            switch member.value {
            case .array(let list) where !list.isEmpty: items = list
            default: items = [member.value]
            }
            var digests: [String] = []
            for item in items {
                guard case .string(let digest) = item, digestBytes(digest) != nil else {
                    return .failure(
                        .init(
                            "\(ConfigurationSetting.quoted(pattern)) is not \"sha256:\" and 64 hex digits, or a list "
                                + "of them (progress-rings token prints one; the server keeps digests, never tokens)"))
                }
                digests.append(digest.lowercased())
            }
            tokens[pattern] = digests
        }
        return .success(tokens)
    }

    /// A pattern of one digest is written as a string, of several as a list.
    static func json(_ tokens: [String: [String]]) -> JSONValue {
        .object(
            tokens.sorted { $0.key < $1.key }.map {
                JSONValue.Member(
                    key: $0.key,
                    value: $0.value.count == 1 ? .string($0.value[0]) : .array($0.value.map { .string($0) }))
            })
    }

    /// Reads `valueIssuers`, its name patterns checked as `valueTokens`' are.
    static func parseIssuers(_ json: JSONValue) -> Result<[IssuerSettings], LiveSettingsJSON.Problem> {
        IssuerSettings.parse(json, patternProblem: patternProblem).mapError { .init($0.reason) }
    }
}

extension RingService {
    /// The `valueTokens` digest of a token: `sha256:` and 64 hex digits.
    public static func valueTokenDigest(_ token: [UInt8]) -> String { ValueTokens.digestText(of: token) }

    /// What is wrong with a `valueTokens` name pattern, or nil.
    public static func valueTokenPatternProblem(_ pattern: String) -> String? { ValueTokens.patternProblem(pattern) }
}
