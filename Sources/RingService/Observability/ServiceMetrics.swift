import FoundationEssentials
import Glibc
import LiveValues
import Locking
import RingKit

/// Counters and histograms of the service, exposed as Prometheus text (format 0.0.4).
final class ServiceMetrics: Sendable {
    struct RequestKey: Hashable, Sendable {
        let route: MetricsRoute
        /// `nil` for routes that serve no image.
        let format: ImageFormat?
        let status: Int
        let outcome: Outcome
    }

    /// What a request was answered with, so that error images served with `errorStatus` 200 are told apart from
    /// images: a closed set, as every label value is.
    enum Outcome: String, Sendable {
        /// The image asked for (200, or 206/HEAD alike).
        case image
        /// An image stating a problem (it carries `X-Error`), whatever its status.
        case errorImage = "error_image"
        /// 304: the client's copy is current.
        case notModified = "not_modified"
        /// A page, a health answer or the metrics.
        case page
        /// Anything else: no such route, a method not allowed, a refused request.
        case refused

        /// Classifies `status` and whether the answer carries `X-Error`, for an image route or another.
        init(imageRoute: Bool, status: Int, hasError: Bool) {
            if hasError && imageRoute {
                self = .errorImage
            } else if status == 304 {
                self = .notModified
            } else if (200..<300).contains(status) {
                self = imageRoute ? .image : .page
            } else {
                self = .refused
            }
        }
    }

    /// Upper bounds of the render-duration buckets, in seconds.
    static let renderBuckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25]

    struct Histogram: Sendable {
        var counts: [Int]
        var sum = 0.0
        var count = 0

        init(buckets: Int = ServiceMetrics.renderBuckets.count) { counts = [Int](repeating: 0, count: buckets) }

        mutating func observe(_ seconds: Double, bounds: [Double]) {
            if let bucket = bounds.firstIndex(where: { seconds <= $0 }) { counts[bucket] += 1 }
            sum += seconds
            count += 1
        }
    }

    /// Upper bounds of the request-duration buckets, in seconds: from a cached hit (tens of microseconds) to a live
    /// value's fetch (seconds).
    static let requestBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// A request-duration series: the route and the outcome, both closed sets (never the client or the URL).
    struct DurationKey: Hashable, Sendable {
        let route: MetricsRoute
        let outcome: Outcome
    }

    /// Requests refused for their client's sake, by why: a closed set.
    enum ClientRefusal: String, Sendable, CaseIterable {
        /// The client had `clientQueue` other images waiting for a worker.
        case queue
        /// The client spent its rate (`clientRate`, `clientBurst`).
        case rate
    }

    private struct RequestCounts {
        var answers: [RequestKey: Int] = [:]
        var durations: [DurationKey: Histogram] = [:]
    }

    private let requests = Lock(RequestCounts())
    private let clientRefusals = Lock([ClientRefusal: Int]())
    private let renders = Lock<[ImageFormat: Histogram]>([:])
    let startTime: Double

    init() {
        startTime = ProcessStatistics.startTime() ?? Date().timeIntervalSince1970
    }

    /// Counts one answer and the `seconds` it took from the request's arrival to its response (under one lock).
    func countRequest(route: MetricsRoute, format: ImageFormat?, status: Int, outcome: Outcome, seconds: Double) {
        let key = RequestKey(route: route, format: format, status: status, outcome: outcome)
        let durationKey = DurationKey(route: route, outcome: outcome)
        requests.withLock { counts in
            counts.answers[key, default: 0] += 1
            counts.durations[durationKey, default: Histogram(buckets: Self.requestBuckets.count)].observe(
                seconds, bounds: Self.requestBuckets)
        }
    }

    func countClientRefusal(_ why: ClientRefusal) { clientRefusals.withLock { $0[why, default: 0] += 1 } }

    func observeRender(format: ImageFormat, seconds: Double) {
        renders.withLock { all in
            all[format, default: Histogram()].observe(seconds, bounds: Self.renderBuckets)
        }
    }

    func requestCount(route: MetricsRoute, format: ImageFormat?, status: Int, outcome: Outcome) -> Int {
        requests.withLock {
            $0.answers[RequestKey(route: route, format: format, status: status, outcome: outcome)] ?? 0
        }
    }

    /// The exposition text. Every family has HELP and TYPE lines; label values come from closed sets.
    func exposition(
        caches: [(name: String, counters: CacheCounters)], openConnections: Int, logLinesDropped: Int,
        live: LiveCounters? = nil
    ) -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family(
            "progress_rings_http_requests_total", "counter", "Requests answered, by route, format, status and outcome.")
        let counts = requests.withLock { $0 }
        let snapshot = counts.answers.sorted {
            ($0.key.route.label, $0.key.format?.rawValue ?? "", $0.key.status, $0.key.outcome.rawValue)
                < ($1.key.route.label, $1.key.format?.rawValue ?? "", $1.key.status, $1.key.outcome.rawValue)
        }
        for (key, count) in snapshot {
            out += "progress_rings_http_requests_total{route=\"\(key.route.label)\","
            out += "format=\"\(key.format?.rawValue ?? "none")\",status=\"\(key.status)\","
            out += "outcome=\"\(key.outcome.rawValue)\"} \(count)\n"
        }
        out += Self.durationExposition(counts.durations)
        family(
            "progress_rings_client_refusals_total", "counter",
            "Requests refused with 429 for their client's sake: queue (clientQueue images already waiting) or rate "
                + "(clientRate and clientBurst spent).")
        let refusals = clientRefusals.withLock { $0 }
        for why in ClientRefusal.allCases {
            out += "progress_rings_client_refusals_total{reason=\"\(why.rawValue)\"} \(refusals[why] ?? 0)\n"
        }

        let cacheFamilies: [(String, String, String, KeyPath<CacheCounters, Int>)] = [
            ("progress_rings_cache_hits_total", "counter", "Lookups answered from the cache.", \.hits),
            (
                "progress_rings_cache_coalesced_total", "counter",
                "Lookups that waited for a render of the same key already in progress.", \.coalesced
            ),
            ("progress_rings_cache_misses_total", "counter", "Lookups that rendered.", \.misses),
            ("progress_rings_cache_evictions_total", "counter", "Entries evicted to stay within bounds.", \.evictions),
            ("progress_rings_cache_bytes", "gauge", "Bytes held by cached responses and their aliases.", \.bytes),
            ("progress_rings_cache_entries", "gauge", "Responses held in the cache.", \.entries),
            (
                "progress_rings_cache_aliases", "gauge",
                "Request targets remembered as leading to a cached response, answered without parsing.", \.aliases
            ),
        ]
        for (name, type, help, path) in cacheFamilies {
            family(name, type, help)
            for cache in caches {
                out += "\(name){cache=\"\(cache.name)\"} \(cache.counters[keyPath: path])\n"
            }
        }

        family("progress_rings_render_duration_seconds", "histogram", "Time to render one image, by format.")
        let histograms = renders.withLock { $0 }
        for format in ImageFormat.allCases {
            out += Self.histogramLines(
                "progress_rings_render_duration_seconds", labels: "format=\"\(format.rawValue)\"",
                histograms[format] ?? Histogram(), bounds: Self.renderBuckets)
        }

        if let live { out += LiveMetrics.exposition(live) }
        family("progress_rings_open_connections", "gauge", "Client connections open now.")
        out += "progress_rings_open_connections \(openConnections)\n"
        family(
            "progress_rings_log_lines_dropped_total", "counter", "Log lines dropped because the log buffer was full.")
        out += "progress_rings_log_lines_dropped_total \(logLinesDropped)\n"
        family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.")
        out += "process_resident_memory_bytes \(ProcessStatistics.residentMemoryBytes() ?? 0)\n"
        let allocator = ProcessStatistics.allocator()
        family(
            "progress_rings_allocator_bytes", "gauge",
            "The allocator's heap (glibc or jemalloc): in_use allocated, not freed; held resident for the heap (in use, free "
                + "but kept, metadata); mapped address space; retained mapped but returned to the kernel.")
        for (state, value) in allocator.bytes {
            out += "progress_rings_allocator_bytes{allocator=\"\(allocator.name)\",state=\"\(state)\"} \(value)\n"
        }
        family("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.")
        out += "process_start_time_seconds \(startTime)\n"
        if let cpu = ProcessStatistics.cpuSeconds() {
            family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.")
            out += "process_cpu_seconds_total \(cpu)\n"
        }
        if let descriptors = ProcessStatistics.fileDescriptors() {
            family("process_open_fds", "gauge", "Number of open file descriptors.")
            out += "process_open_fds \(descriptors.open)\n"
            family("process_max_fds", "gauge", "Maximum number of open file descriptors.")
            out += "process_max_fds \(descriptors.max)\n"
        }
        family(
            "progress_rings_build_info", "gauge",
            "Always 1; its labels say which build answers: the version and the allocator it runs on.")
        out +=
            "progress_rings_build_info{version=\"\(ProgressRingsVersion.current)\",allocator=\"\(allocator.name)\"} 1\n"
        return out
    }
}
