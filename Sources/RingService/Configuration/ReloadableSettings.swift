import Locking
import TokenIssuers

/// The settings SIGHUP may change while the server runs (`ServiceConfiguration.reloadable`): who signs and what is
/// private, who may push (tokens and OIDC issuers), who a client is; the live settings are swapped apart, in
/// `LiveValues`. Each request reads them once, as one value, so it sees either the old
/// settings or the new ones, never half of each; a reload swaps the value and no connection notices.
final class ReloadableSettings: Sendable {
    /// The settings one request works with.
    struct Current: Sendable {
        let signing: URLSigning
        let tokens: ValueTokens
        let clients: ClientResolver
        /// The OIDC issuers whose tokens may push (`valueIssuers`).
        let issuers: OIDCIssuers
    }

    private let state: Lock<Current>

    init(_ configuration: ServiceConfiguration, issuers: OIDCIssuers) {
        state = Lock(Self.current(configuration, issuers: issuers))
    }

    var current: Current { state.withLock { $0 } }

    /// Puts `configuration`'s reloadable settings in place for every request that starts from now on. The issuers
    /// whose settings did not change keep the keys they hold.
    func replace(with configuration: ServiceConfiguration) {
        let issuers = current.issuers.replacing(with: configuration.values.issuers)
        let made = Self.current(configuration, issuers: issuers)
        state.withLock { $0 = made }
    }

    private static func current(_ configuration: ServiceConfiguration, issuers: OIDCIssuers) -> Current {
        Current(
            signing: URLSigning(configuration.signing), tokens: ValueTokens(configuration.values.tokens),
            // Checked at start-up and on reload (`validateTogether`); a configuration built by hand with a bad entry
            // trusts nobody.
            clients: ClientResolver(trustedProxies: (try? configuration.trustedNetworks()) ?? []), issuers: issuers)
    }
}
