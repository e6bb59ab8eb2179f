import FoundationEssentials
import StrictJSON

extension PrometheusAnswer {
    /// The points of an answer to `GET /api/v1/query_range`: a `matrix` of exactly one series, oldest first, its
    /// NaN and infinite samples left out (a gap, as Prometheus' own graphs leave one). Any other shape is an error
    /// that names it, as for one number (see `sample`).
    static func series(
        status: Int, body: [UInt8], server: String, noData: (value: String, reason: String) = noData,
        showsRefusal: Bool = true
    ) -> Result<[(time: Date, value: Double)], LiveError> {
        func fail(
            _ reason: String, _ kind: LiveError.Kind = .noValue, value: String = "", missing: LiveError.Missing? = nil
        ) -> Result<[(time: Date, value: Double)], LiveError> {
            .failure(LiveError(parameter: "prometheus", value: value, reason: reason, kind: kind, missing: missing))
        }
        guard let answer = JSONReading.document(body), case .object = answer,
            answer["status"]?.stringValue == "success",
            let data = answer["data"], case .object = data, data["resultType"]?.stringValue == "matrix"
        else {
            // Errors, refusals and other shapes are worded as for one number.
            switch sample(status: status, body: body, server: server, noData: noData, showsRefusal: showsRefusal) {
            case .failure(let error): return .failure(error)
            case .success: return fail("the query's history is not a matrix", .wrongShape)
            }
        }
        guard case .array(let series)? = data["result"] else { return fail("the query's matrix has no result list") }
        // Not a null a map could show: a sparkline has no empty look, so no data is its error.
        guard !series.isEmpty else { return fail(noData.reason, value: noData.value) }
        guard series.count == 1 else {
            return fail("the query returned \(series.count) series; one is needed", .manySeries)
        }
        guard case .array(let values)? = series[0]["values"] else { return fail("the query's series has no values") }
        var points: [(time: Date, value: Double)] = []
        points.reserveCapacity(values.count)
        for value in values {
            guard case .array(let sample) = value else { return fail("the query's sample is malformed") }
            switch number(sample) {
            case .success(let point): points.append((point.time, point.value))
            case .failure(let error) where error.kind == .notFinite: continue
            case .failure(let error): return .failure(error)
            }
        }
        guard !points.isEmpty else { return fail("the query's history holds no finite number", .notFinite) }
        return .success(points)
    }
}
