import Glibc
import StrictJSON

/// One issuer whose OIDC tokens may push stored values (`valueIssuers`): where its tokens come from, the audience
/// they must be minted for, where its keys are, and per value-name pattern the claims a token must carry.
public struct IssuerSettings: Sendable, Hashable {
    /// The `iss` of its tokens, an https URL: `https://token.actions.githubusercontent.com`, `https://gitlab.com`.
    public var issuer: String
    /// The `aud` its tokens must carry: the audience the CI job asks for (this server's URL, as a rule).
    public var audience: String
    /// Where its JSON Web Key Set is; nil reads `jwks_uri` from `ISSUER/.well-known/openid-configuration`.
    public var jwksURL: String?
    /// A PEM file of certificate authorities trusted beside the system's for the issuer's addresses.
    public var caFile: String?
    /// Value-name pattern → the claims required; a pattern may be listed once.
    public var grants: [ClaimGrant]

    public init(
        issuer: String, audience: String, jwksURL: String? = nil, caFile: String? = nil, grants: [ClaimGrant]
    ) {
        self.issuer = issuer
        self.audience = audience
        self.jwksURL = jwksURL
        self.caFile = caFile
        self.grants = grants
    }

    /// Reads `valueIssuers`: an object of issuer URL → its settings. `patternProblem` says what is wrong with a
    /// value-name pattern (the service's rule), or nil.
    public static func parse(
        _ json: JSONValue, patternProblem: (String) -> String?
    ) -> Result<[IssuerSettings], SettingsProblem> {
        guard case .object(let items) = json else { return .failure("not an object of issuer URL → settings") }
        var issuers: [IssuerSettings] = []
        for item in items {
            switch parseOne(issuer: item.key, item.value, patternProblem: patternProblem) {
            case .success(let issuer): issuers.append(issuer)
            case .failure(let problem): return .failure("\(StrictJSON.string(item.key)): \(problem.reason)")
            }
        }
        return .success(issuers)
    }

    private static let members: Set<String> = ["audience", "jwksURL", "caFile", "names"]

    private static func parseOne(
        issuer: String, _ item: JSONValue, patternProblem: (String) -> String?
    ) -> Result<IssuerSettings, SettingsProblem> {
        guard IssuerURL(issuer) != nil else {
            return .failure("not an https:// URL with a host and no query or fragment (an issuer, as its tokens' iss)")
        }
        guard case .object(let fields) = item else { return .failure("not an object") }
        if let unknown = fields.first(where: { !members.contains($0.key) }) {
            return .failure(
                "\(StrictJSON.string(unknown.key)) is not a member (accepted: audience, jwksURL, caFile, names)")
        }
        guard let audience = item["audience"]?.stringValue, !audience.isEmpty else {
            return .failure("audience is not a non-empty string (the aud the CI job asks its token for)")
        }
        var jwksURL: String?
        if let value = item["jwksURL"] {
            guard let text = value.stringValue, IssuerURL(text) != nil else {
                return .failure("jwksURL is not an https:// URL with a host")
            }
            jwksURL = text
        }
        var caFile: String?
        if let value = item["caFile"] {
            guard let text = value.stringValue, !text.isEmpty else { return .failure("caFile is not a file's path") }
            guard access(text, R_OK) == 0 else { return .failure("caFile \(StrictJSON.string(text)) cannot be read") }
            caFile = text
        }
        guard case .object(let names)? = item["names"], !names.isEmpty else {
            return .failure("names is not an object of value-name pattern → required claims")
        }
        var grants: [ClaimGrant] = []
        for member in names {
            if let problem = patternProblem(member.key) { return .failure("names: \(problem)") }
            switch ClaimGrant.parse(pattern: member.key, member.value) {
            case .success(let grant): grants.append(grant)
            case .failure(let problem): return .failure("names: \(StrictJSON.string(member.key)): \(problem.reason)")
            }
        }
        return .success(
            IssuerSettings(issuer: issuer, audience: audience, jwksURL: jwksURL, caFile: caFile, grants: grants))
    }

    /// Issuers as `--print-config` writes them.
    public static func json(_ issuers: [IssuerSettings]) -> JSONValue {
        .object(issuers.map { .init(key: $0.issuer, value: $0.json) })
    }

    /// One issuer's settings as `--print-config` writes them.
    var json: JSONValue {
        var members: [JSONValue.Member] = [.init(key: "audience", value: .string(audience))]
        if let jwksURL { members.append(.init(key: "jwksURL", value: .string(jwksURL))) }
        if let caFile { members.append(.init(key: "caFile", value: .string(caFile))) }
        members.append(.init(key: "names", value: .object(grants.map { .init(key: $0.pattern, value: $0.json) })))
        return .object(members)
    }
}

/// What is wrong with a setting: the end of a sentence naming it.
public struct SettingsProblem: Error, Equatable, ExpressibleByStringInterpolation {
    public let reason: String
    public init(stringLiteral value: String) { reason = value }
    public init(stringInterpolation: DefaultStringInterpolation) {
        reason = String(stringInterpolation: stringInterpolation)
    }
}
