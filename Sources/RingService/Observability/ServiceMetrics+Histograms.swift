extension ServiceMetrics {
    /// `progress_rings_http_request_duration_seconds`: each route and outcome seen, from the request's arrival to
    /// its response (a worker's wait and a live value's fetch included; the send is not).
    static func durationExposition(_ durations: [DurationKey: Histogram]) -> String {
        let name = "progress_rings_http_request_duration_seconds"
        var out =
            "# HELP \(name) Time from a request's arrival to its response, by route and outcome.\n"
            + "# TYPE \(name) histogram\n"
        let sorted = durations.sorted {
            ($0.key.route.label, $0.key.outcome.rawValue) < ($1.key.route.label, $1.key.outcome.rawValue)
        }
        for (key, histogram) in sorted {
            out += histogramLines(
                name, labels: "route=\"\(key.route.label)\",outcome=\"\(key.outcome.rawValue)\"", histogram,
                bounds: requestBuckets)
        }
        return out
    }

    /// One histogram's bucket, sum and count lines under `labels` (written `a="x",b="y"`).
    static func histogramLines(_ name: String, labels: String, _ histogram: Histogram, bounds: [Double]) -> String {
        var out = ""
        var cumulative = 0
        for (i, bound) in bounds.enumerated() {
            cumulative += histogram.counts[i]
            out += "\(name)_bucket{\(labels),le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "\(name)_bucket{\(labels),le=\"+Inf\"} \(histogram.count)\n"
        out += "\(name)_sum{\(labels)} \(histogram.sum)\n"
        out += "\(name)_count{\(labels)} \(histogram.count)\n"
        return out
    }
}
