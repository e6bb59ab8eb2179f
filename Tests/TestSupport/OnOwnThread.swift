import Dispatch
import Foundation

// Swift Testing runs test functions on the concurrency pool, which has one thread per core: a test that blocks one
// of them (socket reads, a process's exit, a drain) starves the timing-sensitive tests of other suites running
// beside it, and a client paced by `Task.sleep` on that pool can stall for seconds on a loaded machine, which would
// measure the pool instead of the server. Blocking and long work therefore runs on threads of its own.

/// Runs blocking or timing-sensitive work on a thread of its own and returns its result. Expectations stay in the
/// caller.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension DispatchGroup {
    /// Waits for the group without holding a pool thread.
    public func completion() async {
        await withCheckedContinuation { continuation in
            notify(queue: .global()) { continuation.resume() }
        }
    }
}

extension Duration {
    /// The same span for Dispatch, to the nanosecond.
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
