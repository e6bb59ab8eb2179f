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
/// The long-lived children here are `cat` reading a pipe from the test: they end with the test process, whatever
/// becomes of it. Everything runs on a thread of its own (the test pool can be busy for a minute under a sanitizer).
struct ChildProcessTests {
    /// However many descriptors other threads open meanwhile, a child holds its three standard ones and no other.
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
            let children = Lock<[ChildProcess]>([])
            defer {
                stop.withLock { $0 = true }
                churn.wait()
                Self.end(children.withLock { $0 })
            }
            for _ in 0..<20 {
                let child = try ChildProcess(executable: "/bin/cat", arguments: [], input: .pipe, output: .pipe)
                children.withLock { $0.append(child) }
            }
            stop.withLock { $0 = true }
            // A program just started may hold a descriptor of its own for a moment (the loader opening a library):
            // each is read until it holds 0-2 alone or 5 s have passed. One handed over at the spawn never goes.
            return children.withLock { $0 }.map { child in
                let path = "/proc/\(child.processIdentifier)/fd"
                let deadline = ContinuousClock.now + .seconds(5)
                var descriptors = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
                while descriptors != ["0", "1", "2"] && ContinuousClock.now < deadline {
                    usleep(10_000)
                    descriptors = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
                }
                return descriptors
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
                    if let child = try? ChildProcess(executable: "/bin/cat", arguments: [], input: .pipe) {
                        longOnes.withLock { $0.append(child) }
                    }
                }
                starter.leave()
            }.start()
            defer {
                stop.withLock { $0 = true }
                starter.wait()
                Self.end(longOnes.withLock { $0 })
            }
            let runs = try (0..<60).map { _ in try ExternalCommand.run("true", [], limit: .seconds(20)) }
            #expect(runs.allSatisfy { $0.status == 0 })
            return runs.map(\.elapsed).max() ?? .zero
        }
        #expect(slowest < .seconds(5), "the slowest of 60 short runs took \(slowest)")
    }

    /// Closes each child's input (so `cat` ends) and waits for it.
    static func end(_ children: [ChildProcess]) {
        for child in children { try? child.input?.close() }
        for child in children { child.waitUntilExit() }
    }
}
