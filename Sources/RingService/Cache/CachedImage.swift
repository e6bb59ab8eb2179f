import HTTPServer

/// A rendered image as the cache holds it: its answers, serialized, so a hit answers without formatting or
/// allocating. An SVG is compressed the first time a client asks for gzip, and the entry replaced with one that holds
/// both codings.
struct CachedImage: Sendable {
    /// Where the cache keeps it: what a coding added later is stored under.
    let key: CacheKey
    let representations: Representations
    /// Whether the image may go out gzip-compressed (SVG); its `Vary: Accept-Encoding` says so either way.
    let compressible: Bool
    /// Made on a worker thread: its buffers sit in that thread's allocator arena until an event loop copies it
    /// (`RenderCache.copyWorkerEntry`, which says why).
    var offLoop = false

    var etag: String { representations.etag }

    /// The identity 200 (for error images, the one answer there is).
    var ok: HTTPResponse { representations.identity.ok }

    /// Bytes this entry holds in memory, counted against the cache's bound: every buffer at its capacity,
    /// allocator overhead, and the entry's share of the cache's own index. Counting only the image bytes would let
    /// the process grow to twice the bound.
    var cost: Int { representations.cost + Self.entryOverhead }

    /// The cache's node, index slot and growth slack for one entry, measured rather than derived: 90,000 distinct
    /// SVG rings in a cache that evicts none grew the process by 2,320 bytes each, of which the buffers above
    /// account for 1,780 (docs/decisions.md, "Cache entries count what they hold", says how it was measured).
    static let entryOverhead = 560

    /// What an evicted slot of the cache holds until it is reused: one shared value, so the slot keeps no image.
    static let vacant = CachedImage(
        key: .vacant,
        representations: Representations(
            error: .init(ok: HTTPResponse(status: .ok), notModified: HTTPResponse(status: .notModified))),
        compressible: false)

    /// The same entry in buffers allocated by the calling thread (the key, made on a loop, is shared).
    func copied() -> CachedImage {
        CachedImage(key: key, representations: representations.copied(), compressible: compressible)
    }

    /// A heap block: the array or string header, the allocator's own header, and rounding to 16 bytes.
    static func allocation(_ bytes: Int) -> Int {
        bytes == 0 ? 0 : (bytes + 32 + 16 + 15) & ~15
    }

    /// A copy of the bytes in a buffer of exactly their size: renderers reserve room generously, and a cache of
    /// thousands of images would otherwise keep every unused tail.
    static func compact(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity > bytes.count + 32 else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            _ = buffer.initialize(from: bytes)
            count = bytes.count
        }
    }
}
