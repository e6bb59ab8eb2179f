import Dispatch
import Foundation
import HTTPServer
import Locking
import Synchronization
import TestSupport
import Testing

@testable import RingService

struct RenderCacheTests {
    static func key(_ n: Int) -> CacheKey {
        CacheKey(spec: "value=\(n)", format: .svg, maxAge: 86400, varyAccept: false)
    }

    static func image(_ n: Int, bytes: Int) -> CachedImage {
        RingService.cachedImage([UInt8](repeating: 7, count: bytes), key: key(n))
    }

    static func fetch(_ cache: RenderCache, _ n: Int, bytes: Int = 100) -> RenderCache.Outcome {
        cache.value(for: key(n)) { (image(n, bytes: bytes), true) }.outcome
    }

    @Test func keysOfTheSameFieldsAreOneEntryAndEveryFieldTellsThemApart() {
        let base = CacheKey(spec: "value=1", format: .png, maxAge: 60, varyAccept: true)
        let same = CacheKey(spec: String("value=1".reversed().reversed()), format: .png, maxAge: 60, varyAccept: true)
        #expect(base == same && base.hashValue == same.hashValue)
        let others = [
            CacheKey(spec: "value=2", format: .png, maxAge: 60, varyAccept: true),
            CacheKey(spec: "value=1", format: .svg, maxAge: 60, varyAccept: true),
            CacheKey(spec: "value=1", format: .png, maxAge: nil, varyAccept: true),
            CacheKey(spec: "value=1", format: .png, maxAge: 61, varyAccept: true),
            CacheKey(spec: "value=1", format: .png, maxAge: 60, varyAccept: false),
        ]
        for other in others { #expect(other != base) }
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        for key in [base] + others {
            _ = cache.value(for: key) { (RingService.cachedImage([1, 2, 3], key: key), true) }
        }
        #expect(cache.counters.entries == 6)
        #expect(cache.value(for: same) { (nil, false) }.outcome == .hit)
    }

    @Test func secondLookupIsAHitWithTheSameResponse() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        #expect(Self.fetch(cache, 1) == .miss)
        #expect(Self.fetch(cache, 1) == .hit)
        let counters = cache.counters
        #expect(counters.hits == 1 && counters.misses == 1 && counters.entries == 1)
        #expect(counters.bytes > 100)
    }

    @Test func evictsLeastRecentlyUsedFirstWhenEntriesAreFull() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 3)
        for n in 1...3 { _ = Self.fetch(cache, n) }
        _ = Self.fetch(cache, 1)  // 1 is now the most recent; 2 is the oldest
        _ = Self.fetch(cache, 4)
        #expect(cache.counters.evictions == 1)
        #expect(Self.fetch(cache, 1) == .hit)
        #expect(Self.fetch(cache, 3) == .hit)
        #expect(Self.fetch(cache, 4) == .hit)
        #expect(Self.fetch(cache, 2) == .miss)
    }

    @Test func staysWithinItsByteBoundUnderAFloodOfDistinctKeys() {
        let bound = 1 << 20
        let cache = RenderCache(maxBytes: bound, maxEntries: 1_000_000)
        for n in 0..<20_000 {
            _ = Self.fetch(cache, n, bytes: 1000 + n % 500)
            #expect(cache.counters.bytes <= bound)
        }
        let counters = cache.counters
        #expect(counters.entries > 100)
        #expect(counters.evictions == 20_000 - counters.entries)
    }

    /// Whether `body`'s storage is referenced from nowhere else: writing to it then keeps its address.
    static func isUnshared(_ body: inout [UInt8]) -> Bool {
        let before = body.withUnsafeBufferPointer { $0.baseAddress }
        body[0] &+= 1
        return body.withUnsafeBufferPointer { $0.baseAddress } == before
    }

    /// Small images leave their slots free when a large one takes their room; the large one, evicted in its turn,
    /// must be freed then, not kept by those slots until they are reused (the cache's memory would grow past its
    /// bound by every evicted image still held, as a flood of SVGs then PNGs showed: 137 MB in use for 65 MB cached).
    @Test func anEvictedImageIsFreedAtOnceNotKeptByTheSlotsItEmptied() {
        let cache = RenderCache(maxBytes: 64 << 10, maxEntries: 100)
        for n in 1...20 { _ = Self.fetch(cache, n, bytes: 1000) }
        var large = cache.value(for: Self.key(100)) { (Self.image(100, bytes: 50_000), true) }.value!.ok.body
        let freeSlots = cache.counters.evictions
        #expect(freeSlots > 5)
        _ = Self.fetch(cache, 101, bytes: 50_000)
        #expect(!cache.holds(Self.key(100)) && cache.holds(Self.key(101)))
        let unshared = Self.isUnshared(&large)
        #expect(unshared, "an evicted image's body is still referenced")
    }

    /// A worker's entry, copied on a loop, is the same image in buffers of the copying thread; the worker's go as
    /// soon as nothing else holds them. An entry a loop made is left as it is, and a key no longer cached is no-op.
    @Test func copyingAWorkersEntryCopiesItOnceAndFreesTheWorkersBuffers() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        let key = Self.key(1)
        var made = cache.value(for: key) {
            (RingService.cachedImage([UInt8](repeating: 9, count: 5000), key: key, offLoop: true), true)
        }.value!.ok.body
        let cost = cache.value(for: key) { (nil, false) }.value!.cost
        cache.copyWorkerEntry(key)
        let copied = cache.value(for: key) { (nil, false) }
        #expect(copied.outcome == .hit && copied.value?.offLoop == false)
        #expect(copied.value?.ok.body == made && copied.value?.etag == RingService.cachedImage(made, key: key).etag)
        // The copy's buffers are counted as the original's: the cache's bytes stay true.
        #expect(copied.value?.cost == cost && cache.counters.entries == 1)
        let unshared = Self.isUnshared(&made)
        #expect(unshared, "the worker's body is still referenced by the cache")
        // Adopted once: a second call keeps the very same buffer.
        let first = copied.value!.ok.body.withUnsafeBufferPointer { $0.baseAddress }
        cache.copyWorkerEntry(key)
        let again = cache.value(for: key) { (nil, false) }.value!.ok.body.withUnsafeBufferPointer { $0.baseAddress }
        #expect(first == again)
        // A loop's own entry is not copied.
        _ = Self.fetch(cache, 2)
        let own = cache.value(for: Self.key(2)) { (nil, false) }.value!.ok.body.withUnsafeBufferPointer {
            $0.baseAddress
        }
        cache.copyWorkerEntry(Self.key(2))
        let ownAfter = cache.value(for: Self.key(2)) { (nil, false) }.value!.ok.body.withUnsafeBufferPointer {
            $0.baseAddress
        }
        #expect(own == ownAfter)
        cache.copyWorkerEntry(Self.key(3))
        #expect(!cache.holds(Self.key(3)) && cache.counters.entries == 2)
    }

    @Test func refusesAnEntryLargerThanTheWholeCache() {
        let cache = RenderCache(maxBytes: 1000, maxEntries: 10)
        #expect(Self.fetch(cache, 1, bytes: 5000) == .miss)
        #expect(Self.fetch(cache, 1, bytes: 5000) == .miss)
        #expect(cache.counters.entries == 0 && cache.counters.bytes == 0)
    }

    @Test func zeroBytesTurnsCachingOff() {
        let cache = RenderCache(maxBytes: 0, maxEntries: 10)
        #expect(Self.fetch(cache, 1) == .miss)
        #expect(Self.fetch(cache, 1) == .miss)
    }

    @Test func uncacheableResultsAreNotStored() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        let first = cache.value(for: Self.key(1)) { (nil, false) }
        #expect(first.value == nil)
        #expect(Self.fetch(cache, 1) == .miss)
    }

    @Test func concurrentMissesForOneKeyWaitForTheRenderInProgressAndRenderOnce() async {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        let renders = Atomic<Int>(0)
        let gate = Gate()
        let group = DispatchGroup()
        let outcomes = Lock<[RenderCache.Outcome]>([])
        func lookUp() {
            group.enter()
            Thread {
                let outcome = cache.value(for: Self.key(42)) {
                    renders.add(1, ordering: .relaxed)
                    gate.pass()
                    return (Self.image(42, bytes: 10), true)
                }.outcome
                outcomes.withLock { $0.append(outcome) }
                group.leave()
            }.start()
        }
        // The first lookup renders and is held inside its render; the 19 others arrive while it is held. (A thread
        // sanitizer's run on a loaded machine has taken over a second to start each thread: few threads, long waits.)
        lookUp()
        #expect(await eventually(within: 100) { gate.entered == 1 })
        for _ in 0..<19 { lookUp() }
        #expect(await eventually(within: 100) { cache.counters.coalesced == 19 })
        gate.open()
        await group.completion()
        #expect(renders.load(ordering: .relaxed) == 1)
        let all = outcomes.withLock { $0 }
        #expect(all.count == 20)
        #expect(all.filter { $0 == .miss }.count == 1)
        #expect(all.filter { $0 == .coalesced }.count == 19)
        #expect(cache.counters.hits == 0 && cache.counters.misses == 1)
    }

    /// An event loop must not block: a lookup that may not wait, for a key being rendered, renders it itself at once
    /// (the first render still held) and does not store it; the first render's image is the one stored.
    @Test func aLookupThatMayNotWaitRendersAlongsideTheRenderInProgress() async {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 10)
        let gate = Gate()
        let group = DispatchGroup()
        group.enter()
        Thread {
            _ = cache.value(for: Self.key(7)) {
                gate.pass()
                return (Self.image(7, bytes: 10), true)
            }
            group.leave()
        }.start()
        #expect(await eventually(within: 100) { gate.entered == 1 })
        let alongside = cache.value(for: Self.key(7), waits: false) { (Self.image(7, bytes: 20), true) }
        #expect(alongside.outcome == .miss && alongside.value?.ok.body.count == 20)
        #expect(!cache.holds(Self.key(7)) && cache.counters.coalesced == 0 && cache.counters.misses == 2)
        gate.open()
        await group.completion()
        #expect(cache.value(for: Self.key(7)) { (nil, false) }.value?.ok.body.count == 10)
    }
}
