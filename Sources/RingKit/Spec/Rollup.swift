/// A roll-up (`reduce`): one value made of a list (numbers in the URL, stored values, a Prometheus vector, a JSON
/// array), drawn as that one value. Its scale goes with it: a sum is drawn against the sum of the scales ("4/6 up"
/// of six 0/1 values), a count against the number of values.
public enum Rollup: String, Sendable, Hashable, CaseIterable {
    case min, max, sum, avg, count

    /// The most values a roll-up reads from a URL's list (a vector or an array read live may hold more).
    public static let listLimit = 100

    /// The one value, and the `min…max` it is drawn against, of `values` (at least one), each drawn against
    /// `min…maxima[i]`:
    /// - `min`, `max`: the smallest or largest value, with its own scale;
    /// - `sum`: the sum, against the sum of the scales (`n × min … Σ maxima`);
    /// - `avg`: the mean, against the mean of the maxima;
    /// - `count`: how many values are non-zero (an `up` of 1, a check that passed), against `0…n`.
    /// Nil where the scale the sum gives is not finite (more than a Double holds).
    public func apply(
        _ values: [Double], maxima: [Double], min: Double
    ) -> (value: Double, min: Double, max: Double)? {
        precondition(!values.isEmpty && values.count == maxima.count)
        let n = Double(values.count)
        switch self {
        case .min, .max:
            var chosen = 0
            for index in values.indices.dropFirst()
            where self == .min ? values[index] < values[chosen] : values[index] > values[chosen] {
                chosen = index
            }
            return (values[chosen], min, maxima[chosen])
        case .sum:
            let result = (values.reduce(0, +), min * n, maxima.reduce(0, +))
            return result.0.isFinite && result.1.isFinite && result.2.isFinite && (result.2 - result.1).isFinite
                ? result : nil
        case .avg:
            // Summed as means, so a list of huge numbers does not overflow on the way.
            let mean = values.reduce(0) { $0 + $1 / n }
            return (mean, min, maxima.reduce(0) { $0 + $1 / n })
        case .count:
            return (Double(values.count { $0 != 0 }), 0, n)
        }
    }

    /// What `reduce` accepts, as a refusal says it.
    static let accepted = "min, max, sum, avg or count"
}
