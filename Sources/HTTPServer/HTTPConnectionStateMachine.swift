/// The life of one connection as a pure value: bytes and clock readings in, actions out. The event loop owns the
/// socket and does only what the actions say, so keep-alive, pipelining, limits, timeouts and drain are tested
/// without a socket or a sleep.
struct HTTPConnectionStateMachine {
    /// What the event loop does next for this connection.
    enum Action: Equatable {
        /// Read when the socket is readable, then call `next(now:)` again.
        case needMoreData
        /// Call the handler, write its response with `Connection: keep-alive` or `close`, without the body for
        /// HEAD; after a `close` response, stop reading requests and close once it is written.
        case respond(HTTPRequest, keepAlive: Bool)
        /// Write this status with a short text body and `Connection: close`, then close; without the body (its
        /// Content-Length kept) when the request was HEAD.
        case respondError(HTTPStatus, reason: String, isHead: Bool)
        /// Close once what is already queued is written (at once when nothing is).
        case close
    }

    /// The timeouts of `HTTPServerConfiguration`, as they apply to one connection.
    struct Timeouts: Equatable {
        var header: Duration
        var idle: Duration
        var send: Duration
        var linger: Duration
    }

    enum Phase: Equatable {
        /// A request head is due: the connection is new, or some bytes of the next head have arrived.
        case awaitingHead(deadline: MonotonicInstant)
        /// A keep-alive connection between requests, with no byte of the next one.
        case idle(deadline: MonotonicInstant)
        /// A request was answered; whether the next head has begun is known at the next `next(now:)`.
        case betweenRequests
        /// No more requests are read: the last response goes out, then the connection closes.
        case finishing
        /// The output side is shut; input is read and discarded until the peer closes or the deadline passes.
        case lingering(deadline: MonotonicInstant)
    }

    private var parser: HTTPRequestParser
    private let timeouts: Timeouts
    private let maxRequests: Int
    private(set) var phase: Phase
    private(set) var requestsAnswered = 0
    /// While output is queued, the client must take some of it before this instant.
    private(set) var sendDeadline: MonotonicInstant?
    private(set) var draining = false
    private(set) var inputClosed = false

    init(limits: HTTPLimits, timeouts: Timeouts, maxRequests: Int, now: MonotonicInstant) {
        self.parser = HTTPRequestParser(limits: limits)
        self.timeouts = timeouts
        self.maxRequests = max(1, maxRequests)
        self.phase = .awaitingHead(deadline: now + timeouts.header)
    }

    /// True when the connection is lingering: input is read only to be discarded.
    var isLingering: Bool {
        if case .lingering = phase { return true }
        return false
    }

    /// Bytes from the socket.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: MonotonicInstant) {
        switch phase {
        case .lingering, .finishing:
            return  // nothing after the last request is read
        case .idle:
            phase = .awaitingHead(deadline: now + timeouts.header)
        case .awaitingHead, .betweenRequests:
            break
        }
        parser.feed(bytes)
    }

    /// The peer shut down its side (read returned 0): answer what is complete, then close.
    mutating func peerClosedInput() {
        inputClosed = true
    }

    /// The next thing to do. Call it until it says `.needMoreData` (or the loop stops for backed-up output).
    mutating func next(now: MonotonicInstant) -> Action {
        switch phase {
        case .finishing:
            return .close
        case .lingering:
            return inputClosed ? .close : .needMoreData
        case .awaitingHead, .idle, .betweenRequests:
            break
        }
        switch parser.next() {
        case .request(let request, let clientKeepAlive, _):
            requestsAnswered += 1
            // The server never reads a request body, so `Expect: 100-continue` never gets a 100: the final answer
            // goes out at once (RFC 9110 §10.1.1). A request that announces a body comes with keepAlive false
            // from the parser, so the connection closes instead of reading the body as the next request.
            let keepAlive = clientKeepAlive && !draining && !inputClosed && requestsAnswered < maxRequests
            phase = keepAlive ? .betweenRequests : .finishing
            return .respond(request, keepAlive: keepAlive)
        case .error(let status, let reason, let isHead):
            phase = .finishing
            return .respondError(status, reason: reason, isHead: isHead)
        case .needMoreData:
            if inputClosed {
                // A half-sent head from a peer that closed: nobody is left to answer.
                phase = .finishing
                return .close
            }
            if case .betweenRequests = phase {
                if parser.bufferedByteCount == 0 {
                    if draining {
                        phase = .finishing
                        return .close
                    }
                    phase = .idle(deadline: now + timeouts.idle)
                } else {
                    phase = .awaitingHead(deadline: now + timeouts.header)
                }
            }
            return .needMoreData
        }
    }

    /// Some output could not be written at once; the client has `send` timeout to take more of it.
    mutating func outputBlocked(now: MonotonicInstant) {
        sendDeadline = now + timeouts.send
    }

    /// All queued output is written. An idle connection's wait starts now, not when its last answer was queued.
    mutating func outputFlushed(now: MonotonicInstant) {
        sendDeadline = nil
        if case .idle = phase { phase = .idle(deadline: now + timeouts.idle) }
    }

    /// The last response is written and the output side shut: discard input for at most the linger timeout.
    mutating func startLingering(now: MonotonicInstant) {
        phase = .lingering(deadline: now + timeouts.linger)
    }

    /// Stop after the request in progress. Returns `.close` when there is none (nothing queued, no head begun).
    mutating func startDraining(outputQueued: Bool) -> Action? {
        draining = true
        switch phase {
        case .idle:
            phase = .finishing
            return .close
        case .awaitingHead where parser.bufferedByteCount == 0 && !outputQueued:
            phase = .finishing
            return .close
        default:
            return nil
        }
    }

    /// What a timer tick at `now` requires: `nil` while no deadline has passed, `.close` to cut the connection
    /// at once, or a 408 for a head that began but did not end in time. A new connection that sent nothing is
    /// closed without a word, as nginx does: it asked nothing (browsers open spare connections in advance).
    mutating func timedOut(now: MonotonicInstant) -> Action? {
        if let sendDeadline {
            return now >= sendDeadline ? .close : nil
        }
        switch phase {
        case .awaitingHead(let deadline) where now >= deadline:
            phase = .finishing
            if requestsAnswered == 0 && parser.bufferedByteCount == 0 { return .close }
            return .respondError(
                .requestTimeout, reason: "the request head did not arrive in time", isHead: parser.pendingRequestIsHead)
        case .idle(let deadline) where now >= deadline, .lingering(let deadline) where now >= deadline:
            phase = .finishing
            return .close
        default:
            return nil
        }
    }
}
