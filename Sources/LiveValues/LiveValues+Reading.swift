import FoundationEssentials
import StrictJSON

extension LiveValues {
    /// The max a Prometheus source's second query answered; errors name `maxQuery`.
    func maxReading(
        _ fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>?, shownName: String, server: String,
        source: LiveSource
    ) -> Result<Double, LiveError> {
        func named(_ error: LiveError) -> LiveError {
            LiveError(parameter: "maxQuery", value: error.value, reason: error.reason, kind: error.kind)
        }
        switch fetched {
        case nil: return .failure(Self.lost(source))
        case .failure(let failure):
            let error = LiveError.fetch(failure, source: source, settings: settings)
            return .failure(LiveError(parameter: "maxQuery", value: shownName, reason: error.reason, kind: error.kind))
        case .success(let response):
            let noData = configuration.noData(prometheus: shownName, server: server)
            return PrometheusAnswer.value(
                status: response.status, body: response.body, server: server, noData: noData,
                showsRefusal: source.maxDocument?.isConfiguredQuery != true
            ).mapError(named)
        }
    }

    /// `result` with the number the same query had `trend` ago as its `previous` (a Prometheus source with a
    /// `previousDocument`). No data then (a series younger than the trend) leaves nothing to compare with; any other
    /// failure is the image's, named `trend`.
    func withPrevious(
        _ result: Result<LiveReading, LiveError>, _ source: LiveSource,
        _ fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>?
    ) -> Result<LiveReading, LiveError> {
        guard let document = source.previousDocument, case .success(var read) = result, let fetched else {
            return result
        }
        func named(_ error: LiveError) -> LiveError {
            LiveError(parameter: "trend", value: error.value, reason: error.reason, kind: error.kind)
        }
        switch fetched {
        case .failure(let failure): return .failure(named(LiveError.fetch(failure, source: source, settings: settings)))
        case .success(let response):
            switch PrometheusAnswer.value(
                status: response.status, body: response.body, server: document.serverName,
                showsRefusal: !document.isConfiguredQuery)
            {
            case .success(let previous):
                read.previous = previous
                return .success(read)
            case .failure(let error) where error.missing != nil: return .success(read)
            case .failure(let error): return .failure(named(error))
            }
        }
    }

    /// The value (and max) at the source's paths, or the shields endpoint document's message without a path.
    static func read(
        _ source: LiveSource, in document: JSONValue, readAt: Date
    ) -> Result<LiveReading, LiveError> {
        var reading: LiveReading
        if let query = source.query {
            let read =
                source.takesList
                ? JSONReading.numbers(at: query, in: document, parameter: "query")
                : JSONReading.number(at: query, in: document, parameter: "query").map { [$0] }
            switch read {
            case .success(let values):
                reading = LiveReading(value: values[0], readAt: readAt)
                reading.more = Array(values.dropFirst())
            case .failure(var error):
                // A null beside a total: a map of the missing value still writes the total.
                if error.missing != nil, let maxQuery = source.maxQuery {
                    switch JSONReading.number(at: maxQuery, in: document, parameter: "maxQuery") {
                    case .success(let max): error.missingMax = max
                    case .failure(let maxError): return .failure(maxError)
                    }
                }
                return .failure(error)
            }
        } else {
            switch JSONReading.endpoint(document) {
            case .success(let e): reading = LiveReading(e, readAt: readAt)
            case .failure(let error): return .failure(error)
            }
        }
        if let maxQuery = source.maxQuery {
            switch JSONReading.number(at: maxQuery, in: document, parameter: "maxQuery") {
            case .success(let max): reading.max = max
            case .failure(let error): return .failure(error)
            }
        }
        if let timeQuery = source.timeQuery {
            switch JSONReading.time(at: timeQuery, in: document) {
            case .success(let time): reading.valueTime = time
            case .failure(let error): return .failure(error)
            }
        }
        return .success(reading)
    }
}
