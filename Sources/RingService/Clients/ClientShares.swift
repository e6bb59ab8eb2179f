import HTTPServer
import Locking
import Synchronization

/// Which images each client has waiting for a worker thread, bounded per client (`clientQueue`): past the bound a
/// client's next miss of another image is refused with `429` while everyone else's work goes on. Requests for an
/// image the client already has waiting are never refused: they wait for the one render (a README whose badge
/// changed, asked for by a hundred readers at once through one image proxy, is one image). The workers take
/// clients in turn (`HTTPAnswer.later`'s `client`), so a client within its bound delays another by one render at
/// most; the bound keeps one client's flood from holding memory and connections' answers for seconds.
final class ClientShares: Sendable {
    /// Images of one client waiting at most (`clientQueue`); a reload may change it.
    var bound: Int {
        get { limit.load(ordering: .relaxed) }
        set { limit.store(newValue, ordering: .relaxed) }
    }
    private let limit: Atomic<Int>
    /// Each client with work waiting: its images, and how many requests wait for each.
    private let waiting = Lock<[ClientAddress?: [CacheKey: Int]]>([:])

    init(bound: Int) { limit = Atomic(bound) }

    /// Takes a place for one more request of `client` for `key`; false where the key is not among its waiting
    /// images and it already has `bound` of them.
    func take(_ address: ClientAddress?, _ key: CacheKey) -> Bool {
        let client = address?.share
        return waiting.withLock { waiting in
            var own = waiting.removeValue(forKey: client) ?? [:]
            defer { waiting[client] = own }
            if let count = own[key] {
                own[key] = count + 1
                return true
            }
            guard own.count < limit.load(ordering: .relaxed) else { return false }
            own[key] = 1
            return true
        }
    }

    /// Gives back a place taken by `take`.
    func release(_ address: ClientAddress?, _ key: CacheKey) {
        let client = address?.share
        waiting.withLock { waiting in
            guard var own = waiting.removeValue(forKey: client) else { return }
            let count = own[key, default: 0]
            own[key] = count <= 1 ? nil : count - 1
            // Emptied entries go, so the table holds only clients with work waiting.
            if !own.isEmpty { waiting[client] = own }
        }
    }
}
