import Dispatch
import HTTPServer
import RingKit

/// The one wrapper every answer passes through: it counts the answer in the metrics and writes its access line, from
/// what the answer says it was (`Served`), wherever and whenever it is made. Handlers never count or log requests
/// themselves.
struct RequestRecorder: Sendable {
    let metrics: ServiceMetrics
    let log: ServiceLog
    /// Whose request it was (behind a trusted proxy, the client it forwards for), as the settings stand now.
    let settings: ReloadableSettings

    /// The moment a request's handling starts, for its duration in the metrics and its access line.
    func start() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The answer to `request` on `route`, begun at `started`, recorded as it reaches the transport.
    func record(
        _ answer: ServiceAnswer, _ request: HTTPRequest, _ route: ServiceRoute, started: UInt64
    ) -> HTTPAnswer {
        answer.transport { [self] served in record(served, request, route, started: started) }
    }

    /// Counts `served` and writes its access line; the response goes out unchanged.
    private func record(
        _ served: Served, _ request: HTTPRequest, _ route: ServiceRoute, started: UInt64
    ) -> HTTPResponse {
        let response = served.response
        var format: ImageFormat? = nil
        if case .image(_, let chosen, _) = route { format = chosen }
        let outcome = ServiceMetrics.Outcome(
            imageRoute: format != nil, status: response.status.code, hasError: served.error != nil)
        let elapsed = DispatchTime.now().uptimeNanoseconds &- started
        metrics.countRequest(
            route: route.metricsLabel, format: format, status: response.status.code, outcome: outcome,
            seconds: Double(elapsed) / 1e9)
        // Refusals for the client's sake and values their source failed to give are warnings: with logLevel=warn
        // the log still shows a client being throttled or an upstream outage.
        let level: ServiceLog.Level = response.status == .tooManyRequests || served.source == .error ? .warn : .info
        if log.writes(level) {
            log.access(
                level: level, method: request.method.rawValue, path: request.path, status: response.status.code,
                bytes: request.method == .head ? 0 : response.body.count, microseconds: Int(elapsed / 1000),
                outcome: outcome.rawValue,
                cache: served.cache.rawValue, source: served.source?.rawValue,
                // Resolved only when written: the line is on every request's path.
                client: log.carries(.client) ? settings.current.clients.client(of: request) : nil,
                agent: log.carries(.agent) ? request.headers[.userAgent] : nil, error: served.error)
        }
        return response
    }
}
