/// A Prometheus query read over time (`query_range`), for a sparkline: the window it covers and the step between
/// its points, both whole seconds. Each fetch asks for the window that ends at the last whole step (`end` a
/// multiple of `step`), so every request within one step asks the same question and shares one answer.
public struct PrometheusRange: Hashable, Sendable {
    public let window: Int
    public let step: Int

    /// Prometheus refuses a `query_range` of more than 11,000 points.
    static let maxPoints = 11_000

    /// The range over `window` seconds with about `points` points: the step rounded up to whole seconds, and
    /// never so small that the answer passes Prometheus' bound.
    init(window: Int, points: Int) {
        self.window = Swift.max(1, window)
        let perPoint = (self.window + Swift.max(1, points) - 1) / Swift.max(1, points)
        let bound = (self.window + Self.maxPoints - 2) / (Self.maxPoints - 1)
        step = Swift.max(1, perPoint, bound)
    }

    /// The `start`, `end` and `step` to ask at wall-clock time `now` (Unix seconds): the window ending at the last
    /// whole step.
    func bounds(at now: Double) -> (start: Int, end: Int) {
        let end = Int((now / Double(step)).rounded(.down)) * step
        return (end - window, end)
    }

    /// Seconds from `now` until the next step begins, when the answer may change.
    func secondsLeft(at now: Double) -> Double {
        Swift.max(1, Double(bounds(at: now).end + step) - now)
    }

    /// The query's URL for a fetch at `now`: `{base}/api/v1/query_range?query=…&start=…&end=…&step=…`, made from
    /// the instant query's URL.
    func url(_ instant: FetchURL, at now: Double) -> FetchURL {
        let (start, end) = bounds(at: now)
        // The instant URL is `{path}/api/v1/query?query=…` (`LiveConfiguration.queryURL`): its first `?` ends the path.
        var target = instant.target
        if let question = target.firstIndex(of: "?") { target.insert(contentsOf: "_range", at: question) }
        target += "&start=\(start)&end=\(end)&step=\(step)"
        return FetchURL(
            scheme: instant.scheme, host: instant.host, address: instant.address, port: instant.port, target: target)
    }
}
