import LiveValues

/// The live-value families of `/metrics`: fetches by host and outcome, their durations, stale answers, requests
/// that joined a fetch in flight, and the values held.
enum LiveMetrics {
    static func exposition(_ c: LiveCounters) -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family(
            "progress_rings_live_fetches_total", "counter",
            "Live-value fetches, by host, Prometheus server (its configured name; empty for a JSON document) and "
                + "outcome (ok, or why the value could not be read).")
        let sorted = c.fetches.sorted {
            ($0.key.host, $0.key.server, $0.key.outcome) < ($1.key.host, $1.key.server, $1.key.outcome)
        }
        for (fetch, count) in sorted {
            out += "progress_rings_live_fetches_total{host=\"\(label(fetch.host))\",server=\"\(label(fetch.server))\","
            out += "outcome=\"\(fetch.outcome)\"} \(count)\n"
        }
        family("progress_rings_live_fetch_duration_seconds", "histogram", "Time one live-value fetch took.")
        for (i, bound) in LiveCounters.durationBounds.enumerated() {
            out += "progress_rings_live_fetch_duration_seconds_bucket{le=\"\(bound)\"} \(c.durationBuckets[i])\n"
        }
        out += "progress_rings_live_fetch_duration_seconds_bucket{le=\"+Inf\"} \(c.durationCount)\n"
        out += "progress_rings_live_fetch_duration_seconds_sum \(c.durationSum)\n"
        out += "progress_rings_live_fetch_duration_seconds_count \(c.durationCount)\n"
        family(
            "progress_rings_live_stale_answers_total", "counter",
            "Images drawn with a value past its freshness because reading it again failed.")
        out += "progress_rings_live_stale_answers_total \(c.staleAnswers)\n"
        family(
            "progress_rings_live_coalesced_total", "counter",
            "Requests that waited for a fetch of the same document already in flight instead of starting one.")
        out += "progress_rings_live_coalesced_total \(c.coalesced)\n"
        family(
            "progress_rings_live_values", "gauge",
            "Live values held (each fetched document read as one number and as a list), and failures remembered.")
        out += "progress_rings_live_values \(c.valuesHeld)\n"
        return out
    }

    /// A host as a label value: host names hold no quote or backslash, but the exposition escapes them anyway.
    private static func label(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }
}
