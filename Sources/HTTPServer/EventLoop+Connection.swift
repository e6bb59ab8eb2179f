import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The I/O of one connection: the event loop performs what the state machine asks, and reports what happened.
extension EventLoop {
    /// Reads a connection may do in one round: a client that sends without pause would otherwise keep this loop
    /// reading it forever. After them it waits its turn behind the other ready connections (edge-triggered epoll
    /// will not report it again, so it is resumed after the next poll).
    static let readsPerRound = 16

    /// Runs the connection until its state machine waits for an event, or its reads for this round are spent.
    func process(_ connection: HTTPConnection) {
        var readsLeft = Self.readsPerRound
        while true {
            switch connection.state.next(now: now) {
            case .wait:
                return
            case .read:
                if readsLeft == 0 {
                    resumeLater(connection)
                    return
                }
                readsLeft -= 1
                readInput(connection)
            case .respond(var request, let keepAlive):
                request.client = connection.client
                let isHead = request.method == .head
                switch handler.answer(request) {
                case .now(let response):
                    send(response, to: connection, keepAlive: keepAlive, isHead: isHead)
                case .later(let work, let afterSend, let client):
                    let turn = client ?? connection.client
                    if !answerOnWorker(connection, work, afterSend: afterSend, isHead: isHead, client: turn) {
                        // The process is out of threads: the loop makes the answer itself.
                        send(work(), to: connection, keepAlive: keepAlive, isHead: isHead)
                        afterSend?()
                    }
                case .whenReady(let start):
                    let pending = DeferredAnswer.Pending(connection: connection, isHead: isHead)
                    connection.state.deferredAnswer()
                    start { [self] response in post(DeferredAnswer(pending: pending, response: response)) }
                }
            case .respondError(let status, let reason, let isHead):
                counterCells.protocolErrors.add(1, ordering: .relaxed)
                respondWithError(connection, status: status, reason: reason, isHead: isHead)
            case .sendContinue:
                write(connection, head: Self.continueLine, keepAlive: true, body: nil, interim: true)
            case .shutdownOutput:
                Syscall.shutdownOutput(connection.fd)
            case .close:
                close(connection)
                return
            }
        }
    }

    /// One read into the loop's buffer, reported to the state machine (which discards it while lingering).
    func readInput(_ connection: HTTPConnection) {
        do {
            switch try Syscall.read(connection.fd, into: readBuffer) {
            case .wouldBlock:
                connection.state.readWouldBlock()
            case .processed(0):
                connection.state.endOfInput()
            case .processed(let count):
                connection.state.received(
                    UnsafeRawBufferPointer(rebasing: readBuffer[..<count]), filledBuffer: count == readBuffer.count,
                    now: now)
            }
        } catch {
            close(connection)  // ECONNRESET and friends: the peer is gone
        }
    }

    private func send(_ response: HTTPResponse, to connection: HTTPConnection, keepAlive: Bool, isHead: Bool) {
        write(connection, head: response.head, keepAlive: keepAlive, body: isHead ? nil : response.body)
    }

    /// Has the loop's worker thread make the answer; the connection waits (in order) while the loop serves the
    /// others. Returns false when the worker has no thread and cannot start one.
    private func answerOnWorker(
        _ connection: HTTPConnection, _ work: @escaping @Sendable () -> HTTPResponse,
        afterSend: (@Sendable () -> Void)?, isHead: Bool, client: ClientAddress?
    ) -> Bool {
        let pending = DeferredAnswer.Pending(connection: connection, isHead: isHead)
        workerActivity.workerActive(at: now.nanoseconds)
        let queued = worker.run(for: client) { [self] more in
            let started = MonotonicInstant.now().nanoseconds
            let response = work()
            let finished = MonotonicInstant.now().nanoseconds
            workerActivity.workerActive(at: finished)
            post(
                DeferredAnswer(pending: pending, response: response, afterSend: afterSend, fromWorker: true),
                moreJobs: more, jobTook: finished - started, now: finished)
        }
        if queued {
            workerJobs += 1
            connection.state.deferredAnswer()
        }
        return queued
    }

    /// Writes the answers workers have made, then serves each connection's next requests.
    func sendDeferredAnswers() {
        let answers = inbox.withLock { inbox in
            defer {
                inbox.answers.removeAll()
                inbox.handOff.answersTaken()
                heldSince.store(0, ordering: .relaxed)
            }
            return inbox.answers
        }
        for answer in answers {
            if answer.fromWorker { workerJobs -= 1 }
            let connection = answer.pending.connection
            // Closed meanwhile (the peer reset, a timeout, a stop): nobody is left to answer.
            if !connection.state.isClosed {
                let keepAlive = connection.state.answerArrived()
                send(answer.response, to: connection, keepAlive: keepAlive, isHead: answer.pending.isHead)
                process(connection)
            }
            answer.afterSend?()
        }
    }

    /// The server's own answer to a request it cannot serve: status and a one-line text body (none for HEAD), then
    /// the connection ends.
    func respondWithError(_ connection: HTTPConnection, status: HTTPStatus, reason: String, isHead: Bool) {
        if status == .uriTooLong, let path = connection.state.refusedPath,
            let response = handler.uriTooLong(path: path, reason: reason), response.status == status
        {
            write(connection, head: response.head, keepAlive: false, body: isHead ? nil : response.body)
            return
        }
        let response = HTTPResponse(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: Array("\(status.code) \(status.reasonPhrase): \(reason)\n".utf8))
        write(connection, head: response.head, keepAlive: false, body: isHead ? nil : response.body)
    }

    /// An interim answer to `Expect: 100-continue`, whole: it carries no Date or Connection field.
    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Writes status line and headers, the Date/Connection lines and the body with one sendmsg when nothing is
    /// queued; whatever the socket does not take is queued and sent on EPOLLOUT. `interim`: `head` is a whole
    /// interim answer, written as it is.
    private func write(
        _ connection: HTTPConnection, head: [UInt8], keepAlive: Bool, body: [UInt8]?, interim: Bool = false
    ) {
        guard !connection.state.isClosed else { return }
        let tail = interim ? [] : keepAlive ? dateCache.keepAliveTail : dateCache.closeTail
        let body = body ?? []
        let wasQueued = !connection.output.isEmpty
        head.withUnsafeBytes { head in
            tail.withUnsafeBytes { tail in
                body.withUnsafeBytes { body in
                    var sent = 0
                    if !wasQueued {
                        vectors[0] = iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count)
                        vectors[1] = iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: tail.baseAddress), iov_len: tail.count)
                        vectors[2] = iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count)
                        do {
                            switch try Syscall.sendv(connection.fd, vectors) {
                            case .wouldBlock: sent = 0
                            case .processed(let count): sent = count
                            }
                        } catch {
                            close(connection)
                            return
                        }
                    }
                    // Queue what the socket did not take: the rest of whichever part it stopped in, then the others.
                    func queue(_ part: UnsafeRawBufferPointer) {
                        if sent >= part.count {
                            sent -= part.count
                        } else {
                            connection.output.append(UnsafeRawBufferPointer(rebasing: part[sent...]))
                            sent = 0
                        }
                    }
                    queue(head)
                    queue(tail)
                    queue(body)
                }
            }
        }
        guard !connection.state.isClosed else { return }
        connection.state.wrote(queued: connection.output.count, progressed: false, now: now)
    }

    /// Sends queued output after EPOLLOUT.
    func flush(_ connection: HTTPConnection) {
        let result = connection.output.withUnsentBytes { bytes in
            Result { () throws(IOError) in try Syscall.send(connection.fd, bytes) }
        }
        guard case .success(let outcome) = result else {
            close(connection)
            return
        }
        guard case .processed(let count) = outcome else { return }
        connection.output.consume(count)
        connection.state.wrote(queued: connection.output.count, progressed: count > 0, now: now)
    }
}
