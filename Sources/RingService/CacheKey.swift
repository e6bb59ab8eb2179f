import RingKit

/// What identifies one cached response: the canonical spec (never the raw query), the format, and what else
/// changes the response head.
struct CacheKey: Hashable, Sendable {
    let spec: String
    let format: ImageFormat
    /// The effective Cache-Control max-age, which `cacheSeconds` may raise; nil for an image of a live value, whose
    /// Cache-Control follows the value's freshness and is added to each answer.
    let maxAge: Int?
    /// `/ring` answers with `Vary: Accept`; the suffixed routes do not.
    let varyAccept: Bool

    /// Bytes the key itself holds in the cache, counted against its bound.
    var cost: Int { CachedImage.allocation(spec.utf8.count) }
}
