import CSystem

/// The commands a loop follows (run, drain, stop), its timers, and closing what it owns.
extension EventLoop {
    /// Applies a new command; returns true when the loop must exit.
    func follow(_ command: ServerLifecycle.Command) -> Bool {
        followedCommand = command
        switch command {
        case .run:
            return false
        case .drain:
            closeListener()
            for slot in connections.indices {
                if let connection = connections[slot] { beginDraining(connection) }
            }
            return false
        case .stop:
            closeListener()
            for slot in connections.indices {
                if let connection = connections[slot] { close(connection) }
            }
            return true
        }
    }

    func closeListener() {
        guard listener >= 0 else { return }
        Syscall.close(listener)
        listener = -1
    }

    func close(_ connection: HTTPConnection) {
        guard !connection.state.isClosed else { return }
        connection.state.closed()
        // Closing removes the descriptor from the epoll set: it was never duplicated.
        Syscall.close(connection.fd)
        connections[connection.slot] = nil
        freeSlots.append(connection.slot)
        load.subtract(1, ordering: .relaxed)
        lifecycle.connectionClosed()
    }

    /// Accepting again after a pause (`pauseAccepting`), when its time has come; the poll waits no longer than that.
    func resumeAccepting() {
        acceptPausedUntil = nil
        guard listener >= 0 else { return }
        try? control(PR_EPOLL_CTL_MOD, listener, PR_EPOLLIN, Self.listenerToken)
    }

    func tick() {
        nextTick = now + tickInterval
        // By index: closing a connection writes to the table, which must not copy it mid-scan.
        for slot in connections.indices {
            guard let connection = connections[slot], let action = connection.state.timedOut(now: now) else {
                continue
            }
            switch action {
            case .respondError(let status, let reason, let isHead):
                counterCells.headerTimeouts.add(1, ordering: .relaxed)
                respondWithError(connection, status: status, reason: reason, isHead: isHead)
                process(connection)
            case .close:
                if !connection.output.isEmpty { counterCells.sendTimeouts.add(1, ordering: .relaxed) }
                close(connection)
            case .read, .respond, .sendContinue, .shutdownOutput, .wait:
                break
            }
        }
    }
}
