import Dispatch
import Locking

/// Bounds the fetches in flight, overall and per host. A fetch over a bound waits for a slot until its deadline,
/// then gives up (`busy`) without having sent anything. A freed slot goes to the oldest waiter that fits, before any
/// newcomer; a fetch to a host with room never waits behind fetches to a full one.
final class FetchGate: Sendable {
    private struct Waiter {
        var id: UInt64
        var host: String
        var wake: DispatchSemaphore
    }

    private struct State {
        var total = 0
        var perHost: [String: Int] = [:]
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0

        func fits(_ host: String, _ maxTotal: Int, _ maxPerHost: Int) -> Bool {
            total < maxTotal && perHost[host, default: 0] < maxPerHost
        }

        mutating func take(_ host: String) {
            total += 1
            perHost[host, default: 0] += 1
        }
    }

    let maxTotal: Int
    let maxPerHost: Int
    private let state = Lock(State())

    init(maxTotal: Int, maxPerHost: Int) {
        self.maxTotal = maxTotal
        self.maxPerHost = maxPerHost
    }

    /// Fetches holding a slot now.
    var inFlight: Int { state.withLock { $0.total } }

    /// Takes a slot for `host`, waiting until `seconds` from now at most; false when none came free in time.
    func acquire(host: String, within seconds: Double) -> Bool {
        let waiter: Waiter? = state.withLock { s in
            if s.fits(host, maxTotal, maxPerHost) {
                s.take(host)
                return nil
            }
            let w = Waiter(id: s.nextID, host: host, wake: DispatchSemaphore(value: 0))
            s.nextID += 1
            s.waiters.append(w)
            return w
        }
        guard let waiter else { return true }
        let nanoseconds = Int(max(0, min(seconds, 3600)) * 1e9)
        if waiter.wake.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { return true }
        return state.withLock { s in
            guard let i = s.waiters.firstIndex(where: { $0.id == waiter.id }) else {
                return true  // granted between the timeout and this lock: the slot is taken in our name
            }
            s.waiters.remove(at: i)
            return false
        }
    }

    /// Gives back `host`'s slot and hands free slots to the waiters that fit, oldest first.
    func release(host: String) {
        state.withLock { s in
            s.total -= 1
            s.perHost[host, default: 1] -= 1
            if s.perHost[host] == 0 { s.perHost[host] = nil }
            var i = 0
            while i < s.waiters.count && s.total < maxTotal {
                if s.fits(s.waiters[i].host, maxTotal, maxPerHost) {
                    let w = s.waiters.remove(at: i)
                    s.take(w.host)
                    w.wake.signal()
                } else {
                    i += 1
                }
            }
        }
    }
}
