import LiveValues
import RingKit

extension LiveTarget {
    /// The window a sparkline of a Prometheus query draws when the URL gives none: a day.
    static let defaultSparkWindow: Int64 = 86_400_000

    /// A sparkline's source: the query `source` names, read over the URL's `window` (the stored values' grammar,
    /// 1h…400d) with one point per pixel column of the line, and that bound on its points. A refusal names
    /// `points`, which the history replaces, or `window`.
    static func sparkSource(
        _ source: LiveSource, _ request: Drawing.Request, _ given: QueryParameters, _ live: LiveValues
    ) throws(ParameterError) -> (LiveSource, Int) {
        if given.contains("points") {
            let points = ((try? given.value("points")) ?? nil) ?? ""
            throw ParameterError(
                parameter: "points", value: ParameterError.quoted(points),
                reason: "cannot be given with prometheus: its points are the query's history (accepted: points or "
                    + "prometheus, not both)")
        }
        let window: Int64
        switch StoredTarget.window(given, "window", default: defaultSparkWindow, example: "7d") {
        case .failure(let error): throw error
        case .success(let read): window = read
        }
        let width =
            RefusalImage.looseInteger("width", in: request.query, range: SparkSpec.Limits.width) ?? SparkSpec().width
        let bound = SparkHistory.bound(width: width)
        guard let ranged = live.rangeSource(source, window: Int(window / 1000), points: bound) else {
            throw sparkRefusal(source.parameter, given)
        }
        return (ranged, bound)
    }
}
