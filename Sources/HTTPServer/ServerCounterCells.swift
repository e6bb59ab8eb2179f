import Synchronization

/// The cells every event loop adds to; `snapshot` reads them as `HTTPServerCounters`.
final class ServerCounterCells: Sendable {
    let acceptedConnections = Atomic<Int>(0)
    let rejectedConnections = Atomic<Int>(0)
    let protocolErrors = Atomic<Int>(0)
    let headerTimeouts = Atomic<Int>(0)
    let sendTimeouts = Atomic<Int>(0)
    let acceptPauses = Atomic<Int>(0)

    var snapshot: HTTPServerCounters {
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
