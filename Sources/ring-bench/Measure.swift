import Foundation

/// Median and 99th percentile of one operation, in microseconds.
struct Timing {
    var median: Double
    var p99: Double
}

// CPU time of this thread: the machine may be shared, and the cost of an image is what we want, not the wait.
func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs `body` until `seconds` have passed or `maxIterations` samples were taken (after a short warm-up).
/// A sample times `batch` calls and counts their mean: reading the thread's CPU clock costs ~0.7 µs, which would
/// swamp a 2 µs SVG timed alone.
func measure(
    seconds: Double = 0.4, maxIterations: Int = 20000, batch: Int = 1, _ body: () throws -> Int
) rethrows
    -> Timing
{
    for _ in 0..<20 { _ = try body() }
    var samples: [UInt64] = []
    samples.reserveCapacity(maxIterations)
    let deadline = nanoseconds() + UInt64(seconds * 1e9)
    var sink = 0
    while samples.count < maxIterations {
        let t0 = nanoseconds()
        for _ in 0..<batch { sink &+= try body() }
        let t1 = nanoseconds()
        samples.append((t1 - t0) / UInt64(batch))
        if t1 > deadline && samples.count >= 50 { break }
    }
    if sink == -1 { print("") }  // keeps the work observable
    samples.sort()
    let median = Double(samples[samples.count / 2]) / 1000
    let p99 = Double(samples[Swift.min(samples.count - 1, samples.count * 99 / 100)]) / 1000
    return Timing(median: median, p99: p99)
}

func us(_ x: Double) -> String { String(format: x < 10 ? "%.2f" : "%.0f", x) }
