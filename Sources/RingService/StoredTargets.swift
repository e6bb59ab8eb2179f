import HTTPServer
import Locking
import RingKit
import StoredValues

/// Request targets worked out before (`StoredTarget`), with what each showed last, so a repeated request for an
/// unchanged value is neither parsed nor written again: the lookup an image of a stored value costs beside a plain
/// one. Bounded in bytes; when full it starts over, as a target is cheap to work out again.
final class StoredTargets: Sendable {
    struct Shown: Sendable {
        var records: [StoredRecord]
        let previous: Double?
        let request: Drawing.Request
        let alias: String
        /// The image's headers: freshness, `X-Source: stored`, and `Last-Modified`, when the newest record arrived.
        let headers: HTTPHeaders
        /// A sparkline's: until when (milliseconds since the epoch) its points hold while its record stays, the
        /// moment its oldest point leaves the window.
        var validUntil = Int64.max
    }

    struct Entry: Sendable {
        let target: StoredTarget
        var shown: Shown?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    let maxBytes: Int
    static let overhead = 256
    private let state = Lock(State())

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    func entry(_ target: String) -> Entry? {
        state.withLock { $0.entries[target] }
    }

    func remember(_ entry: Entry, for target: String) {
        let cost = 2 * target.utf8.count + (entry.shown?.alias.utf8.count ?? 0) + Self.overhead
        state.withLock { s in
            if s.bytes + cost > maxBytes {
                s.entries.removeAll(keepingCapacity: true)
                s.bytes = 0
            }
            if s.entries.updateValue(entry, forKey: target) == nil { s.bytes += cost }
        }
    }
}
