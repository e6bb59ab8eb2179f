import RingKit
import TokenIssuers

/// The settings of stored values (`value*` and `storedMaxAge`): off until `valueTokens` names a token.
public struct ValueSettings: Sendable, Hashable {
    /// Where values are kept: an SQLite file's path (relative to the working directory), or a `postgres://` URL.
    public var store = "data/values.db"
    /// Name patterns → `sha256:HEX` digests, the SHA-256 of a token's bytes: who may write which names. A pattern
    /// may hold several, so a token is replaced without a moment when neither works.
    public var tokens: [String: [String]] = [:]
    /// OIDC issuers whose tokens may write names, by the claims each name pattern requires.
    public var issuers: [IssuerSettings] = []
    /// Days of history kept; older points are pruned (each name keeps its last).
    public var historyDays = 400
    /// Names held at most.
    public var maxNames = 10_000
    /// Points one name keeps at most before old ones are thinned out.
    public var maxPoints = 10_000
    /// The largest report (LCOV, Cobertura, JUnit, …) a push may carry, in bytes; a plain value's body stays at
    /// most `RingService.maxValueBody`.
    public var reportBytes = 32 * 1024 * 1024
    /// Cache-Control max-age of an image of a stored value, in seconds.
    public var maxAge = 300
    /// How old a stored or live value may be before its image is drawn stale where the URL gives no `staleAfter`:
    /// `30d`, `12h`, or `off`.
    public var staleAfter = "off"
    /// Seconds PostgreSQL gives one statement (its `statement_timeout`); the server stops waiting for a database
    /// that does not answer half a second later. SQLite ignores it.
    public var statementTimeout = 5.0

    public init() {}

    /// Whether `store` names a PostgreSQL database rather than a file.
    public static func isPostgres(_ store: String) -> Bool {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
    }

    /// `staleAfter` in milliseconds; nil when off.
    public var staleAfterMilliseconds: Int64? { StaleLook.after(staleAfter).flatMap { $0 > 0 ? $0 : nil } }

    /// Stored values are on once a token, or an issuer's token, may write them.
    public var isEnabled: Bool { !tokens.isEmpty || !issuers.isEmpty }
}
