import HTTPServer
import Locking

/// Each client's rate of costly work (a miss's render, a live read, a push): a token bucket per client that holds
/// `burst` tokens and gains `rate` a second; work takes one, and a client with none left is refused with `429` and
/// the seconds until it has one again. Cache hits and `304`s never come here. A rate of 0 turns it off.
///
/// The table is bounded: at `maxClients` it forgets every client whose bucket has filled again (they are as if
/// new), and when that frees too little, every client, so a flood from ever new addresses costs a fixed amount of
/// memory and at worst gives each client a fresh burst, which its new address gave it anyway.
final class ClientRates: Sendable {
    /// What a client's next costly request comes to.
    enum Decision: Equatable, Sendable {
        case allowed
        /// Refused: whole seconds until the client has a token again (at least 1), for `Retry-After`.
        case refused(retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        /// When `tokens` was worked out, in nanoseconds of the monotonic clock.
        var at: UInt64
    }

    private struct State {
        var rate: Double
        var burst: Double
        var buckets: [ClientAddress?: Bucket] = [:]
    }

    let maxClients: Int
    private let state: Lock<State>

    init(rate: Double, burst: Int, maxClients: Int = 65536) {
        self.maxClients = maxClients
        state = Lock(State(rate: rate, burst: Double(burst)))
    }

    /// Tokens a client gains a second (0: off), and holds at most.
    var rate: Int { state.withLock { Int($0.rate) } }
    var burst: Int { state.withLock { Int($0.burst) } }

    /// Clients held now.
    var count: Int { state.withLock { $0.buckets.count } }

    /// Puts a reloaded rate and burst in place; buckets keep what they hold, up to the new burst.
    func configure(rate: Double, burst: Int) {
        state.withLock { state in
            state.rate = rate
            state.burst = Double(burst)
            if rate <= 0 { state.buckets.removeAll() }
        }
    }

    /// Takes a token of `address`'s share (`ClientAddress.share`: an IPv6 client's /64) at `now` (nanoseconds of the
    /// monotonic clock).
    func take(_ address: ClientAddress?, now: UInt64) -> Decision {
        let client = address?.share
        return state.withLock { state in
            guard state.rate > 0 else { return .allowed }
            var bucket: Bucket
            if let held = state.buckets[client] {
                bucket = held
                let elapsed = Double(now &- held.at) / 1e9
                bucket.tokens = min(state.burst, held.tokens + elapsed * state.rate)
                bucket.at = now
            } else {
                if state.buckets.count >= maxClients { Self.forget(&state, now: now, keepingAtMost: maxClients / 2) }
                bucket = Bucket(tokens: state.burst, at: now)
            }
            defer { state.buckets[client] = bucket }
            guard bucket.tokens >= 1 else {
                let seconds = (1 - bucket.tokens) / state.rate
                return .refused(retryAfter: max(1, Int(seconds.rounded(.up))))
            }
            bucket.tokens -= 1
            return .allowed
        }
    }

    /// Forgets the clients whose buckets are full again, and every client when more than `limit` remain.
    private static func forget(_ state: inout State, now: UInt64, keepingAtMost limit: Int) {
        let (rate, burst) = (state.rate, state.burst)
        state.buckets = state.buckets.filter { _, bucket in
            bucket.tokens + Double(now &- bucket.at) / 1e9 * rate < burst
        }
        if state.buckets.count > limit { state.buckets.removeAll(keepingCapacity: true) }
    }
}
