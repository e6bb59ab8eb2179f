import HTTPServer
import Locking
import Synchronization

/// Which images each client has waiting for a worker thread, bounded per client (`clientQueue`): past the bound a
/// client's next miss of another image is refused with `429` while everyone else's work goes on. Requests for an
/// image the client already has waiting are never refused: they wait for the one render (a README whose badge
/// changed, asked for by a hundred readers at once through one image proxy, is one image). The workers take
/// clients in turn (`HTTPAnswer.later`'s `client`), so a client within its bound delays another by one render at
/// most; the bound keeps one client's flood from holding memory and connections' answers for seconds. The rules
/// are `WaitingImages`'; this holds them behind a lock for the loops and workers.
final class ClientShares: Sendable {
    /// Images of one client waiting at most (`clientQueue`); a reload may change it.
    var bound: Int {
        get { limit.load(ordering: .relaxed) }
        set { limit.store(newValue, ordering: .relaxed) }
    }
    private let limit: Atomic<Int>
    private let waiting = Lock(WaitingImages())

    init(bound: Int) { limit = Atomic(bound) }

    /// Takes a place for one more request of `client` for `key` (see `WaitingImages.take`).
    func take(_ address: ClientAddress?, _ key: CacheKey) -> WaitingImages.Place {
        let bound = limit.load(ordering: .relaxed)
        return waiting.withLock { $0.take(address, key, bound: bound) }
    }

    /// Gives back a place taken by `take`.
    func release(_ address: ClientAddress?, _ key: CacheKey) {
        waiting.withLock { $0.release(address, key) }
    }
}
