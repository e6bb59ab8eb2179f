import TokenIssuers

extension ServiceConfiguration {
    /// The stored-value settings (`ValueSettings`), in the order `config/default.json` lists them, last.
    static let valueSettings: [ConfigurationSetting] = [
        .init(
            name: "valueStore",
            doc:
                "Where stored values are kept: an SQLite file (created with its folder when missing), or a "
                + "postgres:// URL for replicas sharing them.",
            kind: .path, get: { .text($0.values.store) },
            set: { if case .text(let v) = $1 { $0.values.store = v } }),
        .init(
            name: "valueTokens",
            doc:
                "Who may push stored values: name pattern (coverage, ci.*, *) → \"sha256:HEX\", the SHA-256 of a "
                + "token (progress-rings token makes one), or a list of them (a token rotated). Empty (and no "
                + "valueIssuers) turns stored values off.",
            kind: .object(
                accepted: "an object of name pattern → \"sha256:\" and 64 hex digits, or a list of them",
                check: { ValueTokens.parse($0).problem }),
            get: { .json(ValueTokens.json($0.values.tokens)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = ValueTokens.parse(j) { $0.values.tokens = v }
            }),
        .init(
            name: "valueIssuers",
            doc:
                "OIDC issuers whose tokens may push stored values (GitHub Actions, GitLab CI): issuer URL → "
                + "{audience, names: {name pattern: {claim: value or glob, …}}, jwksURL, caFile}.",
            kind: .object(
                accepted: "an object of issuer URL → {\"audience\", \"names\"} (see docs/stored-values.md)",
                check: { ValueTokens.parseIssuers($0).problem }),
            get: { .json(IssuerSettings.json($0.values.issuers)) },
            set: {
                if case .json(let j) = $1, case .success(let v) = ValueTokens.parseIssuers(j) { $0.values.issuers = v }
            }),
        integer(
            "valueHistoryDays", "Days of history kept for each stored value; older points are pruned (not the last).",
            1...36500, \.values.historyDays),
        integer(
            "valueMaxNames", "Stored values held at most; a push to a new name beyond it is answered 507.",
            1...10_000_000, \.values.maxNames),
        integer(
            "valueMaxPoints",
            "Points one stored value keeps at most; past it every second point of the older half is dropped.",
            100...10_000_000, \.values.maxPoints),
        integer(
            "valueReportBytes",
            "The largest report (LCOV, Cobertura, JaCoCo, JUnit, Go, coverage.py, Istanbul) a push may carry, in "
                + "bytes; a plain number's body stays at most 4096.",
            4096...1_073_741_824, \.values.reportBytes),
        integer(
            "storedMaxAge", "Cache-Control max-age and s-maxage of an image of a stored value, in seconds.",
            0...31_536_000, \.values.maxAge),
        .init(
            name: "staleAfter",
            doc:
                "How old a stored or live value may be before its image is drawn in the stale look (gray, and an "
                + "accessible name that says since when), where the URL gives no staleAfter: 30d, 12h, or off.",
            kind: .staleAfter, get: { .text($0.values.staleAfter) },
            set: { if case .text(let v) = $1 { $0.values.staleAfter = v } }),
        .init(
            name: "valueStatementTimeout",
            doc:
                "Seconds PostgreSQL gives one statement of the value store (its statement_timeout); a database that "
                + "does not answer at all is given up half a second later and pushes get 503. SQLite ignores it.",
            kind: .seconds(0.1...600), get: { .seconds($0.values.statementTimeout) },
            set: { if case .seconds(let v) = $1 { $0.values.statementTimeout = v } }),
    ]
}
