import Dispatch
import Locking

// The cache's storage: entries in an array linked by index (least recently used last), aliases replaced in CLOCK
// order, and the renders in flight. Only `RenderCache` touches it, under its lock.
extension RenderCache {
    struct Node {
        var key: CacheKey
        var value: CachedImage
        var cost: Int
        var newer: Int
        var older: Int
        /// Unique per insertion, 0 once evicted: what an alias checks before it trusts the slot.
        var stamp: UInt64
    }

    /// One raw target's resolution, replaced in CLOCK order: an alias used since the hand last passed survives.
    struct Alias {
        var key: TargetKey?
        var node: Int
        var stamp: UInt64
        var cost: Int
        var referenced: Bool
    }

    /// Entries live in an array linked by index, most recent at `newest`: no allocation per hit.
    struct State {
        var index: [CacheKey: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        var newest = -1
        var oldest = -1
        var inFlight: [CacheKey: Flight] = [:]
        var counters = CacheCounters()
        var nextStamp: UInt64 = 1
        var aliasIndex: [TargetKey: Int] = [:]
        var aliases: [Alias] = []
        var freeAliases: [Int] = []
        var aliasHand = 0
        var aliasBytes = 0
    }

    /// A render in progress; its waiters block on the group until the renderer leaves it.
    final class Flight: Sendable {
        let done = DispatchGroup()
        let result = Lock<CachedImage?>(nil)
    }
}

extension RenderCache.State {
    mutating func unlink(_ i: Int) {
        // The two links only: a copy of the node would retain and release each of its buffers.
        let (newer, older) = (nodes[i].newer, nodes[i].older)
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    }

    mutating func pushNewest(_ i: Int) {
        nodes[i].newer = -1
        nodes[i].older = newest
        if newest >= 0 { nodes[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }

    mutating func touch(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        pushNewest(i)
    }

    /// Stores the entry, evicting the least recently used ones to make room; its slot, or nil when not stored.
    mutating func insert(
        _ key: CacheKey, _ value: CachedImage, cost: Int, maxBytes: Int, maxEntries: Int
    ) -> Int? {
        guard cost <= maxBytes, maxEntries > 0, index[key] == nil else { return nil }
        evictOldest(whileOver: maxBytes - cost, entries: maxEntries - 1, sparing: nil)
        let node = RenderCache.Node(key: key, value: value, cost: cost, newer: -1, older: -1, stamp: nextStamp)
        nextStamp += 1
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
        return i
    }

    /// Evicts least recently used entries until the images hold at most `bytes` and the entries number at most
    /// `entries`, never evicting node `sparing`. An evicted slot holds `CachedImage.vacant`, so its image's memory
    /// goes back at once, not when the slot is reused. (It once held the image being inserted: that one, evicted in
    /// its turn, stayed alive in every slot it had emptied, and a flood of SVGs, then PNGs, held 137 MB for a
    /// 64 MiB cache.)
    mutating func evictOldest(whileOver bytes: Int, entries: Int, sparing: Int?) {
        // `counters.bytes` also holds the aliases, which have their own budget.
        while oldest >= 0 && oldest != sparing
            && (counters.bytes - aliasBytes > bytes || counters.entries > entries)
        {
            let victim = oldest
            unlink(victim)
            index[nodes[victim].key] = nil
            counters.bytes -= nodes[victim].cost
            counters.entries -= 1
            counters.evictions += 1
            nodes[victim].stamp = 0
            nodes[victim].key = .vacant
            nodes[victim].value = .vacant
            free.append(victim)
        }
    }

    /// Makes `key` lead to node `i`, replacing aliases not used since the CLOCK hand last passed them when full.
    mutating func remember(_ key: TargetKey, node i: Int, maxAliases: Int, maxAliasBytes: Int) {
        let cost = key.cost
        guard maxAliases > 0, cost <= maxAliasBytes else { return }
        if let a = aliasIndex[key] {
            aliases[a].node = i
            aliases[a].stamp = nodes[i].stamp
            return
        }
        // Terminates: the first sweep clears every referenced bit, and the cost fits an empty budget.
        while aliasIndex.count >= maxAliases || aliasBytes + cost > maxAliasBytes {
            if aliasHand >= aliases.count { aliasHand = 0 }
            let a = aliasHand
            aliasHand += 1
            guard aliases[a].key != nil else { continue }
            if aliases[a].referenced {
                aliases[a].referenced = false
            } else {
                dropAlias(a)
            }
        }
        let alias = RenderCache.Alias(key: key, node: i, stamp: nodes[i].stamp, cost: cost, referenced: false)
        let a: Int
        if let slot = freeAliases.popLast() {
            aliases[slot] = alias
            a = slot
        } else {
            aliases.append(alias)
            a = aliases.count - 1
        }
        aliasIndex[key] = a
        aliasBytes += cost
        counters.bytes += cost
        counters.aliases += 1
    }

    mutating func dropAlias(_ a: Int) {
        guard let key = aliases[a].key else { return }
        aliasIndex[key] = nil
        aliasBytes -= aliases[a].cost
        counters.bytes -= aliases[a].cost
        counters.aliases -= 1
        aliases[a].key = nil
        freeAliases.append(a)
    }
}
