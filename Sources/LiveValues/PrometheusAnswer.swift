import FoundationEssentials
import StrictJSON

/// Reads the one number out of a Prometheus HTTP API answer to `GET /api/v1/query`: a `scalar`, or a `vector` of
/// exactly one sample. Any other shape is an error that names it (`the query returned 3 series; one is needed`).
enum PrometheusAnswer {
    /// What an answer without data means, as a message says it: by default that the query returned none.
    static let noData = (value: "", reason: "the query returned no data")

    /// The value, or why there is none; `server` is the configured server's name, for messages; `noData`, the
    /// message's value and reason for an empty answer; `showsRefusal`, whether Prometheus' wording of a refusal
    /// (which may quote the query) goes into the message: not for a configured query, whose text stays private.
    static func value(
        status: Int, body: [UInt8], server: String, noData: (value: String, reason: String) = noData,
        showsRefusal: Bool = true
    ) -> Result<Double, LiveError> {
        sample(status: status, body: body, server: server, noData: noData, showsRefusal: showsRefusal).map(\.value)
    }

    /// The value and the sample's own time (its timestamp), or why there is none (see `value`).
    static func sample(
        status: Int, body: [UInt8], server: String, noData: (value: String, reason: String) = noData,
        showsRefusal: Bool = true
    ) -> Result<(value: Double, time: Date), LiveError> {
        func fail(
            _ reason: String, _ kind: LiveError.Kind = .noValue, value: String = "", missing: LiveError.Missing? = nil
        ) -> Result<(value: Double, time: Date), LiveError> {
            .failure(LiveError(parameter: "prometheus", value: value, reason: reason, kind: kind, missing: missing))
        }
        let shownServer = LiveText.shown(server)
        guard let answer = JSONReading.document(body), case .object = answer else {
            if !(200..<300).contains(status) { return fail("server \(shownServer) answered \(status)", .status) }
            return fail("server \(shownServer) answered with text that is not JSON", .notJSON)
        }
        if answer["status"]?.stringValue == "error" {
            let type = answer["errorType"]?.stringValue.map { LiveText.shown($0) + ": " } ?? ""
            guard showsRefusal else {
                let type = answer["errorType"]?.stringValue.map { " (" + LiveText.shown($0) + ")" } ?? ""
                return fail("server \(shownServer) refused the query\(type)", .queryError)
            }
            let error = LiveText.quoted(answer["error"]?.stringValue ?? "", limit: LiveText.urlLength)
            return fail("server \(shownServer) refused the query (\(type)\(error))", .queryError)
        }
        guard (200..<300).contains(status) else { return fail("server \(shownServer) answered \(status)", .status) }
        guard let data = answer["data"], case .object = data, let type = data["resultType"]?.stringValue else {
            return fail("server \(shownServer) answered without a result", .notJSON)
        }
        switch type {
        case "scalar":
            guard case .array(let sample)? = data["result"] else { return fail("the query's scalar has no value") }
            return number(sample)
        case "vector":
            guard case .array(let series)? = data["result"] else {
                return fail("the query's vector has no result list")
            }
            // No data is Grafana's null: a mapping of null shows it.
            guard !series.isEmpty else { return fail(noData.reason, value: noData.value, missing: .null) }
            guard series.count == 1 else {
                return fail("the query returned \(series.count) series; one is needed", .manySeries)
            }
            guard case .array(let sample)? = series[0]["value"] else {
                return fail("the query's sample has no value")
            }
            return number(sample)
        case "matrix":
            return fail("the query returned a range vector; an instant query giving one number is needed", .wrongShape)
        case "string":
            return fail("the query returned a string, not a number", .wrongShape)
        default:
            return fail("the query returned a result of type \(LiveText.quoted(type)), not a number", .wrongShape)
        }
    }

    /// A sample is `[timestamp, "value"]`: Unix seconds, and the value as text (`"1.5"`, `"NaN"`, `"+Inf"`).
    static func number(_ sample: [JSONValue]) -> Result<(value: Double, time: Date), LiveError> {
        guard sample.count == 2, case .number(let time) = sample[0], case let seconds = time.double, seconds.isFinite,
            let text = sample[1].stringValue
        else {
            return .failure(
                LiveError(parameter: "prometheus", value: "", reason: "the query's sample is malformed", kind: .noValue)
            )
        }
        guard let value = Double(text), value.isFinite else {
            return .failure(
                LiveError(
                    parameter: "prometheus", value: "",
                    reason: "the query returned \(LiveText.shown(text)), not a finite number", kind: .notFinite,
                    missing: ["NaN": .nan, "+Inf": .inf, "Inf": .inf, "-Inf": .negativeInf][text]))
        }
        return .success((value, Date(timeIntervalSince1970: seconds)))
    }
}
