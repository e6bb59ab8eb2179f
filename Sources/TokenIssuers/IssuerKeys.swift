import Dispatch
import LiveValues
import Locking

/// One issuer's keys as this server holds them: fetched when first needed, kept, and fetched again when a token
/// names a key id the set lacks, at most once a minute (so tokens with made-up key ids cost the issuer one request
/// a minute, not one each), and by the first token after the set is an hour old (so a key the issuer withdrew is
/// not trusted for ever). One fetch at a time; tokens that need it wait for that one; a failed fetch keeps the keys.
final class IssuerKeys: Sendable {
    let settings: IssuerSettings
    private let fetch: @Sendable () -> Result<KeySet, KeyProblem>
    private let clock: any LiveClock
    private let state = Lock(State())
    /// Told each fetch's failure (the server's log), never a token.
    private let report: @Sendable (_ issuer: String, _ problem: String) -> Void

    /// Seconds between fetches: a token with an unknown key id waits for a fetch only when the last began longer
    /// ago than this.
    static let refreshInterval = 60.0
    /// Seconds a fetched set is used before the next token fetches it again.
    static let maxAge = 3600.0

    private struct State {
        var keys: KeySet?
        /// When the held set was fetched.
        var fetchedAt: Double?
        var lastAttempt: Double?
        var fetching = false
        var waiters: [@Sendable () -> Void] = []
    }

    /// What the holder has for a key id.
    enum Lookup {
        case key(VerificationKey)
        /// Not held, and a fetch may be made for it.
        case fetchable
        /// Not held, and the set was fetched too recently to ask again (or could not be fetched).
        case unknown
    }

    init(
        settings: IssuerSettings, clock: any LiveClock, fetch: @escaping @Sendable () -> Result<KeySet, KeyProblem>,
        report: @escaping @Sendable (String, String) -> Void
    ) {
        self.settings = settings
        self.clock = clock
        self.fetch = fetch
        self.report = report
    }

    /// Whether a key set was ever fetched.
    var hasKeys: Bool { state.withLock { $0.keys != nil } }

    func lookup(_ keyID: String) -> Lookup {
        let now = clock.now()
        return state.withLock { state in
            let mayFetch = state.lastAttempt.map { now - $0 >= Self.refreshInterval } ?? true
            let old = state.fetchedAt.map { now - $0 >= Self.maxAge } ?? true
            if let key = state.keys?.keys[keyID], !(old && mayFetch) { return .key(key) }
            return mayFetch ? .fetchable : .unknown
        }
    }

    /// Fetches the set on a thread of its own (joining a fetch already under way), then calls `done` there.
    func refresh(then done: @escaping @Sendable () -> Void) {
        let now = clock.now()
        let start: Bool = state.withLock { state in
            state.waiters.append(done)
            guard !state.fetching else { return false }
            if let last = state.lastAttempt, now - last < Self.refreshInterval {
                // Another thread fetched meanwhile: what it found is what there is.
                let waiters = state.waiters
                state.waiters = []
                DispatchQueue.global(qos: .utility).async { waiters.forEach { $0() } }
                return false
            }
            state.fetching = true
            state.lastAttempt = now
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            let result = fetch()
            if case .failure(let problem) = result { report(settings.issuer, problem.reason) }
            let waiters = state.withLock { state in
                if case .success(let keys) = result {
                    state.keys = keys
                    state.fetchedAt = now
                }
                state.fetching = false
                let waiters = state.waiters
                state.waiters = []
                return waiters
            }
            waiters.forEach { $0() }
        }
    }
}
