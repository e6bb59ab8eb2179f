extension ServiceConfiguration {
    /// The settings of signed URLs and private values (`SigningSettings`), listed after the stored values'.
    static let signingSettings: [ConfigurationSetting] = [
        .init(
            name: "urlKeys",
            doc:
                "Keys that sign image URLs (sig=, progress-rings sign): key name → \"file:PATH\" or \"env:NAME\", "
                + "where its secret (at least 32 bytes) is read at start-up. Empty: sig, exp and key are not read.",
            kind: .object(accepted: URLKeySources.accepted, check: { URLKeySources.parse($0).problem }),
            get: { .json(URLKeySources.json($0.signing.keySources)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = URLKeySources.parse(j) { $0.signing.keySources = v }
            }, quotesValue: false),
        .init(
            name: "privateValues",
            doc:
                "Stored values (name patterns: coverage, internal.*, *) drawn only on signed URLs and read through "
                + "GET /values only with a token that may write them.",
            kind: .list, get: { .list($0.signing.privateValues) },
            set: { if case .list(let v) = $1 { $0.signing.privateValues = v } }),
        .init(
            name: "requireSignature",
            doc:
                "Every image route (and /badge.json) answers only signed URLs; the pages, /values, health and "
                + "metrics are as they are. Needs urlKeys.",
            kind: .flag, get: { .bool($0.signing.requireSignature) },
            set: { if case .bool(let v) = $1 { $0.signing.requireSignature = v } }),
    ]

    /// Reads the secrets `urlKeys` names (files, the environment given), once every source of settings is applied.
    mutating func readURLKeys(environment: [String: String]) throws(ConfigurationError) {
        signing.keys = try URLKeySources.read(signing.keySources, environment: environment)
    }

    /// The checks of the signing settings together.
    func validateSigning() throws(ConfigurationError) {
        for pattern in signing.privateValues {
            if let problem = ValueTokens.patternProblem(pattern) {
                throw ConfigurationError("privateValues: \(problem)")
            }
        }
        if signing.requireSignature && signing.keySources.isEmpty && signing.keys.isEmpty {
            throw ConfigurationError(
                "requireSignature: true needs urlKeys: with no key no URL can be signed, and every image would be "
                    + "refused")
        }
    }
}
