import HTTPServer
import Locking

/// How many images each client has waiting for a worker thread, bounded per client (`clientQueue`): past the bound
/// a client's next miss is refused with `429` while everyone else's work goes on. The workers take clients in turn
/// (`HTTPAnswer.later`'s `client`), so a client within its bound delays another by one render at most; the bound
/// keeps one client's flood from holding memory and connections' answers for seconds.
final class ClientShares: Sendable {
    let bound: Int
    private let waiting = Lock<[ClientAddress?: Int]>([:])

    init(bound: Int) { self.bound = bound }

    /// Takes a place for one more of `client`'s renders; false where it already has `bound` waiting.
    func take(_ client: ClientAddress?) -> Bool {
        waiting.withLock { waiting in
            let count = waiting[client, default: 0]
            guard count < bound else { return false }
            waiting[client] = count + 1
            return true
        }
    }

    /// Gives back a place taken by `take`.
    func release(_ client: ClientAddress?) {
        waiting.withLock { waiting in
            let count = waiting[client, default: 0]
            // Emptied entries go, so the table holds only clients with work waiting.
            if count <= 1 { waiting[client] = nil } else { waiting[client] = count - 1 }
        }
    }

    /// How many of `client`'s renders wait.
    func waitingCount(_ client: ClientAddress?) -> Int { waiting.withLock { $0[client, default: 0] } }
}
