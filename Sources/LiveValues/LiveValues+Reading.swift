import FoundationEssentials
import StrictJSON

extension LiveValues {
    /// What `source` reads out of the fetched document (and its max's, for a Prometheus source with `maxQuery`).
    func reading(
        _ source: LiveSource, _ fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>,
        _ fetchedMax: Result<CurlFetcher.Response, CurlFetcher.Failure>?, _ parsed: JSONValue?, _ readAt: Date
    ) -> Result<LiveReading, LiveError> {
        let response: CurlFetcher.Response
        switch fetched {
        case .failure(let failure): return .failure(LiveError.fetch(failure, source: source, settings: settings))
        case .success(let r): response = r
        }
        switch source.document.kind {
        case .prometheus(let server):
            let noData = configuration.noData(prometheus: source.shownName, server: server)
            if source.document.range != nil {
                return PrometheusAnswer.series(
                    status: response.status, body: response.body, server: server, noData: noData,
                    showsRefusal: !source.document.isConfiguredQuery
                ).map { points in
                    var read = LiveReading(value: points.last?.value ?? 0, readAt: readAt)
                    read.points = points.map(\.value)
                    read.valueTime = points.last?.time
                    return read
                }
            }
            var reading = PrometheusAnswer.samples(
                status: response.status, body: response.body, server: server, noData: noData,
                showsRefusal: !source.document.isConfiguredQuery, takesList: source.takesList
            ).map { samples in
                var read = LiveReading(value: samples[0].value, readAt: readAt)
                read.more = samples.dropFirst().map(\.value)
                if samples.contains(where: { !$0.labels.isEmpty }) { read.labels = samples.map(\.labels) }
                // The oldest sample's time: the value is no fresher than its stalest part.
                read.valueTime = samples.map(\.time).min()
                return read
            }
            guard let maxShownName = source.maxShownName else { return reading }
            let max = maxReading(fetchedMax, shownName: maxShownName, server: server, source: source)
            switch (reading, max) {
            case (.success(var read), .success(let max)):
                read.max = max
                return .success(read)
            case (.failure(var error), .success(let max)):
                // No data, or NaN, beside a total: a map of the missing value still writes the total.
                if error.missing != nil { error.missingMax = max }
                return .failure(error)
            case (.failure(let error), .failure) where error.missing == nil: return .failure(error)
            case (_, .failure(let error)): return .failure(error)
            }
        case .json:
            guard (200..<300).contains(response.status) else {
                return .failure(
                    LiveError(
                        parameter: "url", value: source.shownName, reason: "answered \(response.status)", kind: .status)
                )
            }
            guard let parsed else {
                return .failure(
                    LiveError(
                        parameter: "url", value: source.shownName, reason: "answered with text that is not JSON",
                        kind: .notJSON))
            }
            return Self.read(source, in: parsed, readAt: readAt)
        }
    }

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
