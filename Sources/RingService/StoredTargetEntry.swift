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
        /// Each entry with the bytes it was counted at.
        var entries: [String: (entry: Entry, cost: Int)] = [:]
        var bytes = 0
    }

    let maxBytes: Int
    static let overhead = 256
    private let state = Lock(State())

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    func entry(_ target: String) -> Entry? {
        state.withLock { $0.entries[target]?.entry }
    }

    /// Keeps `entry` for `target`, counted at its texts' bytes (the target, the alias and the request's query,
    /// which for a sparkline holds its points) and replacing what the target held, whose bytes are given back.
    func remember(_ entry: Entry, for target: String) {
        let shownBytes = (entry.shown?.alias.utf8.count ?? 0) + (entry.shown?.request.query.utf8.count ?? 0)
        let cost = 2 * target.utf8.count + shownBytes + Self.overhead
        state.withLock { s in
            if let old = s.entries[target] { s.bytes -= old.cost }
            if s.bytes + cost > maxBytes {
                s.entries.removeAll(keepingCapacity: true)
                s.bytes = 0
            }
            s.entries[target] = (entry, cost)
            s.bytes += cost
        }
    }
}
