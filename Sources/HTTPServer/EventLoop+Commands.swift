/// The commands a loop follows (run, drain, stop) and closing what it owns.
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
}
