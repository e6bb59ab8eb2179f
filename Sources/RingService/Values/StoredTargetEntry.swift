import HTTPServer
import Locking
import RingKit
import StoredValues

/// What an image of a stored value showed last: the records it was drawn from, the request they were written into,
/// the alias its image is cached under and its headers, so a repeated request for an unchanged value builds none of
/// them again.
struct StoredShown: Sendable {
    var records: [StoredRecord]
    let previous: Double?
    var request: Drawing.Request
    var alias: String
    /// The image's headers: freshness, `X-Source: stored`, and `Last-Modified`, when the newest record arrived.
    var headers: HTTPHeaders
    /// A sparkline's: until when (milliseconds since the epoch) its points hold while its record stays, the
    /// moment its oldest point leaves the window.
    var validUntil = Int64.max
    /// When (milliseconds since the epoch) the image turns stale: its oldest record's time and the target's
    /// `staleAfter`; nil without one.
    var staleAt: Int64? = nil
    /// The oldest record's time, which a stale image's accessible name gives.
    var oldest: Int64 = 0
    /// The newest record's time (`Last-Modified`), which `{age}`, `{time}` and `{date}` write, and whether the
    /// templates write it.
    var newest: Int64 = 0
    var writes = TimeWriting()

    /// Whether the clock decides anything of this image: its look, or its words.
    var isClocked: Bool { staleAt != nil || writes.any }
}

/// A request target worked out before (`StoredTarget`) and what it showed last: kept in `RingService.storedTargets`.
struct StoredTargetEntry: TargetMemoEntry {
    let target: StoredTarget
    var shown: StoredShown?

    /// Counted for the entry itself beside its texts.
    static let overhead = 256

    /// The target twice (the key, and the query the target keeps), the alias and the request's query,
    /// which for a sparkline holds its points.
    func cost(for target: String) -> Int {
        2 * target.utf8.count + (shown?.alias.utf8.count ?? 0) + (shown?.request.query.utf8.count ?? 0) + Self.overhead
    }
}
