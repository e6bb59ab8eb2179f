import CPostgres
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// LISTEN on its own connection and thread: each notification's payload (a name; empty: everything) goes to
/// `changed`. A lost connection is made again after a second, and then everything is read again (`changed(nil)`),
/// since news sent meanwhile was missed.
final class PostgresListener: @unchecked Sendable {
    // @unchecked: used by its one thread only; `stopped` is behind its lock.
    private let url: String
    private let channel: String
    private let stopped: Lock<Bool>
    private let changed: @Sendable (String?) -> Void

    init(url: String, channel: String, stopped: Lock<Bool>, changed: @escaping @Sendable (String?) -> Void) {
        self.url = url
        self.channel = channel
        self.stopped = stopped
        self.changed = changed
    }

    /// A connection that listens, or nil when the database cannot be reached now.
    func connect() -> PostgresConnection? {
        guard let connection = try? PostgresConnection(url: url),
            (try? connection.run("LISTEN \(channel)", idempotent: true)) != nil
        else { return nil }
        return connection
    }

    /// Listens on `first` (made before the store read its values, so no news falls between the two), then on
    /// every connection made again after a loss, reading everything again each time.
    func run(from first: PostgresConnection?) {
        if let first { listen(on: first) }
        while !stopped.withLock({ $0 }) {
            guard let connection = connect() else {
                sleep(1)
                continue
            }
            changed(nil)
            listen(on: connection)
        }
    }

    /// Waits for notifications (a second at a time, to see `stopped`) until the connection fails.
    private func listen(on connection: PostgresConnection) {
        guard let raw = connection.connection else { return }
        while !stopped.withLock({ $0 }) {
            var poller = pollfd(fd: PQsocket(raw), events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 1000)
            if ready < 0 && errno != EINTR { return }
            guard PQconsumeInput(raw) == 1, PQstatus(raw) == CONNECTION_OK else { return }
            while let notification = PQnotifies(raw) {
                let payload = notification.pointee.extra.map { String(cString: $0) } ?? ""
                PQfreemem(notification)
                changed(payload.isEmpty ? nil : payload)
            }
        }
    }
}
