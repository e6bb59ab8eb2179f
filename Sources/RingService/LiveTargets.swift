import Locking

/// Request targets resolved to their live source before, so a repeated live URL is not parsed or checked again
/// (the URL, the allow-list, the paths): the lookup a cached live image costs beside a plain one. Bounded in
/// bytes; when full it starts over, as the sources are cheap to resolve again.
final class LiveTargets: Sendable {
    private struct State {
        var targets: [String: LiveTarget] = [:]
        var bytes = 0
    }

    /// Target bytes held at most, with `overhead` each for the entry itself.
    let maxBytes: Int
    static let overhead = 160
    private let state = Lock(State())

    init(maxBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
    }

    func target(_ target: String) -> LiveTarget? {
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
            s.targets[target] = live
            s.bytes += cost
        }
    }

    var count: Int { state.withLock { $0.targets.count } }
}
