import Locking
import StoredValues

/// Writes to stored values by outcome, and the store's own figures, for `/metrics`.
final class ValueMetrics: Sendable {
    enum Outcome: String, Sendable, CaseIterable {
        case stored, deleted
        case badRequest = "bad_request"
        case unauthorized, forbidden
        case lengthRequired = "length_required"
        case tooLarge = "too_large"
        case full, unavailable
        case unsupported = "unsupported_media_type"
    }

    private let writes = Lock<[Outcome: Int]>([:])

    func count(_ outcome: Outcome) { writes.withLock { $0[outcome, default: 0] += 1 } }

    func exposition(_ store: ValueStore) -> String {
        var out = "# HELP progress_rings_value_writes_total Pushes and deletions of stored values, by outcome.\n"
        out += "# TYPE progress_rings_value_writes_total counter\n"
        let counts = writes.withLock { $0 }
        for outcome in Outcome.allCases {
            out += "progress_rings_value_writes_total{outcome=\"\(outcome.rawValue)\"} \(counts[outcome] ?? 0)\n"
        }
        let figures = store.counters.snapshot
        out += "# HELP progress_rings_value_store_seconds Time the value store took to make one write durable.\n"
        out += "# TYPE progress_rings_value_store_seconds histogram\n"
        var cumulative = 0
        for (i, bound) in StoreCounters.bounds.enumerated() {
            cumulative += figures.buckets[i]
            out += "progress_rings_value_store_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        let total = figures.buckets.reduce(0, +)
        out += "progress_rings_value_store_seconds_bucket{le=\"+Inf\"} \(total)\n"
        out += "progress_rings_value_store_seconds_sum \(figures.seconds)\n"
        out += "progress_rings_value_store_seconds_count \(total)\n"
        out += "# HELP progress_rings_value_store_failures_total Writes the value store failed (answered 503).\n"
        out += "# TYPE progress_rings_value_store_failures_total counter\n"
        out += "progress_rings_value_store_failures_total \(figures.failures)\n"
        out +=
            "# HELP progress_rings_values_held Stored values (names) held.\n# TYPE progress_rings_values_held gauge\n"
        out += "progress_rings_values_held \(figures.namesHeld)\n"
        out += "# HELP progress_rings_value_points_pruned_total History points pruned or thinned out.\n"
        out += "# TYPE progress_rings_value_points_pruned_total counter\n"
        out += "progress_rings_value_points_pruned_total \(figures.pointsPruned)\n"
        return out
    }
}
