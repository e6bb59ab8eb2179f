import FoundationEssentials
import StrictJSON

extension PrometheusAnswer {
    /// One sample of a vector: its number, its time and its series' labels.
    struct Sample {
        var value: Double
        var time: Date
        var labels: [String: String]
    }

    /// The samples of an answer to `GET /api/v1/query`: with `takesList` (`reduce`, or one ring or bar per series),
    /// a `vector` of any number of series with their labels, in Prometheus' order; else, as for every source, a `scalar` or a vector of one series (see `sample`).
    /// No data, NaN and the infinities are what they are for one number (a map can show them), as are errors and
    /// other shapes.
    static func samples(
        status: Int, body: [UInt8], server: String, noData: (value: String, reason: String) = noData,
        showsRefusal: Bool = true, takesList: Bool = false
    ) -> Result<[Sample], LiveError> {
        guard takesList, let answer = JSONReading.document(body), case .object = answer,
            answer["status"]?.stringValue == "success", let data = answer["data"], case .object = data,
            data["resultType"]?.stringValue == "vector", case .array(let series)? = data["result"], !series.isEmpty
        else {
            // One number or none, errors and other shapes: worded as for one number.
            return sample(status: status, body: body, server: server, noData: noData, showsRefusal: showsRefusal)
                .map { [Sample(value: $0.value, time: $0.time, labels: [:])] }
        }
        guard (200..<300).contains(status) else {
            return .failure(
                LiveError(
                    parameter: "prometheus", value: "", reason: "server \(LiveText.shown(server)) answered \(status)",
                    kind: .status))
        }
        var samples: [Sample] = []
        samples.reserveCapacity(series.count)
        for one in series {
            guard case .array(let pair)? = one["value"] else {
                return .failure(
                    LiveError(
                        parameter: "prometheus", value: "", reason: "the query's sample has no value", kind: .noValue))
            }
            switch number(pair) {
            case .failure(let error): return .failure(error)
            case .success(let read):
                var labels: [String: String] = [:]
                if case .object(let members)? = one["metric"] {
                    for member in members { if let text = member.value.stringValue { labels[member.key] = text } }
                }
                samples.append(Sample(value: read.value, time: read.time, labels: labels))
            }
        }
        return .success(samples)
    }
}
