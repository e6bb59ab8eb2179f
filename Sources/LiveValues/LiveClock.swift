import Glibc

/// Seconds on a clock that only goes forward: what freshness and staleness are measured on. Tests inject their own.
public protocol LiveClock: Sendable {
    func now() -> Double
}

/// CLOCK_MONOTONIC, in seconds.
public struct MonotonicClock: LiveClock {
    public init() {}

    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
