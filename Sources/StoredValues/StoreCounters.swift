import Locking

/// What `/metrics` shows of the store: how long the storage took per write, names held, points pruned.
public final class StoreCounters: Sendable {
    /// Upper bounds of the write-latency buckets, in seconds.
    public static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    /// A snapshot: storage writes per bucket (not cumulative; the last is past every bound), their total time,
    /// the writes the storage failed, names held, points pruned.
    public struct Snapshot: Sendable {
        public var buckets = [Int](repeating: 0, count: StoreCounters.bounds.count + 1)
        public var seconds = 0.0
        public var failures = 0
        public var namesHeld = 0
        public var pointsPruned = 0
    }

    // A lock, not atomics: one write takes it a few times, and writes come at most a few hundred a second.
    private let state = Lock(Snapshot())

    init() {}

    func storeTook(_ elapsed: UInt64, ok: Bool) {
        let seconds = Double(elapsed) / 1e9
        let index = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        state.withLock { s in
            s.buckets[index] += 1
            s.seconds += seconds
            if !ok { s.failures += 1 }
        }
    }

    func setNames(_ count: Int) { state.withLock { $0.namesHeld = count } }

    func pruned(_ count: Int) { state.withLock { $0.pointsPruned += count } }

    public var snapshot: Snapshot { state.withLock { $0 } }
    public var namesHeld: Int { snapshot.namesHeld }
    public var pointsPruned: Int { snapshot.pointsPruned }
}
