/// Who holds the fetch slots, and who gets the next one: at most `maxTotal` fetches in flight, `maxPerHost` to one
/// host, and `maxPerQuery` for one query on one host, so that one query (or one client's many readings of it) never
/// holds all of a server's slots. A freed slot goes to the waiting query that holds the fewest slots on its host, then
/// to the one served least recently (queries take turns), then to the oldest waiter. A plain value without threads or
/// clocks: `FetchGate` keeps it under its lock and wakes the waiters it grants.
struct FetchSlots {
    /// What a slot is held for: a host, and the query fetched from it (`LiveSource.slotQuery`).
    struct Claim: Hashable, Sendable {
        var host: String
        var query: String
    }

    private struct Waiter {
        var id: UInt64
        var claim: Claim
    }

    let maxTotal: Int
    let maxPerHost: Int
    let maxPerQuery: Int
    /// Slots held now, in all.
    private(set) var total = 0
    private var perHost: [String: Int] = [:]
    private var perClaim: [Claim: Int] = [:]
    private var waiters: [Waiter] = []
    /// When each query holding or waiting for a slot was last granted one (a count of grants, not a clock). A query
    /// with neither is forgotten, and comes first when it asks again.
    private var lastServed: [Claim: UInt64] = [:]
    private var grants: UInt64 = 0

    init(maxTotal: Int, maxPerHost: Int, maxPerQuery: Int) {
        self.maxTotal = maxTotal
        self.maxPerHost = maxPerHost
        self.maxPerQuery = maxPerQuery
    }

    /// Fetches waiting for a slot now.
    var waiting: Int { waiters.count }

    /// Slots `claim`'s query holds on its host now.
    func held(_ claim: Claim) -> Int { perClaim[claim, default: 0] }

    /// Whether a slot for `claim` is free under every bound.
    func fits(_ claim: Claim) -> Bool {
        total < maxTotal && perHost[claim.host, default: 0] < maxPerHost && perClaim[claim, default: 0] < maxPerQuery
    }

    /// A fetch asks for a slot: true when it takes one now, false when it waits as `id`. No waiter ever fits
    /// (each release grants all it can), so a newcomer that fits takes a slot no waiter could have used.
    mutating func arrive(_ id: UInt64, _ claim: Claim) -> Bool {
        if fits(claim) {
            take(claim)
            return true
        }
        waiters.append(Waiter(id: id, claim: claim))
        return false
    }

    /// The waiter `id` gives up (its deadline passed): true when it was still waiting, false when it had been
    /// granted a slot meanwhile, which it then holds and must release.
    mutating func leave(_ id: UInt64) -> Bool {
        guard let i = waiters.firstIndex(where: { $0.id == id }) else { return false }
        let claim = waiters.remove(at: i).claim
        forgetIfIdle(claim)
        return true
    }

    /// Gives back a slot held for `claim`, and returns the waiters granted a slot, in the order they were chosen.
    mutating func release(_ claim: Claim) -> [UInt64] {
        total -= 1
        perHost[claim.host, default: 1] -= 1
        if perHost[claim.host] == 0 { perHost[claim.host] = nil }
        perClaim[claim, default: 1] -= 1
        if perClaim[claim] == 0 { perClaim[claim] = nil }
        forgetIfIdle(claim)
        var granted: [UInt64] = []
        while total < maxTotal, let i = nextWaiter() {
            let waiter = waiters.remove(at: i)
            take(waiter.claim)
            granted.append(waiter.id)
        }
        return granted
    }

    /// The index of the waiter that fits and whose turn it is, nil when none fits.
    private func nextWaiter() -> Int? {
        var best: (index: Int, held: Int, served: UInt64)?
        for (i, waiter) in waiters.enumerated() where fits(waiter.claim) {
            let held = perClaim[waiter.claim, default: 0]
            let served = lastServed[waiter.claim, default: 0]
            // Strictly better only: on a tie the older waiter (lower index) keeps its place.
            if let b = best, (b.held, b.served) <= (held, served) { continue }
            best = (i, held, served)
        }
        return best?.index
    }

    private mutating func take(_ claim: Claim) {
        total += 1
        perHost[claim.host, default: 0] += 1
        perClaim[claim, default: 0] += 1
        grants += 1
        lastServed[claim] = grants
    }

    /// Drops the turn of a query that neither holds nor waits for a slot, so the table stays as small as the
    /// fetches in flight.
    private mutating func forgetIfIdle(_ claim: Claim) {
        guard perClaim[claim] == nil, !waiters.contains(where: { $0.claim == claim }) else { return }
        lastServed[claim] = nil
    }
}
