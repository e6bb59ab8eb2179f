#if canImport(Glibc)
    import Glibc
#endif

/// A point on the monotonic clock in nanoseconds. The event loop reads the clock once per wake-up and passes the
/// value down, so the connection logic never reads a clock itself and is tested with made-up times.
struct MonotonicInstant: Comparable, Hashable, Sendable {
    var nanoseconds: Int64

    static func now() -> MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    static func + (a: MonotonicInstant, b: Duration) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: a.nanoseconds &+ b.nanosecondsClamped)
    }
}

extension Duration {
    /// This duration in whole nanoseconds, saturating at about 292 years.
    var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
