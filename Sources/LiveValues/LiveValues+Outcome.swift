import StrictJSON

extension LiveValues {
    /// The fetch's outcome label: whether the document came back usable, whatever each source then read from it;
    /// for Prometheus, whether its answer holds one finite number (finite numbers, where a source reading it takes a
    /// list), or why not (`many_series`, `not_finite`, …).
    static func outcome(
        of fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>, document: LiveSource.Document,
        parsed: JSONValue?, takesList: Bool = false
    ) -> String {
        switch fetched {
        case .failure(let failure):
            return LiveError.kind(of: failure).rawValue
        case .success(let response):
            // Prometheus' answer says what went wrong in its body, whatever the status: read it as a source would.
            if case .prometheus(let server) = document.kind {
                switch PrometheusAnswer.samples(
                    status: response.status, body: response.body, server: server, takesList: takesList)
                {
                case .success: return "ok"
                case .failure(let error): return error.kind.rawValue
                }
            }
            guard (200..<300).contains(response.status) else { return LiveError.Kind.status.rawValue }
            if parsed == nil { return LiveError.Kind.notJSON.rawValue }
            return "ok"
        }
    }
}
