import Dispatch
import Locking

/// Bounds the fetches in flight, overall, per host and per query on a host (`FetchSlots`, which also chooses who gets
/// a freed slot: queries take turns). A fetch over a bound waits for a slot until its deadline, then gives up
/// (`busy`) without having sent anything; a fetch with room never waits behind fetches to a full host or query.
final class FetchGate: Sendable {
    private struct State {
        var slots: FetchSlots
        var wakes: [UInt64: DispatchSemaphore] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Lock<State>

    init(maxTotal: Int, maxPerHost: Int, maxPerQuery: Int) {
        state = Lock(State(slots: FetchSlots(maxTotal: maxTotal, maxPerHost: maxPerHost, maxPerQuery: maxPerQuery)))
    }

    /// Fetches holding a slot now.
    var inFlight: Int { state.withLock { $0.slots.total } }

    /// Takes a slot for `query` on `host`, waiting until `seconds` from now at most; false when none came free in
    /// time.
    func acquire(host: String, query: String, within seconds: Double) -> Bool {
        let claim = FetchSlots.Claim(host: host, query: query)
        let waiting: (id: UInt64, wake: DispatchSemaphore)? = state.withLock { s in
            let id = s.nextID
            s.nextID += 1
            guard !s.slots.arrive(id, claim) else { return nil }
            let wake = DispatchSemaphore(value: 0)
            s.wakes[id] = wake
            return (id, wake)
        }
        guard let waiting else { return true }
        let nanoseconds = Int(max(0, min(seconds, 3600)) * 1e9)
        if waiting.wake.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { return true }
        return state.withLock { s in
            // Granted between the timeout and this lock: the slot is taken in our name.
            guard s.slots.leave(waiting.id) else { return true }
            s.wakes[waiting.id] = nil
            return false
        }
    }

    /// Gives back a slot for `query` on `host` and wakes the waiters granted the slots that came free.
    func release(host: String, query: String) {
        state.withLock { s in
            for id in s.slots.release(FetchSlots.Claim(host: host, query: query)) {
                s.wakes.removeValue(forKey: id)?.signal()
            }
        }
    }
}
