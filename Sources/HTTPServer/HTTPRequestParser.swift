/// An HTTP/1.1 request-head parser as a pure push state machine: the connection feeds it the bytes it reads and
/// asks for events; the parser never touches a socket or a clock.
///
/// It reads heads, and the bodies of the requests an `HTTPBodyRule` names (framed by `Content-Length`, within the
/// rule's bound). Any other request that announces a body is either refused (GET and HEAD: 413) or handed over with
/// `keepAlive: false`, after which the parser ignores every further byte, so an unread body is never taken for the
/// next request. Each byte is looked at once: the scan resumes where the previous call stopped.
public struct HTTPRequestParser: Sendable {
    /// What the connection does next.
    public enum Event: Sendable, Equatable {
        /// The buffered bytes do not end a head yet; feed more.
        case needMoreData
        /// A complete head. keepAlive: the connection may carry another request afterwards (HTTP/1.1 unless
        /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`; never after a body).
        /// expectContinue: an HTTP/1.1 `Expect: 100-continue` whose body, if any, is not read.
        case request(HTTPRequest, keepAlive: Bool, expectContinue: Bool)
        /// A head whose body is to be read came with `Expect: 100-continue` and none of its body yet: send
        /// `100 Continue`, then feed the body. Given once per request.
        case continueBody
        /// Answer with this status and close the connection. The reason names the rule the head broke and never
        /// quotes the client's bytes, so it is safe to log and to send. isHead: the request line began with the
        /// method HEAD, so the answer carries no content, only its Content-Length (RFC 9110 §9.3.2): a client
        /// reads no body after an answer to HEAD and would take one for the start of the next answer.
        case error(HTTPStatus, reason: String, isHead: Bool)
    }

    /// Why a head is refused.
    struct Failure: Error, Sendable, Equatable {
        let status: HTTPStatus
        let reason: String

        static func badRequest(_ reason: String) -> Failure { Failure(status: .badRequest, reason: reason) }
    }

    enum Phase: Sendable {
        case requestLine
        case headers
        /// The head of `request` is read and `length` bytes of body follow, from `scanIndex`; the head's bytes stay
        /// buffered (from `headStart`) until the body is complete, so the request counts as begun.
        case body(HTTPRequest, length: Int, keepAlive: Bool, continueDue: Bool)
        /// A request without keep-alive was handed over: nothing after it is parsed.
        case closed
        case failed(Failure, isHead: Bool)
    }

    let limits: HTTPLimits
    /// Bytes received and not yet discarded; the current head starts at `headStart`.
    private var buffer: [UInt8] = []
    private var headStart = 0
    private var lineStart = 0
    /// The next byte to scan; everything in `lineStart..<scanIndex` holds no line end and no forbidden byte.
    private var scanIndex = 0
    private var phase = Phase.requestLine
    private var head = PendingHead()
    private var emptyLinesSkipped = 0

    /// The most buffer capacity kept once a request with a body is handed over.
    static let keptCapacity = 256 * 1024

    /// A parser for one connection.
    public init(limits: HTTPLimits = .init()) {
        // Clamped so that index arithmetic cannot overflow whatever a configuration says.
        var clamped = limits
        clamped.maxRequestLineBytes = min(max(clamped.maxRequestLineBytes, 16), 1 << 30)
        clamped.maxHeadBytes = min(max(clamped.maxHeadBytes, 16), 1 << 30)
        clamped.maxHeaderFields = max(clamped.maxHeaderFields, 0)
        clamped.maxMethodBytes = max(clamped.maxMethodBytes, 1)
        clamped.maxLeadingEmptyLines = max(clamped.maxLeadingEmptyLines, 0)
        self.limits = clamped
    }

    /// The start of the target of a request line refused as too long (`414`): its path, up to the `?`, where that
    /// is printable ASCII of at most `refusedPathLength` bytes; nil otherwise.
    public private(set) var refusedPath: String? = nil
    public static let refusedPathLength = 128

    /// Bytes buffered but not yet consumed: a partly received head (zero once the parser has failed or closed).
    public var bufferedByteCount: Int {
        switch phase {
        case .requestLine, .headers, .body: return buffer.count - headStart
        case .closed, .failed: return 0
        }
    }

    /// Bytes the buffer holds room for (what the connection's parser costs in memory).
    var bufferCapacity: Int { buffer.capacity }

    /// Whether the head is read and its body is being received.
    public var isReadingBody: Bool {
        if case .body = phase { return true }
        return false
    }

    /// Appends bytes received from the socket (copied into the parser's buffer).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        switch phase {
        case .closed, .failed:
            return
        case .requestLine, .headers, .body:
            break
        }
        if headStart > 0 {
            // Only the unfinished head is kept, so the buffer never holds more than one head plus one read.
            if headStart == buffer.count {
                buffer.removeAll(keepingCapacity: true)
            } else {
                buffer.removeSubrange(0..<headStart)
            }
            lineStart -= headStart
            scanIndex -= headStart
            headStart = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Returns the next event; call again after `.request` to get pipelined requests already buffered.
    public mutating func next() -> Event {
        while true {
            let limit: Int
            switch phase {
            case .failed(let failure, let isHead):
                return .error(failure.status, reason: failure.reason, isHead: isHead)
            case .closed:
                return .needMoreData
            case .body(let request, let length, let keepAlive, let continueDue):
                return bodyEvent(request, length: length, keepAlive: keepAlive, continueDue: continueDue)
            case .requestLine:
                limit = lineStart + min(limits.maxRequestLineBytes + 2, limits.maxHeadBytes)
            case .headers:
                limit = headStart + limits.maxHeadBytes
            }
            let end = min(buffer.count, limit)
            switch Self.scanLine(buffer, from: scanIndex, to: end) {
            case .invalid(let failure):
                return fail(failure)
            case .incomplete(let resumeAt):
                scanIndex = resumeAt
                guard end == limit else { return .needMoreData }
                return fail(limitFailure())
            case .lineEnd(let lf):
                let line = lineStart..<(lf - 1)
                scanIndex = lf + 1
                lineStart = lf + 1
                if let event = process(line: line, next: lf + 1) { return event }
            }
        }
    }

    /// Handles one complete line (CRLF excluded); returns an event when the line ends a head or breaks a rule.
    private mutating func process(line: Range<Int>, next: Int) -> Event? {
        switch phase {
        case .requestLine:
            if line.isEmpty {
                emptyLinesSkipped += 1
                guard emptyLinesSkipped <= limits.maxLeadingEmptyLines else {
                    return fail(
                        .badRequest("more than \(limits.maxLeadingEmptyLines) empty lines before the request line"))
                }
                headStart = next
                return nil
            }
            do {
                let maxMethodBytes = limits.maxMethodBytes
                let requestLine = try buffer.withUnsafeBufferPointer { (buf) throws(Failure) in
                    try Self.parseRequestLine(UnsafeBufferPointer(rebasing: buf[line]), maxMethodBytes: maxMethodBytes)
                }
                head = PendingHead(requestLine)
                phase = .headers
                return nil
            } catch {
                return fail(error)
            }
        case .headers:
            if line.isEmpty { return finishHead(next: next) }
            guard head.headers.count < limits.maxHeaderFields else {
                return fail(
                    Failure(
                        status: .requestHeaderFieldsTooLarge,
                        reason: "more than \(limits.maxHeaderFields) header fields"))
            }
            do {
                let field = try buffer.withUnsafeBufferPointer { (buf) throws(Failure) in
                    try Self.parseField(UnsafeBufferPointer(rebasing: buf[line]))
                }
                try head.add(field)
                return nil
            } catch {
                return fail(error)
            }
        case .body, .closed, .failed:
            return nil
        }
    }

    /// The request once its body is buffered; until then `needMoreData` (after one `continueBody` where the client
    /// waits for it).
    private mutating func bodyEvent(_ request: HTTPRequest, length: Int, keepAlive: Bool, continueDue: Bool) -> Event {
        guard buffer.count - scanIndex >= length else {
            if continueDue && buffer.count == scanIndex {
                phase = .body(request, length: length, keepAlive: keepAlive, continueDue: false)
                return .continueBody
            }
            return .needMoreData
        }
        var complete = request
        complete.body = Array(buffer[scanIndex..<(scanIndex + length)])
        let next = scanIndex + length
        headStart = next
        lineStart = next
        scanIndex = next
        // A body of megabytes (a pushed report) grew the buffer that large: with nothing after it, the buffer is
        // given back now, so a keep-alive connection that waits for its next request holds what a head needs.
        if next == buffer.count && buffer.capacity > Self.keptCapacity {
            buffer = []
            headStart = 0
            lineStart = 0
            scanIndex = 0
        }
        settle(keepAlive: keepAlive)
        return .request(complete, keepAlive: keepAlive, expectContinue: false)
    }

    /// After a request is handed over: the next head is read, or (without keep-alive) nothing more.
    private mutating func settle(keepAlive: Bool) {
        if keepAlive {
            phase = .requestLine
        } else {
            phase = .closed
            buffer = []
            headStart = 0
            lineStart = 0
            scanIndex = 0
        }
    }

    /// Checks the whole head, hands the request over and gets ready for the next one.
    private mutating func finishHead(next: Int) -> Event {
        var finished = PendingHead()
        swap(&finished, &head)
        do {
            let (keepAlive, expectContinue, bodyLength) = try finished.validate(bodies: limits.bodies)
            var headers = finished.headers
            // Only a Host that was sent is replaced (an HTTP/1.0 request may have none), so the fields stay
            // within maxHeaderFields.
            if let authority = finished.authority, finished.hostCount > 0 { headers.replace("Host", authority) }
            let request = HTTPRequest(
                method: finished.method, target: finished.target, version: finished.version, headers: headers)
            lineStart = next
            scanIndex = next
            emptyLinesSkipped = 0
            if let bodyLength {
                // headStart stays at the head until the body is in: the request has begun.
                phase = .body(request, length: bodyLength, keepAlive: keepAlive, continueDue: expectContinue)
                return bodyEvent(request, length: bodyLength, keepAlive: keepAlive, continueDue: expectContinue)
            }
            headStart = next
            settle(keepAlive: keepAlive)
            return .request(request, keepAlive: keepAlive, expectContinue: expectContinue)
        } catch {
            return fail(error)
        }
    }

    /// The failure for a line or head that reached its limit without ending.
    private mutating func limitFailure() -> Failure {
        guard case .requestLine = phase else {
            return Failure(
                status: .requestHeaderFieldsTooLarge, reason: "request head longer than \(limits.maxHeadBytes) bytes")
        }
        // A method this long is no method at all: say so rather than blame the target's length.
        let methodWindow = min(buffer.count, lineStart + limits.maxMethodBytes + 1)
        if !buffer[lineStart..<methodWindow].contains(UInt8(ascii: " ")) {
            return .badRequest("method longer than \(limits.maxMethodBytes) bytes")
        }
        if limits.maxRequestLineBytes + 2 > limits.maxHeadBytes {
            return Failure(
                status: .requestHeaderFieldsTooLarge, reason: "request head longer than \(limits.maxHeadBytes) bytes")
        }
        refusedPath = Self.path(in: buffer[lineStart..<min(buffer.count, lineStart + 64 + Self.refusedPathLength)])
        return Failure(status: .uriTooLong, reason: "request line longer than \(limits.maxRequestLineBytes) bytes")
    }

    /// Whether the head being read names the method HEAD, as far as its bytes tell: `HEAD` and the space after
    /// it. Every failure inside the first five bytes is at a byte that differs from `HEAD `, so the answer does
    /// not depend on how the bytes were split into reads.
    var pendingRequestIsHead: Bool {
        switch phase {
        case .body:
            return false
        case .requestLine, .headers:
            guard buffer.count - headStart >= 5 else { return false }
            return buffer[headStart] == UInt8(ascii: "H") && buffer[headStart + 1] == UInt8(ascii: "E")
                && buffer[headStart + 2] == UInt8(ascii: "A") && buffer[headStart + 3] == UInt8(ascii: "D")
                && buffer[headStart + 4] == ASCII.space
        case .closed, .failed:
            return false
        }
    }

    private mutating func fail(_ failure: Failure) -> Event {
        let isHead = pendingRequestIsHead
        phase = .failed(failure, isHead: isHead)
        buffer = []
        headStart = 0
        lineStart = 0
        scanIndex = 0
        return .error(failure.status, reason: failure.reason, isHead: isHead)
    }
}
