import Dispatch
import Locking

/// A least-recently-used cache of rendered responses, bounded by bytes and by entries, safe to use from every
/// event loop. A miss renders once per key: concurrent requests for a key being rendered wait for that render
/// (single flight) instead of rendering it again, except on an event loop, which must not block: there a request
/// for a key being rendered renders it too, without storing it (see `value(for:alias:waits:produce:)`).
///
/// Beside its index by canonical key, the cache keeps a bounded index by raw request target (`TargetKey`): a
/// repeated URL finds its entry without being parsed. A target is remembered when, parsed, it finds its image
/// already cached (its second request), never on the miss that renders it, so one-off URLs cost no alias at all.
/// An alias names a node and the stamp the node had when the
/// alias was made; eviction clears the stamp, so an alias never keeps an evicted image alive nor answers with
/// another image that reused its slot. Aliases have a budget of their own, carved out of `maxBytes` (images get
/// the rest), so cache-busting URLs can neither grow memory past the bound nor push images out.
final class RenderCache: Sendable {
    /// How a lookup was answered.
    enum Outcome: Sendable, Hashable {
        case hit, coalesced, miss
    }

    let maxBytes: Int
    let maxEntries: Int
    /// The share of `maxBytes` that aliases may hold; images hold at most the rest.
    let maxAliasBytes: Int
    let maxAliases: Int
    private let state = Lock(State())

    init(maxBytes: Int, maxEntries: Int) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
        // A thirty-second of the budget is ~2 MiB by default: some 12 000 aliases of typical URLs.
        maxAliasBytes = max(0, maxBytes) / 32
        maxAliases = maxEntries
    }

    private var maxImageBytes: Int { maxBytes - maxAliasBytes }

    var counters: CacheCounters { state.withLock { $0.counters } }

    /// Whether the key's response is stored (a render in flight does not count), without touching counters.
    func holds(_ key: CacheKey) -> Bool { state.withLock { $0.index[key] != nil } }

    /// The entry the target resolved to before, when it is still cached, counted as a hit; nil otherwise.
    func value(aliasedBy target: TargetKey) -> CachedImage? {
        state.withLock { state in
            guard let a = state.aliasIndex[target] else { return nil }
            let i = state.aliases[a].node
            guard state.nodes[i].stamp == state.aliases[a].stamp else {
                state.dropAlias(a)
                return nil
            }
            state.aliases[a].referenced = true
            state.touch(i)
            state.counters.hits += 1
            return state.nodes[i].value
        }
    }

    /// The cached response for the key, or the one `produce` makes (stored when it says it is cacheable;
    /// nil when it failed). When the key is found, `alias` is remembered as a way to reach it: only a target
    /// that resolves to an image already cached gets an alias, so a flood of one-off URLs (cache busters, an
    /// all-miss benchmark) pays for none, and a URL asked twice is parsed twice, then never again.
    /// `produce` runs outside the lock, and at most once at a time per key for callers that `waits`. A caller that
    /// must not block (an event loop, which draws only images quick to draw) passes `waits: false`: a key being
    /// rendered is then rendered again for it, not stored (the first render stores it), and counted a miss.
    func value(
        for key: CacheKey, alias: TargetKey? = nil, waits: Bool = true,
        produce: () -> (value: CachedImage?, cacheable: Bool)
    ) -> (value: CachedImage?, outcome: Outcome) {
        enum Step {
            case hit(CachedImage)
            case wait(Flight)
            case render(Flight)
            case renderAlongside
        }
        let step: Step = state.withLock { state in
            if let i = state.index[key] {
                state.touch(i)
                state.counters.hits += 1
                if let alias { state.remember(alias, node: i, maxAliases: maxAliases, maxAliasBytes: maxAliasBytes) }
                return .hit(state.nodes[i].value)
            }
            if let flight = state.inFlight[key] {
                guard waits else {
                    state.counters.misses += 1
                    return .renderAlongside
                }
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
        case .renderAlongside:
            return (produce().value, .miss)
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
                    _ = state.insert(
                        key, value, cost: value.cost + key.cost, maxBytes: maxImageBytes, maxEntries: maxEntries)
                }
            }
            if made.cacheable, let value = made.value { flight.result.withLock { $0 = value } }
            flight.done.leave()
            return (made.value, .miss)
        }
    }
}

extension RenderCache {
    /// Copies the entry stored under `key`, when a worker made it (`CachedImage.offLoop`), into buffers the calling
    /// thread allocates, and stores the copy in its place while the entry is still that image. The worker's buffers
    /// are freed once the answers in flight release them, and the worker's arena reuses them for its next render.
    /// The service calls it on the event loop once a worker's answer is sent (`HTTPAnswer.later`'s `afterSend`).
    /// The copy's buffers are exactly sized, as the original's are, so the entry's cost is unchanged.
    ///
    /// Why: glibc gives each thread its own allocator arena and keeps freed pages in the arena of the thread that
    /// allocated them. Entries left in the workers' arenas grew those by a whole cache of PNGs while the SVGs'
    /// pages stayed in the loops' arenas, so two sets of pages stayed alive whenever the cache's contents changed
    /// kind (SVGs are drawn on the loops, large PNGs on the workers): with the copy, cached images live in the
    /// loops' arenas whichever thread drew them (docs/decisions.md, "Loops adopt their workers' cache entries").
    func copyWorkerEntry(_ key: CacheKey) {
        let found = state.withLock { state in state.index[key].map { state.nodes[$0].value } }
        guard let found, found.offLoop else { return }
        let copy = found.copied()
        state.withLock { state in
            guard let i = state.index[key], state.nodes[i].value.offLoop, state.nodes[i].value.etag == found.etag
            else { return }
            state.nodes[i].value = copy
        }
    }

    /// Replaces the entry stored under `value.key` with `value` (the same image with another coding added), when the
    /// entry there still has `value`'s ETag; its cost is counted anew and older entries make room. Returns whether
    /// it was stored.
    @discardableResult
    func replace(with value: CachedImage) -> Bool {
        state.withLock { state in
            guard let i = state.index[value.key], state.nodes[i].value.etag == value.etag else { return false }
            let cost = value.cost + value.key.cost
            guard cost <= maxImageBytes else { return false }
            state.touch(i)
            state.counters.bytes += cost - state.nodes[i].cost
            state.nodes[i].value = value
            state.nodes[i].cost = cost
            state.evictOldest(whileOver: maxImageBytes, entries: maxEntries, sparing: i)
            return true
        }
    }
}
