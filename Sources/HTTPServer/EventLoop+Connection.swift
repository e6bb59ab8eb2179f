import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The I/O of one connection: the event loop performs what the state machine asks.
extension EventLoop {
    /// Runs the connection until it needs input that has not arrived, its output backs up, or it closes.
    func process(_ connection: HTTPConnection) {
        // A client that sends without pause would keep this loop reading it forever: after a few reads it waits
        // its turn behind the other ready connections (edge-triggered epoll will not report it again).
        var readsLeft = 16
        while !connection.isClosed && !connection.awaitingResponse {
            if connection.afterFlush != .proceed || connection.output.count >= Self.outputHighWater {
                return  // wait for EPOLLOUT
            }
            if connection.state.isLingering {
                discardInput(connection)
                return
            }
            switch connection.state.next(now: now) {
            case .respond(let request, let keepAlive):
                let response: HTTPResponse
                if let quick = handler.quickResponse(to: request) {
                    response = quick
                } else if respondFromWorker(connection, request, keepAlive: keepAlive) {
                    return
                } else {
                    response = handler.handle(request)  // the process is out of threads: the loop answers itself
                }
                send(response, to: connection, keepAlive: keepAlive, isHead: request.method == .head)
            case .respondError(let status, let reason, let isHead):
                shared.protocolErrors.add(1, ordering: .relaxed)
                respondWithError(connection, status: status, reason: reason, isHead: isHead)
            case .close:
                finishAfterFlush(connection, .close)
            case .needMoreData:
                guard connection.readable else { return }
                if readsLeft == 0 {
                    resumeLater(connection)
                    return
                }
                readsLeft -= 1
                readInput(connection)
            }
        }
    }

    /// One read into the loop's buffer, handed to the state machine.
    func readInput(_ connection: HTTPConnection) {
        do {
            switch try Syscall.read(connection.fd, into: readBuffer) {
            case .wouldBlock:
                connection.readable = false
            case .processed(0):
                connection.readable = false
                connection.state.peerClosedInput()
            case .processed(let count):
                // A read shorter than the buffer emptied the socket (epoll(7)): the next byte brings a new edge.
                // A FIN already reported brings none, so then the loop reads on until end of stream.
                if count < readBuffer.count && !connection.peerHungUp { connection.readable = false }
                connection.state.received(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]), now: now)
            }
        } catch {
            close(connection)  // ECONNRESET and friends: the peer is gone
        }
    }

    /// A lingering connection: read and drop whatever comes until the peer closes (or the linger deadline).
    private func discardInput(_ connection: HTTPConnection) {
        var readsLeft = 16
        while connection.readable && !connection.isClosed {
            if readsLeft == 0 {
                resumeLater(connection)
                return
            }
            readsLeft -= 1
            do {
                switch try Syscall.read(connection.fd, into: readBuffer) {
                case .wouldBlock:
                    connection.readable = false
                case .processed(0):
                    close(connection)
                case .processed(let count):
                    if count < readBuffer.count && !connection.peerHungUp { connection.readable = false }
                }
            } catch {
                close(connection)
            }
        }
    }

    private func send(_ response: HTTPResponse, to connection: HTTPConnection, keepAlive: Bool, isHead: Bool) {
        write(connection, head: response.head, keepAlive: keepAlive, body: isHead ? nil : response.body)
        if !keepAlive { finishAfterFlush(connection, .linger) }
    }

    /// Has a worker thread make the answer; the connection waits (in order) while the loop serves the others.
    /// Returns false when the worker has no thread and cannot start one.
    private func respondFromWorker(_ connection: HTTPConnection, _ request: HTTPRequest, keepAlive: Bool) -> Bool {
        let handler = self.handler
        let pending = DeferredAnswer.Pending(
            connection: connection, keepAlive: keepAlive, isHead: request.method == .head)
        let linger = Self.workerSliceLinger.nanosecondsClamped
        shared.workersBusyUntil.store(now.nanoseconds + linger, ordering: .relaxed)
        let queued = worker.run { [self] in
            let response = handler.handle(request)
            shared.workersBusyUntil.store(MonotonicInstant.now().nanoseconds + linger, ordering: .relaxed)
            post(DeferredAnswer(pending: pending, response: response))
        }
        connection.awaitingResponse = queued
        return queued
    }

    /// Writes the answers workers have made, then serves each connection's next requests.
    func sendDeferredAnswers() {
        let answers = inbox.withLock { inbox in
            defer { inbox.answers.removeAll() }
            return inbox.answers
        }
        for answer in answers {
            let connection = answer.pending.connection
            // Closed meanwhile (the peer reset, a timeout, a stop): nobody is left to answer.
            guard !connection.isClosed else { continue }
            connection.awaitingResponse = false
            // A drain that began while the worker drew makes this the connection's last answer.
            let keepAlive = answer.pending.keepAlive && !connection.state.draining
            send(answer.response, to: connection, keepAlive: keepAlive, isHead: answer.pending.isHead)
            process(connection)
        }
    }

    /// The server's own answer to a request it cannot serve: status, a one-line text body (only its
    /// Content-Length for HEAD), then close.
    func respondWithError(_ connection: HTTPConnection, status: HTTPStatus, reason: String, isHead: Bool) {
        let response = HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Array("\(status.code) \(status.reasonPhrase): \(reason)\n".utf8))
        write(connection, head: response.head, keepAlive: false, body: isHead ? nil : response.body)
        finishAfterFlush(connection, .linger)
    }

    /// Decides how the connection ends once its output is written; ends it now when nothing is queued.
    private func finishAfterFlush(_ connection: HTTPConnection, _ ending: HTTPConnection.AfterFlush) {
        guard !connection.isClosed else { return }  // a failed write closed it already
        connection.afterFlush = ending
        if connection.output.isEmpty { finish(connection) }
    }

    private func finish(_ connection: HTTPConnection) {
        guard !connection.isClosed else { return }
        switch connection.afterFlush {
        case .proceed:
            return
        case .close:
            close(connection)
        case .linger:
            if connection.state.inputClosed {
                close(connection)
                return
            }
            // nginx's lingering close: FIN first, so the client reads the whole answer; keep reading for a while
            // so bytes it already sent (a pipelined request, an unread body) do not turn into a reset that
            // destroys the answer in its receive buffer.
            Syscall.shutdownOutput(connection.fd)
            connection.afterFlush = .proceed
            connection.state.startLingering(now: now)
            discardInput(connection)
        }
    }

    /// Writes status line and headers, the Date/Connection lines and the body with one sendmsg when nothing is
    /// queued; whatever the socket does not take is queued and sent on EPOLLOUT.
    private func write(_ connection: HTTPConnection, head: [UInt8], keepAlive: Bool, body: [UInt8]?) {
        let tail = keepAlive ? dateCache.keepAliveTail : dateCache.closeTail
        let body = body ?? []
        head.withUnsafeBytes { head in
            tail.withUnsafeBytes { tail in
                body.withUnsafeBytes { body in
                    var sent = 0
                    if connection.output.isEmpty {
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
                        if sent == head.count + tail.count + body.count { return }
                        connection.state.outputBlocked(now: now)
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
        if connection.output.isEmpty {
            connection.state.outputFlushed(now: now)
            finish(connection)
        } else if count > 0 {
            // The send timeout runs between two writes that make progress, as nginx's send_timeout does.
            connection.state.outputBlocked(now: now)
        }
    }
}
