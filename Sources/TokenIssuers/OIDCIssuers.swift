import Glibc
import LiveValues

/// The OIDC issuers trusted for pushes (`valueIssuers`): checks a token's shape, its issuer, its signature with the
/// issuer's key, its registered claims, and the claims the value name requires. A token whose key is not held yet
/// is answered `pending`: the keys are fetched off the caller's thread and the check finished there.
public final class OIDCIssuers: Sendable {
    /// How a check ended.
    public enum Outcome: Sendable {
        case allowed
        case refused(TokenRefusal)
        /// The issuer's keys must be fetched first: `finish` runs the fetch (on a thread of its own) and calls back
        /// there with the final outcome, `allowed` or `refused`.
        case pending(_ finish: @Sendable (_ done: @escaping @Sendable (Outcome) -> Void) -> Void)
    }

    private let issuers: [String: IssuerKeys]
    private let wallClock: @Sendable () -> Double
    private let clock: any LiveClock
    private let report: @Sendable (String, String) -> Void
    /// How an issuer's keys are fetched: kept for the issuers a reload adds (`replacing(with:)`).
    private let fetch: @Sendable (IssuerSettings) -> @Sendable () -> Result<KeySet, KeyProblem>

    /// `resolve` is libcurl's resolve list (tests point names at 127.0.0.1); `report` hears of each failed fetch
    /// of keys (issuer and reason: addresses and statuses, never a token).
    public convenience init(
        _ settings: [IssuerSettings], timeout: Double = 5, resolve: [String] = [],
        report: @escaping @Sendable (_ issuer: String, _ problem: String) -> Void = { _, _ in }
    ) {
        self.init(
            settings, clock: MonotonicClock(), wallClock: { OIDCIssuers.unixTime() }, report: report,
            fetch: { issuer in
                let fetch = KeyFetch(settings: issuer, timeout: timeout, resolve: resolve)
                return { fetch.fetch() }
            })
    }

    /// With injected clocks and fetches (the fuzzer).
    package convenience init(
        _ settings: [IssuerSettings], clock: any LiveClock, wallClock: @escaping @Sendable () -> Double,
        report: @escaping @Sendable (String, String) -> Void,
        fetch: @escaping @Sendable (IssuerSettings) -> @Sendable () -> Result<KeySet, KeyProblem>
    ) {
        self.init(settings, keeping: [:], clock: clock, wallClock: wallClock, report: report, fetch: fetch)
    }

    /// `held` are issuers' keys already fetched, by issuer: one whose settings are `settings`' own is kept as it is.
    private init(
        _ settings: [IssuerSettings], keeping held: [String: IssuerKeys], clock: any LiveClock,
        wallClock: @escaping @Sendable () -> Double, report: @escaping @Sendable (String, String) -> Void,
        fetch: @escaping @Sendable (IssuerSettings) -> @Sendable () -> Result<KeySet, KeyProblem>
    ) {
        var issuers: [String: IssuerKeys] = [:]
        for issuer in settings {
            if let kept = held[issuer.issuer], kept.settings == issuer {
                issuers[issuer.issuer] = kept
            } else {
                issuers[issuer.issuer] = IssuerKeys(
                    settings: issuer, clock: clock, fetch: fetch(issuer), report: report)
            }
        }
        self.issuers = issuers
        self.wallClock = wallClock
        self.clock = clock
        self.report = report
        self.fetch = fetch
    }

    /// The issuers `settings` names (a reload's), keeping the keys held of each whose settings did not change, so
    /// a reload costs the issuers no fetch; an issuer added or changed fetches its keys when a token first needs
    /// them. A check under way with these issuers finishes with them.
    public func replacing(with settings: [IssuerSettings]) -> OIDCIssuers {
        OIDCIssuers(settings, keeping: issuers, clock: clock, wallClock: wallClock, report: report, fetch: fetch)
    }

    public var isEmpty: Bool { issuers.isEmpty }

    /// Whether `token` has a JSON Web Token's shape, which a static token (`progress-rings token`) never has.
    public static func isJSONWebToken(_ token: [UInt8]) -> Bool { JSONWebToken.looksLikeJWT(token) }

    /// Whether `token` may write `name`.
    public func check(token: [UInt8], name: String) -> Outcome {
        let parsed: JSONWebToken
        do {
            parsed = try JSONWebToken(token)
        } catch {
            return .refused(error)
        }
        guard let issuer = parsed.claims["iss"]?.stringValue.flatMap({ issuers[$0] }) else {
            return .refused(.invalid("the token's issuer (iss) is not one this server trusts (valueIssuers)"))
        }
        switch issuer.lookup(parsed.keyID) {
        case .key(let key):
            return finish(parsed, key: key, issuer: issuer, name: name)
        case .unknown:
            return .refused(Self.unknownKey(parsed, issuer: issuer))
        case .fetchable:
            return .pending { [self] done in
                issuer.refresh {
                    guard case .key(let key) = issuer.lookup(parsed.keyID) else {
                        return done(.refused(Self.unknownKey(parsed, issuer: issuer)))
                    }
                    done(self.finish(parsed, key: key, issuer: issuer, name: name))
                }
            }
        }
    }

    private static func unknownKey(_ token: JSONWebToken, issuer: IssuerKeys) -> TokenRefusal {
        guard issuer.hasKeys else {
            return .unavailable("the keys of the token's issuer could not be fetched; try again in a minute")
        }
        return .invalid("the token's key (kid \(TokenRefusal.shown(token.keyID))) is not in its issuer's key set")
    }

    private func finish(_ token: JSONWebToken, key: VerificationKey, issuer: IssuerKeys, name: String) -> Outcome {
        guard key.algorithm == token.algorithm else {
            return .refused(.invalid("the token's alg \(token.algorithm.rawValue) is not its key's"))
        }
        guard key.verifies(token.signature, of: token.signedPart) else {
            return .refused(.invalid("the token's signature does not verify with its issuer's key"))
        }
        if let problem = TokenClaims.problem(token.claims, issuer: issuer.settings, now: wallClock()) {
            return .refused(problem)
        }
        let grants = issuer.settings.grants.filter { $0.covers(name) }
        guard !grants.isEmpty else {
            return .refused(
                .notAllowed("tokens of this issuer may not write \(name) (no valueIssuers pattern covers it)"))
        }
        var mismatch = ""
        for grant in grants {
            guard let claim = grant.firstMismatch(in: token.claims) else { return .allowed }
            if mismatch.isEmpty { mismatch = claim }
        }
        return .refused(
            .notAllowed("the token may not write \(name): its claim \(TokenRefusal.shown(mismatch)) does not match"))
    }

    /// Seconds since 1970 by the system's clock.
    static func unixTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
