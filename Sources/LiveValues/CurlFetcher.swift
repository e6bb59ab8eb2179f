import CCurl

/// One GET over libcurl: http and https only, TLS verified (the system store, plus `caFile`), the whole fetch
/// within a deadline, the body within `maxBytes`, every connected address checked (`CurlTransfer.openSocket`).
/// Redirects are followed here, not by libcurl, so each hop's URL is checked again before it is fetched.
package struct CurlFetcher: Sendable {
    package struct Response: Sendable {
        package var status: Int
        package var body: [UInt8]
        /// The URL that answered, after redirects.
        package var url: FetchURL
    }

    package enum Failure: Error, Sendable, Equatable {
        case timeout
        case tooLarge
        case refusedAddress(host: String, address: IPAddress, range: String)
        case refusedRedirect(to: String, reason: String)
        case tooManyRedirects
        /// DNS, connection, or transfer failures, with libcurl's sentence for the code. (Not the error buffer's: it
        /// names the address and the milliseconds, which would reveal a configured source's address and make every
        /// message differ.)
        case unreachable(String)
        /// The code's sentence, and the error buffer's precise one (which certificate check failed, for which name).
        case tls(String, detail: String)
        case failed(String)
        /// No fetch slot came free before the deadline (see `FetchGate`); nothing was sent.
        case busy
    }

    let userAgent: String
    let caFile: String?
    let maxBytes: Int
    let maxRedirects: Int
    let allowPrivateAddresses: Bool
    /// `host:port:address` entries for CURLOPT_RESOLVE (tests name 127.0.0.1 without DNS); empty in production.
    let resolve: [String]

    package init(
        userAgent: String, caFile: String?, maxBytes: Int, maxRedirects: Int, allowPrivateAddresses: Bool,
        resolve: [String]
    ) {
        self.userAgent = userAgent
        self.caFile = caFile
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.allowPrivateAddresses = allowPrivateAddresses
        self.resolve = resolve
    }

    /// libcurl's global state, set up once before the first handle (thread-safe since 7.84).
    private static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Fetches `url`, following redirects that `hopRefusal` (the request's rules) does not refuse. The host
    /// `trustedHost` (a configured endpoint) is connected to whatever its address. `credentials` go with each hop
    /// on their origin, and with no other.
    package func get(
        _ url: FetchURL, trustedHost: String?, accept: String, deadline: Double, clock: MonotonicClock = .init(),
        credentials: FetchCredentials? = nil, hopRefusal: (FetchURL) -> String?
    ) -> Result<Response, Failure> {
        guard Self.ready else { return .failure(.failed("libcurl could not start")) }
        var current = url
        var redirects = 0
        while true {
            let remaining = deadline - clock.now()
            guard remaining > 0.001 else { return .failure(.timeout) }
            let checks = !allowPrivateAddresses && current.host != trustedHost
            let status: Int
            let body: [UInt8]
            let location: String?
            let presented = credentials.flatMap { $0.applies(to: current) ? $0 : nil }
            switch once(
                current, checksAddresses: checks, accept: accept, credentials: presented,
                milliseconds: Int(remaining * 1000))
            {
            case .failure(let failure): return .failure(failure)
            case .success(let answer): (status, body, location) = answer
            }
            guard [301, 302, 303, 307, 308].contains(status), let location else {
                return .success(Response(status: status, body: body, url: current))
            }
            redirects += 1
            guard redirects <= maxRedirects else { return .failure(.tooManyRedirects) }
            let shownLocation = LiveText.shown(location, limit: LiveText.urlLength)
            switch FetchURL.parse(location) {
            case .failure(let reason):
                return .failure(.refusedRedirect(to: shownLocation, reason: reason.reason))
            case .success(let next):
                if next.host != trustedHost, let reason = hopRefusal(next) {
                    return .failure(.refusedRedirect(to: shownLocation, reason: reason))
                }
                current = next
            }
        }
    }

    /// One request: the status, the body and the redirect's absolute URL (libcurl resolves a relative Location).
    private func once(
        _ url: FetchURL, checksAddresses: Bool, accept: String, credentials: FetchCredentials?, milliseconds: Int
    ) -> Result<(Int, [UInt8], String?), Failure> {
        guard let handle = curl_easy_init() else { return .failure(.failed("libcurl could not make a handle")) }
        defer { curl_easy_cleanup(handle) }
        let transfer = CurlTransfer(maxBytes: maxBytes, checksAddresses: checksAddresses)
        let user = Unmanaged.passUnretained(transfer).toOpaque()
        var headers = curl_slist_append(nil, "Accept: \(accept)")
        for line in credentials?.headers ?? [] { headers = curl_slist_append(headers, line) }
        defer { curl_slist_free_all(headers) }
        var resolveList: UnsafeMutablePointer<curl_slist>?
        for entry in resolve { resolveList = curl_slist_append(resolveList, entry) }
        defer { curl_slist_free_all(resolveList) }
        // Strings are copied by libcurl, so Swift's temporary C strings are enough.
        let results: [CURLcode] = [
            pr_curl_set_string(handle, CURLOPT_URL, url.description),
            pr_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            pr_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            pr_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            // No proxy, whatever the environment says: the address checked must be the one connected to.
            pr_curl_set_string(handle, CURLOPT_PROXY, ""),
            pr_curl_set_string(handle, CURLOPT_NOPROXY, "*"),
            pr_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            pr_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            pr_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            pr_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes)),
            pr_curl_set_string(handle, CURLOPT_USERAGENT, userAgent),
            pr_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            pr_curl_set_list(handle, CURLOPT_HTTPHEADER, headers),
            pr_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
            pr_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
            pr_curl_set_write_function(handle, CurlTransfer.write),
            pr_curl_set_pointer(handle, CURLOPT_WRITEDATA, user),
            pr_curl_set_open_socket_function(handle, CurlTransfer.openSocket),
            pr_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, user),
            pr_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, transfer.errorBuffer),
            // The file adds to the system store: libcurl keeps its CA directory (/etc/ssl/certs) beside it.
            caFile.map { pr_curl_set_string(handle, CURLOPT_CAINFO, $0) } ?? CURLE_OK,
            resolveList.map { pr_curl_set_list(handle, CURLOPT_RESOLVE, $0) } ?? CURLE_OK,
            credentials?.certificateFile.map { pr_curl_set_string(handle, CURLOPT_SSLCERT, $0) } ?? CURLE_OK,
            credentials?.keyFile.map { pr_curl_set_string(handle, CURLOPT_SSLKEY, $0) } ?? CURLE_OK,
        ]
        if let bad = results.first(where: { $0 != CURLE_OK }) {
            return .failure(.failed("libcurl refused an option (\(String(cString: curl_easy_strerror(bad))))"))
        }
        let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        guard code == CURLE_OK else { return .failure(failure(code, transfer, url)) }
        var status = 0
        _ = pr_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        _ = pr_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
        return .success((status, transfer.body, location.map { String(cString: $0) }))
    }

    private func failure(_ code: CURLcode, _ transfer: CurlTransfer, _ url: FetchURL) -> Failure {
        if let refused = transfer.refused {
            return .refusedAddress(host: url.host, address: refused.address, range: refused.range)
        }
        if transfer.tooLarge || code == CURLE_FILESIZE_EXCEEDED { return .tooLarge }
        let text = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_ISSUER_ERROR:
            return .tls(text, detail: transfer.detail)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
            CURLE_PARTIAL_FILE:
            return .unreachable(text)
        default:
            return .failed(text)
        }
    }
}
