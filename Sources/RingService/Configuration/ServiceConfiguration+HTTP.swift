import HTTPServer

extension ServiceConfiguration {
    /// The transport's settings: listening address, loops, limits and timeouts.
    public var httpConfiguration: HTTPServerConfiguration {
        var http = HTTPServerConfiguration()
        http.host = host
        http.port = port
        http.eventLoops = eventLoops == 0 ? HTTPServerConfiguration.coreCount : eventLoops
        http.backlog = backlog
        http.limits.maxRequestLineBytes = maxRequestLineBytes
        http.limits.maxHeadBytes = maxHeadBytes
        http.limits.maxHeaderFields = maxHeaderFields
        // Only pushes and deletions of stored values carry a body the server reads, and only while they are on.
        http.limits.bodies = values.isEnabled ? RingService.bodyRules(reportBytes: values.reportBytes) : []
        http.headerTimeout = Self.duration(headerTimeout)
        http.idleTimeout = Self.duration(idleTimeout)
        http.sendTimeout = Self.duration(sendTimeout)
        http.lingerTimeout = Self.duration(lingerTimeout)
        http.maxRequestsPerConnection = maxRequestsPerConnection
        http.maxConnections = maxConnections
        return http
    }

    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
