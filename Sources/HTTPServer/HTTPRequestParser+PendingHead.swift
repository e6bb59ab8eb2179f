extension HTTPRequestParser {
    /// The head being read: the request line, the fields so far and what they say about framing.
    struct PendingHead: Sendable {
        enum TransferCoding: Sendable {
            case chunked
            case other
        }

        var method = HTTPMethod.get
        var target = "/"
        var authority: String?
        var version = HTTPVersion.http1_1
        var headers = HTTPHeaders()
        var hostCount = 0
        var contentLength: Int?
        var transferCoding: TransferCoding?
        var close = false
        var keepAlive = false
        var expectContinue = false
        var unknownExpectation = false

        init() {}

        init(_ requestLine: RequestLine) {
            method = requestLine.method
            target = requestLine.target
            authority = requestLine.authority
            version = requestLine.version
        }

        /// Records a field; refuses the field shapes that let two parsers disagree on where a request ends.
        mutating func add(_ field: ParsedField) throws(Failure) {
            switch field.meaning {
            case .other:
                break
            case .host:
                hostCount += 1
                guard hostCount == 1 else { throw .badRequest("more than one Host header") }
            case .contentLength(let length):
                guard contentLength == nil else { throw .badRequest("more than one Content-Length header") }
                contentLength = length
            case .transferEncoding(let chunked):
                guard transferCoding == nil else { throw .badRequest("more than one Transfer-Encoding header") }
                transferCoding = chunked ? .chunked : .other
            case .connection(let close, let keepAlive):
                self.close = self.close || close
                self.keepAlive = self.keepAlive || keepAlive
            case .expect(let isContinue):
                if isContinue { expectContinue = true } else { unknownExpectation = true }
            }
            headers.appendValidated(name: field.name, value: field.value)
        }

        /// Checks the head as a whole; returns whether the connection may carry another request, whether the
        /// client waits for `100 Continue`, and the length of the body to read with the request (nil: none is read).
        func validate(bodies: [HTTPBodyRule]) throws(Failure) -> (keepAlive: Bool, expectContinue: Bool, body: Int?) {
            if version == .http1_1 && hostCount == 0 { throw .badRequest("HTTP/1.1 request without a Host header") }
            if let transferCoding {
                guard contentLength == nil else {
                    throw .badRequest("both Content-Length and Transfer-Encoding")
                }
                // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 request means the framing is faulty.
                guard version == .http1_1 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
                guard transferCoding == .chunked else {
                    throw Failure(status: .notImplemented, reason: "Transfer-Encoding other than chunked")
                }
            }
            let hasBody = transferCoding == .chunked || (contentLength ?? 0) > 0
            if hasBody && (method == .get || method == .head) {
                throw Failure(status: .contentTooLarge, reason: "a \(method.rawValue) request may not carry a body")
            }
            if unknownExpectation && version == .http1_1 {
                throw Failure(status: .expectationFailed, reason: "Expect other than 100-continue")
            }
            let persistent = version == .http1_1 ? !close : keepAlive && !close
            let expects = expectContinue && version == .http1_1
            if transferCoding == nil, let length = contentLength,
                let rule = bodies.first(where: { $0.applies(method: method, target: target) }), length <= rule.maxBytes
            {
                return (persistent, expects, length)
            }
            // A body not read leaves its bytes where the next request would start: the connection ends after it.
            return (persistent && !hasBody, expects, nil)
        }
    }
}
