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
    /// The seconds of the `Refresh` header the URL asked for (`refresh`); nil: none.
    let refresh: Int?
    /// The fields' hash (the process's seeded Hasher), computed once: a miss looks its key up in the index and the
    /// table of renders in flight, inserts it in both and evicts an older one, and each time hashed the whole spec.
    private let digest: Int

    init(spec: String, format: ImageFormat, maxAge: Int?, varyAccept: Bool, refresh: Int? = nil) {
        self.spec = spec
        self.format = format
        self.maxAge = maxAge
        self.varyAccept = varyAccept
        self.refresh = refresh
        var hasher = Hasher()
        hasher.combine(spec)
        hasher.combine(format)
        hasher.combine(maxAge)
        hasher.combine(varyAccept)
        hasher.combine(refresh)
        digest = hasher.finalize()
    }

    /// What an evicted slot holds until it is reused (no index leads to it).
    static let vacant = CacheKey(spec: "", format: .svg, maxAge: 0, varyAccept: false)

    static func == (a: CacheKey, b: CacheKey) -> Bool {
        a.digest == b.digest && a.spec == b.spec && a.format == b.format && a.maxAge == b.maxAge
            && a.varyAccept == b.varyAccept && a.refresh == b.refresh
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Bytes the key itself holds in the cache, counted against its bound.
    var cost: Int { CachedImage.allocation(spec.utf8.count) }
}
