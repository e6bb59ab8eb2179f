import LiveValues
import Locking

/// What a live target showed last: the reading, the alias its image is cached under and its `Last-Modified`, so a
/// repeated request for an unchanged value builds neither again.
struct LiveShown: Sendable {
    let reading: LiveReading
    /// The target and the value's parameters: `TargetKey`'s text for this value.
    let alias: String
    let lastModified: String
}

/// Request targets resolved to their live source before, so a repeated live URL is not parsed or checked again
/// (the URL, the allow-list, the paths): the lookup a cached live image costs beside a plain one. Bounded in
/// bytes; when full it starts over, as the sources are cheap to resolve again.
final class LiveTargets: Sendable {
    struct Entry: Sendable {
        let target: LiveTarget
        var shown: LiveShown?
    }

    private struct State {
        var targets: [String: Entry] = [:]
        var bytes = 0
    }

    /// Target bytes held at most, with `overhead` each for the entry itself.
    let maxBytes: Int
    static let overhead = 160
    private let state = Lock(State())

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    func entry(_ target: String) -> Entry? {
        state.withLock { $0.targets[target] }
    }

    func remember(_ live: LiveTarget, for target: String) {
        let cost = target.utf8.count + Self.overhead
        state.withLock { s in
            guard s.targets[target] == nil else { return }
            if s.bytes + cost > maxBytes {
                s.targets.removeAll(keepingCapacity: true)
                s.bytes = 0
            }
            s.targets[target] = Entry(target: live)
            s.bytes += cost
        }
    }

    /// Notes what the target showed; its alias text counts against the bound with the target.
    func remember(_ shown: LiveShown, for target: String) {
        state.withLock { s in
            guard s.targets[target] != nil else { return }
            s.bytes += (shown.alias.utf8.count - (s.targets[target]!.shown?.alias.utf8.count ?? 0))
            s.targets[target]!.shown = shown
        }
    }

    var count: Int { state.withLock { $0.targets.count } }
}
