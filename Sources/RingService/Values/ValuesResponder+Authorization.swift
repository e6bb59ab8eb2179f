import HTTPServer
import TokenIssuers

extension ValuesResponder {
    /// Whether a request may go ahead, decided now or once an issuer's keys are fetched.
    enum Authorization {
        /// The refusal, or nil to go ahead.
        case decided(HTTPResponse?)
        /// Calls back, from another thread, with the refusal or nil.
        case pending(@Sendable (_ done: @escaping @Sendable (HTTPResponse?) -> Void) -> Void)
    }

    /// `then`'s answer where the request's token may write `name` (or, `reading`, read it while it is private),
    /// else the refusal. A token whose issuer's keys must be fetched waits off the event loop.
    func authorized(
        _ request: HTTPRequest, name: String, reading: Bool, then: @escaping @Sendable () -> HTTPAnswer
    ) -> HTTPAnswer {
        switch authorization(request, name: name, reading: reading) {
        case .decided(let refusal?): return .now(refusal)
        case .decided(nil): return then()
        case .pending(let wait):
            return .whenReady { respond in
                wait { refusal in
                    if let refusal { return respond(refusal) }
                    Self.deliver(then(), to: respond)
                }
            }
        }
    }

    /// Sends an answer made off the event loop (where `.later` has no worker to run on) through `respond`.
    static func deliver(_ answer: HTTPAnswer, to respond: @escaping @Sendable (HTTPResponse) -> Void) {
        switch answer {
        case .now(let response): respond(response)
        case .whenReady(let start): start(respond)
        case .later(let work, _, _): respond(work())
        }
    }

    /// Why a request may not write `name`, or (`reading`) read it while it is private. A read may carry a query
    /// (`since`); a write carries none, so no token travels in a URL. A token shaped as a JSON Web Token is
    /// checked by its issuer (`valueIssuers`), any other by its digest (`valueTokens`).
    func authorization(_ request: HTTPRequest, name: String, reading: Bool) -> Authorization {
        guard reading || (request.query.isEmpty && !request.target.contains("?")) else {
            metrics.count(.badRequest)
            return .decided(
                valueError(
                    .badRequest,
                    "the query string is not read here: send the token in Authorization: Bearer, never in a URL, "
                        + "which logs and proxies keep"))
        }
        let fields = request.headers.values(.authorization)
        guard fields.count == 1, let token = Self.bearerToken(fields[0]) else {
            metrics.count(.unauthorized)
            return .decided(
                valueError(
                    .unauthorized,
                    (reading ? "\(name) is private on this server: " : "")
                        + "send a token that may write \(name) as Authorization: Bearer TOKEN",
                    headers: [.wwwAuthenticate: "Bearer realm=\"progress-rings\""]))
        }
        // Read once: the issuers and the tokens of one settings, whatever a reload does meanwhile.
        let current = settings.current
        if !current.issuers.isEmpty, OIDCIssuers.isJSONWebToken(token) {
            switch current.issuers.check(token: token, name: name) {
            case .allowed: return .decided(nil)
            case .refused(let refusal): return .decided(self.refusal(refusal))
            case .pending(let finish):
                return .pending { [self] done in
                    finish { [self] outcome in
                        switch outcome {
                        case .allowed: done(nil)
                        case .refused(let refusal): done(self.refusal(refusal))
                        case .pending:
                            done(self.refusal(.unavailable("the keys of the token's issuer could not be fetched")))
                        }
                    }
                }
            }
        }
        switch current.tokens.decide(token: token, name: name) {
        case .allowed:
            return .decided(nil)
        case .unknownToken:
            return .decided(refusal(.invalid("the token is not one this server knows")))
        case .notAllowed:
            return .decided(refusal(.notAllowed("the token may not \(reading ? "read" : "write") \(name)")))
        }
    }

    /// A refused token's answer: 401 with the Bearer challenge, or 403; counted.
    private func refusal(_ refusal: TokenRefusal) -> HTTPResponse {
        switch refusal {
        case .invalid(let sentence):
            metrics.count(.unauthorized)
            return valueError(
                .unauthorized, sentence,
                headers: [.wwwAuthenticate: "Bearer realm=\"progress-rings\", error=\"invalid_token\""])
        case .notAllowed(let sentence):
            metrics.count(.forbidden)
            return valueError(.forbidden, sentence)
        case .unavailable(let sentence):
            metrics.count(.unavailable)
            return valueError(.serviceUnavailable, sentence, headers: [.retryAfter: "60"])
        }
    }

    /// The token of `Bearer TOKEN` (the scheme in any case), as bytes; nil for another scheme or no token.
    static func bearerToken(_ field: String) -> [UInt8]? {
        let bytes = Array(field.utf8)
        guard bytes.count > 7, String(decoding: bytes[0..<7], as: UTF8.self).lowercased() == "bearer " else {
            return nil
        }
        let token = Array(bytes[7...].drop { $0 == UInt8(ascii: " ") })
        return token.isEmpty || token.contains(UInt8(ascii: " ")) ? nil : token
    }
}
