import LiveValues
import Locking

/// What a live request's target resolved to: the source, and which parameters the document may supply because the
/// URL does not give them (the URL's own win).
struct LiveTarget: Sendable {
    let source: LiveSource
    /// A badge without a label of its own takes a shields endpoint document's `label`.
    let takesLabel: Bool
    /// An image without `color` takes a shields endpoint document's `color`.
    let takesColor: Bool
    /// An image without `max` takes the value at `maxQuery`.
    let takesMax: Bool
}

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
