import Glibc
import StrictJSON

/// The claims a token must carry to write the names of one pattern: each listed claim must equal one of its
/// accepted values, read as fnmatch(3) globs (`acme/*`, `refs/heads/release-*`). A claim is matched when it is a
/// string (or a boolean, as `true` or `false`); a claim of any other kind, or absent, matches nothing.
public struct ClaimGrant: Sendable, Hashable {
    /// A value name, a prefix and `*`, or `*`.
    public let pattern: String
    /// Claim name → the accepted values (globs), in the order written.
    public let claims: [(name: String, accepted: [String])]

    public init(pattern: String, claims: [(name: String, accepted: [String])]) {
        self.pattern = pattern
        self.claims = claims
    }

    public static func == (a: ClaimGrant, b: ClaimGrant) -> Bool {
        a.pattern == b.pattern && a.claims.map(\.name) == b.claims.map(\.name)
            && a.claims.map(\.accepted) == b.claims.map(\.accepted)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        for claim in claims {
            hasher.combine(claim.name)
            hasher.combine(claim.accepted)
        }
    }

    /// Claims that say nothing about who is pushing: requiring only these would let any repository in.
    static let reserved: Set<String> = ["iss", "aud", "exp", "nbf", "iat", "jti"]

    static func parse(pattern: String, _ json: JSONValue) -> Result<ClaimGrant, SettingsProblem> {
        guard case .object(let members) = json, !members.isEmpty else {
            return .failure(
                "not an object of claim → value (a grant with no claim would let every token of the issuer in)")
        }
        var claims: [(name: String, accepted: [String])] = []
        for member in members {
            if reserved.contains(member.key) {
                return .failure("\(StrictJSON.string(member.key)) is checked by the issuer's settings, not here")
            }
            let values: [JSONValue]
            switch member.value {
            case .string: values = [member.value]
            case .array(let items) where !items.isEmpty: values = items
            default: return .failure("\(StrictJSON.string(member.key)) is not a string or an array of strings")
            }
            var accepted: [String] = []
            for value in values {
                guard let text = value.stringValue, !text.isEmpty, !text.utf8.contains(0) else {
                    return .failure("\(StrictJSON.string(member.key)) holds a value that is not a non-empty string")
                }
                guard text.contains(where: { $0 != "*" }) else {
                    return .failure("\(StrictJSON.string(member.key)): \(StrictJSON.string(text)) matches anything")
                }
                accepted.append(text)
            }
            claims.append((member.key, accepted))
        }
        return .success(ClaimGrant(pattern: pattern, claims: claims))
    }

    var json: JSONValue {
        .object(
            claims.map { claim in
                .init(
                    key: claim.name,
                    value: claim.accepted.count == 1
                        ? .string(claim.accepted[0]) : .array(claim.accepted.map { .string($0) }))
            })
    }

    /// Whether the pattern covers `name`.
    package func covers(_ name: String) -> Bool {
        guard pattern.hasSuffix("*") else { return pattern == name }
        return name.hasPrefix(pattern.dropLast())
    }

    /// The first required claim the token's `claims` do not match, or nil when all match.
    package func firstMismatch(in claims: JSONValue) -> String? {
        for claim in self.claims {
            let text: String
            switch claims[claim.name] {
            case .string(let value)?: text = value
            case .bool(let value)?: text = value ? "true" : "false"
            default: return claim.name
            }
            // A NUL would end the C string early, and `acme/x\0…` would pass for `acme/x`.
            guard !text.utf8.contains(0), claim.accepted.contains(where: { fnmatch($0, text, 0) == 0 }) else {
                return claim.name
            }
        }
        return nil
    }
}
