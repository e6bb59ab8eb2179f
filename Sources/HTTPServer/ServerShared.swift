import Dispatch
import Synchronization

/// State the server's caller and its event loops share: the command the loops follow and the counters.
final class ServerShared: Sendable {
    enum Command: Int {
        case run = 0
        case drain = 1
        case stop = 2
    }

    let command = Atomic<Int>(Command.run.rawValue)
    let openConnections = Atomic<Int>(0)
    let acceptedConnections = Atomic<Int>(0)
    let rejectedConnections = Atomic<Int>(0)
    let protocolErrors = Atomic<Int>(0)
    let headerTimeouts = Atomic<Int>(0)
    let sendTimeouts = Atomic<Int>(0)
    let acceptPauses = Atomic<Int>(0)
    /// Until this monotonic instant (nanoseconds) the loops keep a short scheduler slice: a second after a worker
    /// last started or finished an answer (see `WorkerHandOff.workerSlice`).
    let workersBusyUntil = Atomic<Int64>(0)
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

    var counters: HTTPServerCounters {
        var counters = HTTPServerCounters()
        counters.acceptedConnections = acceptedConnections.load(ordering: .relaxed)
        counters.rejectedConnections = rejectedConnections.load(ordering: .relaxed)
        counters.protocolErrors = protocolErrors.load(ordering: .relaxed)
        counters.headerTimeouts = headerTimeouts.load(ordering: .relaxed)
        counters.sendTimeouts = sendTimeouts.load(ordering: .relaxed)
        counters.acceptPauses = acceptPauses.load(ordering: .relaxed)
        return counters
    }
}
