import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport

/// Several `KeepAliveLoad`s, each run on its own thread from the start: a test waits until every one has its first
/// answer, acts on the server (a signal, a reload), then takes what each saw once the server has closed them all.
final class KeepAliveLoads: Sendable {
    let count: Int
    private let running = Atomic<Int>(0)
    private let seen = Lock<[KeepAliveLoad.Outcome]>([])
    private let finished = DispatchGroup()

    init(_ loads: [KeepAliveLoad]) {
        count = loads.count
        for var started in loads {
            started.started = { self.running.add(1, ordering: .relaxed) }
            let load = started
            finished.enter()
            Thread {
                let outcome = load.run()
                self.seen.withLock { $0.append(outcome) }
                self.finished.leave()
            }.start()
        }
    }

    /// True once every load has had its first answer, within `seconds`.
    func allRunning(within seconds: Double) async -> Bool {
        await eventually(within: seconds) { self.running.load(ordering: .relaxed) == self.count }
    }

    /// What each load saw, once all have ended.
    func outcomes() async -> [KeepAliveLoad.Outcome] {
        await finished.completion()
        return seen.withLock { $0 }
    }
}
