/// What `/metrics` shows about live values: fetches by host and outcome, their durations, stale answers, the
/// values held, and requests that waited for another's fetch (single flight at work).
public struct LiveCounters: Sendable, Hashable {
    public struct Fetch: Sendable, Hashable {
        public var host: String
        /// The configured Prometheus server's name (several may share a host, as tenants of one Mimir do); empty
        /// for a JSON document.
        public var server: String
        /// `ok`, a `LiveError.Kind` raw value (`timeout`, `status`, `too_large`, `many_series`, …), or `open`
        /// (`breakerOpen`).
        public var outcome: String

        public init(host: String, server: String = "", outcome: String) {
            self.host = host
            self.server = server
            self.outcome = outcome
        }
    }

    /// The outcome of a request for a source whose breaker is open, answered from what it last gave instead of
    /// fetching it or waiting for its probe.
    public static let breakerOpen = "open"
    /// The histogram's upper bounds, in seconds.
    public static let durationBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// Distinct hosts counted by name; the rest count as `other`, so `*.suffix` patterns cannot grow the metrics.
    public static let maxHosts = 64

    public var fetches: [Fetch: Int] = [:]
    /// Fetches that took at most each bound, cumulative as Prometheus histograms are; then the sum and count.
    public var durationBuckets = [Int](repeating: 0, count: durationBounds.count)
    public var durationSum = 0.0
    public var durationCount = 0
    /// Answers given with a stale value.
    public var staleAnswers = 0
    /// Requests that joined a fetch already in flight instead of starting one.
    public var coalesced = 0
    /// Sources held in the value cache (values, and failures remembered until their retry).
    public var valuesHeld = 0

    /// All fetches, whatever the host and outcome.
    public var totalFetches: Int { fetches.values.reduce(0, +) }

    mutating func countFetch(host: String, server: String, outcome: String, seconds: Double?) {
        var label = host
        if fetches.keys.first(where: { $0.host == host }) == nil
            && Set(fetches.keys.map(\.host)).count >= Self.maxHosts
        {
            label = "other"
        }
        fetches[Fetch(host: label, server: server, outcome: outcome), default: 0] += 1
        guard let seconds else { return }
        for (i, bound) in Self.durationBounds.enumerated() where seconds <= bound { durationBuckets[i] += 1 }
        durationSum += seconds
        durationCount += 1
    }
}
