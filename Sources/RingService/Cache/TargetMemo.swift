import Locking

/// What a `TargetMemo` keeps for one request target.
protocol TargetMemoEntry: Sendable {
    /// The bytes the entry counts against the memo's bound, kept under `target`: its texts and a share for itself.
    func cost(for target: String) -> Int
}

/// Request targets worked out before, each with what it showed last, so a repeated request for an unchanged value
/// is neither parsed nor checked nor written again: the lookup that an image of a live or stored value costs beside
/// a plain one (`LiveTargetEntry`, `StoredTargetEntry`). Bounded in bytes; when full it starts over, as a target is
/// cheap to work out again.
final class TargetMemo<Entry: TargetMemoEntry>: Sendable {
    private struct State {
        /// Each entry with the bytes it was counted at.
        var entries: [String: (entry: Entry, cost: Int)] = [:]
        var bytes = 0
    }

    let maxBytes: Int
    private let state = Lock(State())

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    func entry(_ target: String) -> Entry? {
        state.withLock { $0.entries[target]?.entry }
    }

    /// Keeps `entry` for `target`, replacing what the target held, whose bytes are given back.
    func remember(_ entry: Entry, for target: String) {
        let cost = entry.cost(for: target)
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

    var count: Int { state.withLock { $0.entries.count } }
    var bytes: Int { state.withLock { $0.bytes } }
}
