import CSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Accepting, handing connections to the least loaded loop, and registering them.
extension EventLoop {
    func acceptConnections() {
        // A batch per wake-up keeps one busy listener from starving the connections already open.
        for _ in 0..<128 {
            guard listener >= 0 else { return }
            let fd: Int32
            do {
                switch try Syscall.accept(listener) {
                case .wouldBlock: return
                case .processed(let value): fd = Int32(value)
                }
            } catch {
                switch error.errno {
                case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP,
                    ENETUNREACH:
                    continue  // that one connection failed; the next may not
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: out of descriptors or memory. Stop accepting for a moment
                    // (a level-triggered listener would otherwise wake the loop in a tight circle) and keep
                    // serving the open connections, whose closing frees what is missing.
                    pauseAccepting()
                    return
                }
            }
            dispatch(fd)
        }
    }

    /// Counts the connection, refuses it beyond `maxConnections`, and gives it to the least loaded loop.
    private func dispatch(_ fd: Int32) {
        let open = lifecycle.openConnections.add(1, ordering: .relaxed).oldValue
        if open >= configuration.maxConnections {
            lifecycle.connectionClosed()
            counterCells.rejectedConnections.add(1, ordering: .relaxed)
            Syscall.close(fd)
            return
        }
        counterCells.acceptedConnections.add(1, ordering: .relaxed)
        var target = self
        var lowest = load.load(ordering: .relaxed)
        for peer in peers where peer !== self {
            let peerLoad = peer.load.load(ordering: .relaxed)
            if peerLoad < lowest {
                lowest = peerLoad
                target = peer
            }
        }
        target.load.add(1, ordering: .relaxed)
        if target === self {
            register(fd)
        } else {
            target.adopt(fd)
        }
    }

    func registerAdopted() {
        let sockets = inbox.withLock { inbox in
            defer { inbox.sockets.removeAll() }
            return inbox.sockets
        }
        for fd in sockets { register(fd) }
    }

    private func pauseAccepting() {
        guard listener >= 0, acceptPausedUntil == nil else { return }
        counterCells.acceptPauses.add(1, ordering: .relaxed)
        try? control(PR_EPOLL_CTL_MOD, listener, 0, Self.listenerToken)
        acceptPausedUntil = now + .milliseconds(100)
    }

    /// Serves a counted connection (`openConnections` and `load` already include it) on this loop.
    func register(_ fd: Int32) {
        // Responses go out whole in one write; Nagle would only delay the last segment of each.
        try? Syscall.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = connections.count
            connections.append(nil)
            generations.append(0)
        }
        generations[slot] &+= 1
        let connection = HTTPConnection(
            fd: fd, slot: slot, generation: generations[slot],
            state: HTTPConnectionStateMachine(
                limits: configuration.limits, timeouts: timeouts,
                maxRequests: configuration.maxRequestsPerConnection, now: now))
        connections[slot] = connection
        do {
            try control(
                PR_EPOLL_CTL_ADD, fd, PR_EPOLLIN | PR_EPOLLOUT | PR_EPOLLRDHUP | PR_EPOLLET, connection.token)
        } catch {
            close(connection)
            return
        }
        if followedCommand != .run { beginDraining(connection) }
    }

    /// Closes the connection if it is idle; otherwise lets the request in progress finish with `Connection: close`.
    func beginDraining(_ connection: HTTPConnection) {
        connection.state.startDraining()
        process(connection)
    }
}
