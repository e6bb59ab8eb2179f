/// A snapshot of the render cache's counters.
public struct CacheCounters: Sendable, Hashable {
    public var hits = 0
    /// Requests that waited for another request's render of the same key instead of rendering it again.
    public var coalesced = 0
    public var misses = 0
    public var evictions = 0
    /// Bytes held by cached responses and by aliases, never more than the cache's bound.
    public var bytes = 0
    public var entries = 0
    /// Raw request targets remembered as leading to an entry, so a repeated URL skips parsing.
    public var aliases = 0

    public init() {}
}
