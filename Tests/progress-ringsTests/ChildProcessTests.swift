import Dispatch
import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The test support's own way of starting programs, which every test that runs the binary, a fixture or a tool
/// relies on: a child gets no descriptor of the test process, so no child can hold another's pipe or exit signal.
struct ChildProcessTests {
    /// However many descriptors other threads open meanwhile, a child holds its three standard ones and no other.
    /// (Read on a thread of its own: the test pool can be busy for a minute under a sanitizer.)
    @Test func aChildHoldsOnlyItsThreeStandardDescriptors() async throws {
        let held = try await onOwnThread {
            let stop = Lock(false)
            let churn = DispatchGroup()
            churn.enter()
            Thread {
                // Pipes opened and closed as fast as the thread can, as parallel tests do.
                while !stop.withLock({ $0 }) {
                    var fds: [Int32] = [0, 0]
                    if pipe(&fds) == 0 {
                        close(fds[0])
                        close(fds[1])
                    }
                }
                churn.leave()
            }.start()
            let children = try (0..<20).map { _ in
                try ChildProcess(
                    executable: "/bin/sleep", arguments: ["600"], input: .pipe, output: .pipe, errors: .pipe)
            }
            stop.withLock { $0 = true }
            churn.wait()
            defer {
                for child in children {
                    child.signal(SIGKILL)
                    child.waitUntilExit()
                }
            }
            return try children.map {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/\($0.processIdentifier)/fd").sorted()
            }
        }
        #expect(held.count == 20)
        for descriptors in held {
            #expect(descriptors == ["0", "1", "2"])
        }
    }

    /// A short program's end is seen at once while long-lived ones, started in the same instants on another thread,
    /// still run. (With Foundation's `Process`, about one short run in 150 was seen only when a long one ended.)
    @Test func aShortRunsEndIsSeenWhileLongOnesStartedBesideItLive() async throws {
        let slowest = try await onOwnThread {
            let stop = Lock(false)
            let longOnes = Lock<[ChildProcess]>([])
            let starter = DispatchGroup()
            starter.enter()
            Thread {
                while !stop.withLock({ $0 }), longOnes.withLock({ $0.count }) < 60 {
                    if let child = try? ChildProcess(executable: "/bin/sleep", arguments: ["600"], output: .pipe) {
                        longOnes.withLock { $0.append(child) }
                    }
                }
                starter.leave()
            }.start()
            defer {
                stop.withLock { $0 = true }
                starter.wait()
                for child in longOnes.withLock({ $0 }) {
                    child.signal(SIGKILL)
                    child.waitUntilExit()
                }
            }
            let runs = try (0..<60).map { _ in try ExternalCommand.run("true", [], limit: .seconds(20)) }
            #expect(runs.allSatisfy { $0.status == 0 })
            return runs.map(\.elapsed).max() ?? .zero
        }
        #expect(slowest < .seconds(5), "the slowest of 60 short runs took \(slowest)")
    }
}
