import Dispatch
import Synchronization

/// Holds work until the test opens it, so a test orders events by what it saw (who asked, who is waiting inside)
/// rather than by sleeps that a loaded machine or a sanitizer can stretch.
public final class Gate: Sendable {
    private let requests = Atomic<Int>(0)
    private let entries = Atomic<Int>(0)
    private let opened = DispatchSemaphore(value: 0)

    public init() {}

    /// How many times work asked to pass (`ask`), whether or not it has reached the gate yet.
    public var asked: Int { requests.load(ordering: .acquiring) }

    /// How many times work has reached the gate (`pass`).
    public var entered: Int { entries.load(ordering: .acquiring) }

    /// Lets every waiting and future `pass` through.
    public func open() { opened.signal() }

    /// Notes that work is on its way to the gate.
    public func ask() { requests.add(1, ordering: .releasing) }

    /// Waits until the gate is open: at most 300 s, longer than a test waits for what it expects behind the gate
    /// (a sanitized build on a loaded machine has taken over a second to start each thread), so a failed test
    /// cannot leave a thread blocked for ever.
    public func pass() {
        entries.add(1, ordering: .releasing)
        if opened.wait(timeout: .now() + 300) == .success { opened.signal() }
    }
}
