extension LiveError {
    /// The sentence for a failed fetch of `source`'s document: `url: timed out after 2.5 s`,
    /// `url: https://x.test/c.json could not be reached (Couldn't connect to server)`,
    /// `prometheus: server main answered 503`.
    static func fetch(_ failure: CurlFetcher.Failure, source: LiveSource, settings: LiveSettings) -> LiveError {
        let timeout = settings.timeout
        let subject: String
        switch source.document.kind {
        case .json: subject = source.shownName
        case .prometheus(let server): subject = "server " + LiveText.shown(server)
        }
        let reason: String
        var value = subject
        switch failure {
        case .timeout:
            value = ""
            reason = "timed out after \(LiveText.seconds(timeout)) s"
        case .tooLarge:
            reason = "answered more than \(settings.maxBytes) bytes"
        case .refusedAddress(let host, let address, let range):
            reason = "was refused: \(LiveText.shown(host)) is at \(address), \(range) this server does not fetch"
        case .refusedRedirect(let to, let why):
            reason = "redirected to \(to), which \(why)"
        case .tooManyRedirects:
            reason = "redirected more than \(settings.maxRedirects) times"
        case .unreachable(let text):
            reason = "could not be reached (\(text))"
        case .tls(let text, let detail):
            // A configured endpoint's name stays private: the detail can name its host.
            let shown = detail.isEmpty || source.document.trustedHost != nil ? text : detail
            reason = "failed TLS verification (\(shown))"
        case .failed(let text):
            reason = "could not be fetched (\(text))"
        case .busy:
            reason = "found no free fetch slot within \(LiveText.seconds(timeout)) s (too many fetches in flight)"
        }
        return LiveError(parameter: source.parameter, value: value, reason: reason, kind: kind(of: failure))
    }

    static func kind(of failure: CurlFetcher.Failure) -> Kind {
        switch failure {
        case .timeout: .timeout
        case .tooLarge: .tooLarge
        case .refusedAddress, .refusedRedirect, .tooManyRedirects: .refused
        case .unreachable, .failed: .unreachable
        case .tls: .tls
        case .busy: .busy
        }
    }
}
