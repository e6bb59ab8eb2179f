import Foundation
import Locking
import Synchronization
import TestSupport

@testable import LiveValues

/// A clock the test moves by hand, to cross freshness and staleness deadlines without waiting for them.
final class ManualClock: LiveClock {
    private let seconds = Lock(1000.0)

    func now() -> Double { seconds.withLock { $0 } }

    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}

/// Live values with the test's settings; private addresses allowed unless the test says otherwise, because the
/// fixture server itself is on 127.0.0.1.
func makeLive(
    clock: any LiveClock = MonotonicClock(), resolve: [String] = [], _ change: (inout LiveSettings) -> Void = { _ in }
) throws -> LiveValues {
    var settings = LiveSettings()
    settings.hosts = ["127.0.0.1"]
    settings.allowPrivateAddresses = true
    settings.timeout = 2
    change(&settings)
    return try LiveValues(settings: settings, version: "9.9.9-test", clock: clock, resolve: resolve)
}

extension LiveValues {
    /// Parses the parameters and fetches (or looks up) the source: what a request does.
    func read(
        url: String? = nil, query: String? = nil, maxQuery: String? = nil, prometheus: String? = nil,
        server: String? = nil
    ) throws -> LiveAnswer {
        guard
            let source = try source(url: url, query: query, maxQuery: maxQuery, prometheus: prometheus, server: server)
        else { throw TestFailure("no live parameter given") }
        return lookup(source) ?? fetch(source)
    }
}

extension LiveAnswer {
    var reading: LiveReading? {
        switch self {
        case .fresh(let r, _), .stale(let r, _): r
        case .failed: nil
        }
    }

    var value: Double? { reading?.value }

    var error: LiveError? {
        switch self {
        case .fresh: nil
        case .stale(_, let e), .failed(let e): e
        }
    }

    var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
}
