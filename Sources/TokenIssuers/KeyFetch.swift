import LiveValues
import StrictJSON

/// Fetches an issuer's key set over HTTPS with libcurl: its discovery document's `jwks_uri` (which must be on the
/// issuer's host), or the configured `jwksURL`, then the set. Blocking: run off the event loops.
struct KeyFetch: Sendable {
    let issuer: IssuerURL
    let configuredKeys: IssuerURL?
    let fetcher: CurlFetcher
    /// Seconds each document may take.
    let timeout: Double

    init(settings: IssuerSettings, timeout: Double, resolve: [String]) {
        // The settings were checked when read.
        issuer = IssuerURL(settings.issuer)!
        configuredKeys = settings.jwksURL.flatMap { IssuerURL($0) }
        fetcher = CurlFetcher(
            // No redirect is followed: one could lead from https to http on the same host, which the fetcher
            // trusts by name, and neither GitHub's nor GitLab's documents redirect.
            userAgent: "progress-rings", caFile: settings.caFile, maxBytes: 256 * 1024, maxRedirects: 0,
            allowPrivateAddresses: false, resolve: resolve)
        self.timeout = timeout
    }

    /// The issuer's keys now, or the sentence saying what failed (for the server's log: addresses, no token).
    func fetch() -> Result<KeySet, KeyProblem> {
        let keysURL: IssuerURL
        if let configuredKeys {
            keysURL = configuredKeys
        } else {
            guard let discovery = issuer.discovery else { return .failure("the discovery address is not a URL") }
            let document: JSONValue
            switch get(discovery, origin: issuer) {
            case .failure(let problem): return .failure(problem)
            case .success(let body):
                guard let parsed = try? StrictJSON.parse(body) else {
                    return .failure("\(discovery) is not a JSON document")
                }
                document = parsed
            }
            // OpenID Connect Discovery §4.3: the document's issuer is the one asked for, or it is not its document.
            guard
                document["issuer"]?.stringValue == issuer.url.description
                    || document["issuer"]?.stringValue.flatMap(IssuerURL.init) == issuer
            else { return .failure("\(discovery) names another issuer") }
            guard let text = document["jwks_uri"]?.stringValue, let url = IssuerURL(text),
                issuer.sameOrigin(url.url)
            else {
                return .failure("\(discovery) has no https jwks_uri on the issuer's host (set jwksURL to allow one)")
            }
            keysURL = url
        }
        switch get(keysURL.url, origin: keysURL) {
        case .failure(let problem): return .failure(problem)
        case .success(let body):
            return KeySet.parse(body).mapError { "the key set at \(keysURL.url) \($0.reason)" }
        }
    }

    /// One document from `url`; a redirect is a failure (`hopRefusal` stays as a second guard).
    private func get(_ url: FetchURL, origin: IssuerURL) -> Result<[UInt8], KeyProblem> {
        let deadline = MonotonicClock().now() + timeout
        let result = fetcher.get(
            url, trustedHost: origin.url.host, accept: "application/json", deadline: deadline,
            hopRefusal: { origin.sameOrigin($0) ? nil : "is not on \(origin.url.host)" })
        switch result {
        case .success(let response) where response.status == 200: return .success(response.body)
        case .success(let response): return .failure("\(url) answered \(response.status)")
        case .failure(let failure): return .failure("\(url) could not be fetched (\(Self.describe(failure)))")
        }
    }

    static func describe(_ failure: CurlFetcher.Failure) -> String {
        switch failure {
        case .timeout: "timed out"
        case .tooLarge: "over 256 KiB"
        case .refusedAddress(let host, let address, let range): "\(host) is at \(address), \(range)"
        case .refusedRedirect(let to, let reason): "redirected to \(to), which \(reason)"
        case .tooManyRedirects: "it redirects, and keys are read only where they are named"
        case .unreachable(let text), .failed(let text): text
        case .tls(let text, let detail): "TLS: \(detail.isEmpty ? text : detail)"
        case .busy: "busy"
        }
    }
}
