internal import CCurl
import StrictJSON

/// GitHub Actions' request for the job's OIDC token: a GET of `ACTIONS_ID_TOKEN_REQUEST_URL` with
/// `&audience=AUDIENCE`, authorized by `ACTIONS_ID_TOKEN_REQUEST_TOKEN`, answered `{"value": "JWT"}`. The job needs
/// `permissions: id-token: write` for the runner to set both variables.
struct IDTokenRequest {
    var url: String
    var requestToken: String
    var audience: String
    var timeout: Double

    private static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// The token, or why there is none (a sentence for the job's log: the request token is never in it).
    func send() -> Result<String, PushToken.Problem> {
        guard Self.ready, let handle = curl_easy_init() else { return .failure(.init("libcurl could not start")) }
        defer { curl_easy_cleanup(handle) }
        guard let escaped = curl_easy_escape(handle, audience, Int32(audience.utf8.count)) else {
            return .failure(.init("libcurl could not escape the audience"))
        }
        let target = url + (url.contains("?") ? "&" : "?") + "audience=" + String(cString: escaped)
        curl_free(escaped)
        let answer = PushAnswer()
        var headers = curl_slist_append(nil, "Authorization: Bearer \(requestToken)")
        headers = curl_slist_append(headers, "Accept: application/json")
        defer { curl_slist_free_all(headers) }
        // No redirect is followed: it would carry the request token elsewhere.
        let options = answer.options(handle, url: target, headers: headers, timeout: timeout)
        if let bad = options.first(where: { $0 != CURLE_OK }) {
            return .failure(.init("libcurl refused an option (\(String(cString: curl_easy_strerror(bad))))"))
        }
        let code = withExtendedLifetime(answer) { curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            let detail = String(cString: answer.errorBuffer)
            return .failure(
                .init(
                    "GitHub's OIDC token could not be requested: "
                        + (detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)))
        }
        var status = 0
        _ = pr_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard status == 200 else {
            return .failure(
                .init("GitHub's OIDC token request answered \(status) (does the job have id-token: write?)"))
        }
        guard let token = (try? StrictJSON.parse(answer.body))?["value"]?.stringValue, !token.isEmpty else {
            return .failure(.init("GitHub's OIDC token request answered no {\"value\": TOKEN}"))
        }
        return .success(token)
    }
}
