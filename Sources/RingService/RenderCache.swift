import Dispatch
import Synchronization

/// A least-recently-used cache of rendered responses, bounded by bytes and by entries, safe to use from every
/// event loop. A miss renders once per key: concurrent requests for a key being rendered wait for that render
/// (single flight) instead of rendering it again.
final class RenderCache: Sendable {
    /// How a lookup was answered.
    enum Outcome: Sendable, Hashable {
        case hit, coalesced, miss
    }

    fileprivate struct Node {
        var key: CacheKey
        var value: CachedImage
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// Entries live in an array linked by index, most recent at `newest`: no allocation per hit.
    fileprivate struct State {
        var index: [CacheKey: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        var newest = -1
        var oldest = -1
        var inFlight: [CacheKey: Flight] = [:]
        var counters = CacheCounters()
    }

    /// A render in progress; its waiters block on the group until the renderer leaves it.
    fileprivate final class Flight: Sendable {
        let done = DispatchGroup()
        let result = Mutex<CachedImage?>(nil)
    }

    let maxBytes: Int
    let maxEntries: Int
    private let state = Mutex(State())

    init(maxBytes: Int, maxEntries: Int) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
    }

    var counters: CacheCounters { state.withLock { $0.counters } }

    /// Whether the key's response is stored (a render in flight does not count), without touching counters.
    func holds(_ key: CacheKey) -> Bool { state.withLock { $0.index[key] != nil } }

    /// The cached response for the key, or the one `produce` makes (stored when it says it is cacheable;
    /// nil when it failed).
    /// `produce` runs at most once at a time per key, outside the lock.
    func value(
        for key: CacheKey, produce: () -> (value: CachedImage?, cacheable: Bool)
    ) -> (value: CachedImage?, outcome: Outcome) {
        enum Step {
            case hit(CachedImage)
            case wait(Flight)
            case render(Flight)
        }
        let step: Step = state.withLock { state in
            if let i = state.index[key] {
                state.touch(i)
                state.counters.hits += 1
                return .hit(state.nodes[i].value)
            }
            if let flight = state.inFlight[key] {
                state.counters.coalesced += 1
                return .wait(flight)
            }
            let flight = Flight()
            flight.done.enter()
            state.inFlight[key] = flight
            state.counters.misses += 1
            return .render(flight)
        }
        switch step {
        case .hit(let value):
            return (value, .hit)
        case .wait(let flight):
            flight.done.wait()
            if let value = flight.result.withLock({ $0 }) { return (value, .coalesced) }
            // The renderer's result was not cacheable: produce our own rather than share it.
            return (produce().value, .miss)
        case .render(let flight):
            let made = produce()
            state.withLock { state in
                state.inFlight[key] = nil
                if made.cacheable, let value = made.value {
                    state.insert(
                        key, value, cost: value.cost + key.cost, maxBytes: maxBytes,
                        maxEntries: maxEntries)
                }
            }
            if made.cacheable, let value = made.value { flight.result.withLock { $0 = value } }
            flight.done.leave()
            return (made.value, .miss)
        }
    }
}

extension RenderCache.State {
    fileprivate mutating func unlink(_ i: Int) {
        let node = nodes[i]
        if node.newer >= 0 { nodes[node.newer].older = node.older } else { newest = node.older }
        if node.older >= 0 { nodes[node.older].newer = node.newer } else { oldest = node.newer }
    }

    fileprivate mutating func pushNewest(_ i: Int) {
        nodes[i].newer = -1
        nodes[i].older = newest
        if newest >= 0 { nodes[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }

    fileprivate mutating func touch(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        pushNewest(i)
    }

    fileprivate mutating func insert(_ key: CacheKey, _ value: CachedImage, cost: Int, maxBytes: Int, maxEntries: Int) {
        guard cost <= maxBytes, maxEntries > 0, index[key] == nil else { return }
        while oldest >= 0 && (counters.bytes + cost > maxBytes || counters.entries + 1 > maxEntries) {
            let victim = oldest
            unlink(victim)
            index[nodes[victim].key] = nil
            counters.bytes -= nodes[victim].cost
            counters.entries -= 1
            counters.evictions += 1
            // Drop the references now so the memory goes back at once, not when the slot is reused.
            nodes[victim].key = CacheKey(spec: "", format: .svg, maxAge: 0, varyAccept: false)
            nodes[victim].value = value
            free.append(victim)
        }
        let node = RenderCache.Node(key: key, value: value, cost: cost, newer: -1, older: -1)
        let i: Int
        if let slot = free.popLast() {
            nodes[slot] = node
            i = slot
        } else {
            nodes.append(node)
            i = nodes.count - 1
        }
        index[key] = i
        pushNewest(i)
        counters.bytes += cost
        counters.entries += 1
    }
}
