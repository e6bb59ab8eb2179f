/// The settings of signed URLs and private values (`urlKeys`, `privateValues`, `requireSignature`): off until
/// `urlKeys` names a key.
public struct SigningSettings: Sendable, Hashable {
    /// Key name → where its secret is read: `file:PATH` or `env:NAME`. Settings never hold a secret itself.
    public var keySources: [String: String] = [:]
    /// The secrets `keySources` named, read when the settings are loaded (`readKeys(environment:)`).
    public var keys: [URLKey] = []
    /// Stored-value name patterns (`internal.*`) drawn only on signed URLs and read through `/values` only with a
    /// token that may write them.
    public var privateValues: [String] = []
    /// Every image route answers only signed URLs.
    public var requireSignature = false

    public init() {}

    /// Signatures are checked once a key is known.
    public var isEnabled: Bool { !keys.isEmpty }
}
