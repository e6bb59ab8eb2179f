/// The token a push sends: `RINGS_TOKEN` where set; else the CI's OIDC token, from an ID-token variable
/// (`RINGS_ID_TOKEN`, as a GitLab job's `id_tokens:` sets it) or from GitHub Actions' token request
/// (`ACTIONS_ID_TOKEN_REQUEST_URL` and `ACTIONS_ID_TOKEN_REQUEST_TOKEN`, asked for `audience`).
enum PushToken {
    struct Problem: Error, Equatable {
        let message: String
        /// No token was given at all, or one no server takes (exit 2); otherwise the CI's token could not be had
        /// (exit 1).
        let usage: Bool
        init(_ message: String, usage: Bool = false) {
            self.message = message
            self.usage = usage
        }
    }

    /// The variable a GitLab job names in `id_tokens:` for this command.
    static let idTokenVariable = "RINGS_ID_TOKEN"

    static func resolve(
        audience: String, timeout: Double, environment: (String) -> String?,
        request: (IDTokenRequest) -> Result<String, Problem> = { $0.send() }
    ) -> Result<String, Problem> {
        let token: String
        let source: String
        if let value = environment("RINGS_TOKEN"), !value.isEmpty {
            (token, source) = (value, "RINGS_TOKEN")
        } else if let value = environment(idTokenVariable), !value.isEmpty {
            (token, source) = (value, idTokenVariable)
        } else if let url = environment("ACTIONS_ID_TOKEN_REQUEST_URL"), !url.isEmpty,
            let requestToken = environment("ACTIONS_ID_TOKEN_REQUEST_TOKEN"), !requestToken.isEmpty
        {
            switch request(
                IDTokenRequest(url: url, requestToken: requestToken, audience: audience, timeout: timeout))
            {
            case .success(let value): (token, source) = (value, "GitHub's OIDC token")
            case .failure(let problem): return .failure(problem)
            }
        } else {
            return .failure(
                Problem(
                    "set RINGS_TOKEN to a token the server accepts (progress-rings token makes one), or run in a CI "
                        + "job with an OIDC token: GitHub Actions with permissions id-token: write, or GitLab CI with "
                        + "id_tokens: \(idTokenVariable)", usage: true))
        }
        guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            return .failure(Problem("\(source) holds spaces or control characters; no token does", usage: true))
        }
        return .success(token)
    }
}
