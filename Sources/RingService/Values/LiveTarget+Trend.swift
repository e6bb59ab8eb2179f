import LiveValues
import RingKit

extension LiveTarget {
    /// The source of a ring, bar or badge whose label (a badge's `message`) compares (`{delta}`, `{previous}`) and gives no `previous`: for a
    /// Prometheus query, the same query also evaluated `trend` ago (the stored values' grammar, default 7d), read
    /// and cached with the value. Any other source as it is.
    static func trendSource(
        _ source: LiveSource, _ request: Drawing.Request, _ given: QueryParameters, _ live: LiveValues
    ) throws(ParameterError) -> LiveSource {
        // The kinds of the `trend` row, as for stored values.
        guard source.parameter == "prometheus", request.kind != .spark, !given.contains("previous") else {
            return source
        }
        let labels = given.templates(of: request.kind).map(\.text)
        guard labels.contains(where: { $0.contains("{delta}") || $0.contains("{previous}") }) else { return source }
        switch StoredTarget.window(given, "trend", default: StoredTarget.defaultTrend, example: "7d") {
        case .failure(let error): throw error
        case .success(let window): return live.trendSource(source, secondsAgo: Int(window / 1000)) ?? source
        }
    }
}
