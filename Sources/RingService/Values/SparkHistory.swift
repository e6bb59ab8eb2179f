import RingKit

/// A stored value's history as a sparkline draws it: at most one point for each pixel column of the line (and at
/// most `SparkSpec.Limits.points`), the last point exactly as pushed.
enum SparkHistory {
    /// The window a sparkline of a stored value draws when the URL gives none: thirty days.
    static let defaultWindow: Int64 = 30 * 86_400_000

    /// A point as `points=share` draws it: its value as a percent of the max pushed with it (`40` of `42`: 95.24…);
    /// one pushed without a max is of the default 100, so it stays as pushed; of a max of 0 (an empty sprint) it is
    /// 0, as its ring is empty.
    static func share(_ value: Double, of max: Double?) -> Double {
        guard let max else { return value }
        guard max > 0 else { return 0 }
        let share = value / max * 100
        // value/max overflows for a value near the largest double over a tiny max: drawn at the largest finite.
        return share.isFinite ? share : (share > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
    }

    /// How many points a sparkline `width` pixels wide is given at most.
    static func bound(width: Int) -> Int { Swift.max(2, Swift.min(width, SparkSpec.Limits.points)) }

    /// `values` (oldest first) thinned to at most `bound` points: the last kept as it is, so the label and the
    /// threshold color show the current value; the others split, in order, into `bound − 1` runs of nearly equal
    /// length, each drawn as its mean (a run averages away a single outlier, where picking one point per run would
    /// show or hide it by chance). Fewer values than the bound are all kept.
    static func points(_ values: [Double], atMost bound: Int) -> [Double] {
        guard values.count > bound, bound >= 2 else { return values }
        let older = values.count - 1
        let runs = bound - 1
        var points: [Double] = []
        points.reserveCapacity(bound)
        for run in 0..<runs {
            let start = run * older / runs
            let end = (run + 1) * older / runs
            // A running mean: a sum of values near the largest double overflows to infinity.
            var mean = 0.0
            for (n, index) in (start..<end).enumerated() {
                let count = Double(n + 1)
                mean += values[index] / count - mean / count
            }
            points.append(mean)
        }
        points.append(values[older])
        return points
    }
}
