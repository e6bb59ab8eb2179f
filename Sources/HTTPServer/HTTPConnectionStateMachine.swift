/// The life of one connection as a pure value: socket events, bytes and clock readings in, actions out. The event
/// loop owns the socket and does only what the actions say, so keep-alive, pipelining, limits, timeouts, backed-up
/// output, answers made off the loop, lingering and drain are all tested without a socket or a sleep.
///
/// Everything a connection can be waiting for is state here: more bytes (`readable`), the socket taking queued
/// output (`outputQueued`), a worker's answer (`.awaitingAnswer`), the peer reading a last answer before the close
/// (`.lingering`), the peer's hang-up (`peerHungUp`, `inputClosed`).
struct HTTPConnectionStateMachine {
    /// What the event loop does next for this connection.
    enum Action: Equatable {
        /// Read once from the socket and report what came back (`received`, `readWouldBlock`, `endOfInput`).
        case read
        /// Answer the request; write the answer with `Connection: keep-alive` or `close` (no body for HEAD) and report
        /// it with `queued`, or hand it to a worker and report `deferredAnswer`.
        case respond(HTTPRequest, keepAlive: Bool)
        /// Write this status with a short text body (none for HEAD) and `Connection: close`; report it with `queued`.
        case respondError(HTTPStatus, reason: String, isHead: Bool)
        /// Write `100 Continue`: the client waits for it before it sends the body the server is about to read.
        case sendContinue
        /// Shut the output side (the peer reads the last answer, then end of stream), and go on reading to discard.
        case shutdownOutput
        /// Close the socket now, and report `closed`.
        case close
        /// Nothing until an event: the socket readable or writable, a worker's answer, a tick, a command.
        case wait
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
        /// A worker is making the answer to the last request; nothing more is read or answered until it arrives, so
        /// answers keep the order of their requests. `keepAlive` is what the request allowed.
        case awaitingAnswer(keepAlive: Bool)
        /// No more requests are read: once the queued output is written, linger (`linger`) or close.
        case finishing(linger: Bool)
        /// The output side is shut; input is read and discarded until the peer closes or the deadline passes.
        case lingering(deadline: MonotonicInstant)
        /// The socket is closed; nothing more happens.
        case closed
    }

    /// A connection stops being answered while this many bytes of its answers wait to be written, until the socket
    /// takes some.
    static let outputHighWater = 65_536

    private var parser: HTTPRequestParser
    /// The path of a request refused as too long (see `HTTPRequestParser.refusedPath`).
    var refusedPath: String? { parser.refusedPath }
    private let timeouts: Timeouts
    private let maxRequests: Int
    private(set) var phase: Phase
    private(set) var requestsAnswered = 0
    /// Bytes may wait in the socket: edge-triggered epoll reports readability once, so this is remembered until a
    /// read finds the socket empty.
    private(set) var readable = true
    /// epoll reported the peer's FIN: read until end of stream even after a short read, as no edge will follow.
    private(set) var peerHungUp = false
    /// A read returned end of stream.
    private(set) var inputClosed = false
    /// Bytes of answers the socket has not taken yet.
    private(set) var outputQueued = 0
    /// While output is queued, the client must take some of it before this instant.
    private(set) var sendDeadline: MonotonicInstant?
    private(set) var draining = false

    init(limits: HTTPLimits, timeouts: Timeouts, maxRequests: Int, now: MonotonicInstant) {
        self.parser = HTTPRequestParser(limits: limits)
        self.timeouts = timeouts
        self.maxRequests = max(1, maxRequests)
        self.phase = .awaitingHead(deadline: now + timeouts.header)
    }

    var isClosed: Bool { phase == .closed }

    /// The next thing to do. The loop calls it until it says `.wait` (or its read budget for the round is spent).
    mutating func next(now: MonotonicInstant) -> Action {
        switch phase {
        case .closed, .awaitingAnswer:
            return .wait
        case .finishing(let linger):
            if outputQueued > 0 { return .wait }  // the socket takes the rest first
            if linger && !inputClosed {
                // nginx's lingering close: FIN first, so the client reads the whole answer; keep reading for a
                // while so bytes it already sent (a pipelined request, an unread body) do not turn into a reset
                // that destroys the answer in its receive buffer.
                phase = .lingering(deadline: now + timeouts.linger)
                return .shutdownOutput
            }
            return .close
        case .lingering:
            if inputClosed { return .close }
            return readable ? .read : .wait
        case .awaitingHead, .idle, .betweenRequests:
            return nextRequest(now: now)
        }
    }

    private mutating func nextRequest(now: MonotonicInstant) -> Action {
        if outputQueued >= Self.outputHighWater { return .wait }
        switch parser.next() {
        case .request(let request, let clientKeepAlive, _):
            requestsAnswered += 1
            // A body the server does not read gets no `100 Continue`: the final answer goes out at once (RFC 9110
            // §10.1.1), and the parser gives such a request keepAlive false, so the connection closes instead of
            // reading the body as the next request. A body it reads came with the request.
            let keepAlive = clientKeepAlive && !draining && !inputClosed && requestsAnswered < maxRequests
            phase = keepAlive ? .betweenRequests : .finishing(linger: true)
            return .respond(request, keepAlive: keepAlive)
        case .error(let status, let reason, let isHead):
            phase = .finishing(linger: true)
            return .respondError(status, reason: reason, isHead: isHead)
        case .continueBody:
            return .sendContinue
        case .needMoreData:
            if inputClosed {
                // A half-sent head from a peer that closed: nobody is left to answer.
                phase = .finishing(linger: false)
                return next(now: now)
            }
            let begun = parser.bufferedByteCount > 0
            if draining && !begun {
                // Bytes still in the socket would make a request in progress, not an idle connection.
                if readable { return .read }
                phase = .finishing(linger: false)
                return next(now: now)
            }
            if case .betweenRequests = phase {
                phase = begun ? .awaitingHead(deadline: now + timeouts.header) : .idle(deadline: now + timeouts.idle)
            }
            return readable ? .read : .wait
        }
    }

    // MARK: What the event loop reports: the socket's events, reads and writes, workers' answers, drain, time.

    /// epoll reported the socket: input (or a hang-up, which reads as input) and whether the peer closed its side.
    mutating func socketReported(input: Bool, hangUp: Bool) {
        if input || hangUp { readable = true }
        if hangUp { peerHungUp = true }
    }

    /// A read brought bytes. `filledBuffer` is false when the read was shorter than the buffer, which means the
    /// socket is empty (epoll(7)) and the next byte brings a new edge, unless the peer already hung up.
    mutating func received(_ bytes: UnsafeRawBufferPointer, filledBuffer: Bool = true, now: MonotonicInstant) {
        if !filledBuffer && !peerHungUp { readable = false }
        switch phase {
        case .lingering, .finishing, .closed, .awaitingAnswer:
            return  // nothing after the last request is read; nothing is read while an answer is being made
        case .idle:
            phase = .awaitingHead(deadline: now + timeouts.header)
        case .awaitingHead, .betweenRequests:
            break
        }
        parser.feed(bytes)
    }

    /// A read found the socket empty.
    mutating func readWouldBlock() {
        readable = false
    }

    /// A read returned end of stream: answer what is complete, then close.
    mutating func endOfInput() {
        readable = false
        inputClosed = true
    }

    /// The loop wrote (or queued) output: `queued` bytes still wait for the socket, and `progressed` says whether
    /// the socket took any of what was queued before.
    mutating func wrote(queued: Int, progressed: Bool, now: MonotonicInstant) {
        let wasQueued = outputQueued > 0
        outputQueued = queued
        if queued == 0 {
            sendDeadline = nil
            // An idle connection's wait starts when its last answer is written, not when it was queued.
            if case .idle = phase { phase = .idle(deadline: now + timeouts.idle) }
        } else if !wasQueued || progressed {
            // The send timeout runs between two writes that make progress, as nginx's send_timeout does.
            sendDeadline = now + timeouts.send
        }
    }

    /// The answer to the request of the last `.respond` is being made off the loop.
    mutating func deferredAnswer() {
        switch phase {
        case .betweenRequests: phase = .awaitingAnswer(keepAlive: true)
        case .finishing: phase = .awaitingAnswer(keepAlive: false)
        default: preconditionFailure("an answer deferred in phase \(phase), not after .respond")
        }
    }

    /// A worker's answer arrived; returns whether it keeps the connection open. A drain that began while the worker
    /// made it makes it the last answer.
    mutating func answerArrived() -> Bool {
        guard case .awaitingAnswer(let keepAlive) = phase else {
            preconditionFailure("an answer arrived in phase \(phase), none was awaited")
        }
        let keep = keepAlive && !draining
        phase = keep ? .betweenRequests : .finishing(linger: true)
        return keep
    }

    /// The socket is closed.
    mutating func closed() {
        phase = .closed
        readable = false
        outputQueued = 0
        sendDeadline = nil
    }

    /// Stop after the request in progress: an idle connection closes (once its queued output is written), a head
    /// in progress or an answer being made ends the connection after its answer. Call `next(now:)` afterwards.
    mutating func startDraining() {
        draining = true
        if case .idle = phase { phase = .betweenRequests }
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
            if requestsAnswered == 0 && parser.bufferedByteCount == 0 { return .close }
            phase = .finishing(linger: true)
            let part = parser.isReadingBody ? "body" : "head"
            return .respondError(
                .requestTimeout, reason: "the request \(part) did not arrive in time",
                isHead: parser.pendingRequestIsHead)
        case .idle(let deadline) where now >= deadline, .lingering(let deadline) where now >= deadline:
            return .close
        default:
            return nil
        }
    }
}
