import Dispatch
import Synchronization

/// Where the server is in its life (running, draining, stopping), how many connections are open and which threads
/// still run: what `HTTPServer` and its event loops agree on to drain and stop.
final class ServerLifecycle: Sendable {
    enum Command: Int {
        case run = 0
        case drain = 1
        case stop = 2
    }

    let command = Atomic<Int>(Command.run.rawValue)
    let openConnections = Atomic<Int>(0)
    /// One entry per loop thread and per worker thread still running; `HTTPServer.waitUntilStopped` waits for it.
    let threads = DispatchGroup()
    /// Signalled each time the last open connection closes once a drain has begun: what `HTTPServer.drain` waits on.
    let allClosed = DispatchSemaphore(value: 0)

    /// Counts a connection closed (or refused after it was counted), and wakes a drain waiting for the last one.
    func connectionClosed() {
        let left = openConnections.subtract(1, ordering: .acquiringAndReleasing).newValue
        if left == 0 && command.load(ordering: .acquiring) != Command.run.rawValue { allClosed.signal() }
    }

    var currentCommand: Command {
        Command(rawValue: command.load(ordering: .acquiring)) ?? .stop
    }

    /// Moves forward only: run → drain → stop.
    func raise(to next: Command) {
        var current = command.load(ordering: .relaxed)
        while current < next.rawValue {
            let (exchanged, original) = command.compareExchange(
                expected: current, desired: next.rawValue, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
