/// What one fetch from a Prometheus server presents, read from its `PrometheusAuth` just before the fetch: header
/// lines and a client certificate. Only ever sent to the server's own origin (scheme, host and port): a redirect
/// to anywhere else is followed without them.
package struct FetchCredentials: Sendable {
    /// `Name: value` lines, secrets included: never logged, never in a message.
    var headers: [String] = []
    var certificateFile: String?
    var keyFile: String?
    /// The server's base URL: credentials go only where scheme, host and port are its.
    let origin: FetchURL

    init(origin: FetchURL) { self.origin = origin }

    /// Whether `url` is on the server's origin, where the credentials may go.
    func applies(to url: FetchURL) -> Bool {
        url.scheme == origin.scheme && url.host == origin.host && url.port == origin.port
    }
}
