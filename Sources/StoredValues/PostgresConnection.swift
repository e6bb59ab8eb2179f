import CPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// One libpq connection, used by one thread at a time: parameterized statements in text form, and a reconnect
/// when the connection was lost.
///
/// A database that cannot be reached must fail a push within seconds, not hold the store's one writer queue (and
/// every push behind it) for as long as TCP tries: connecting gives up after `connect_timeout` (5 s), and TCP
/// keepalives (first probe after 10 s idle, 3 probes 5 s apart) with `tcp_user_timeout` (15 s of unacknowledged
/// data) end a connection whose host vanished without closing it; a statement that waits on a live but stuck
/// server (a lock held by another session, a full disk) is cancelled by the server after `statement_timeout`
/// (`valueStatementTimeout`, 5 s), so the push fails with a 503 instead of holding the queue. A server that is up
/// but does not answer at all (stopped, swapping, hung: its kernel still acknowledges every byte, so neither TCP
/// timeout fires) cannot cancel anything: the client stops waiting half a second after `statement_timeout`, drops
/// the connection, and refuses statements at once for as long again, so pushes queued behind it are answered `503`
/// instead of each waiting out its own timeout. These are defaults: the URL's own parameters win (its `options`
/// replace these). After an attempt to connect that failed slowly (a second or more), the next is made no sooner
/// than it took, so a refused connection (the database restarting) is tried again at once, while pushes queued
/// behind one that timed out are refused at once instead of each waiting its 5 s.
final class PostgresConnection {
    private let url: String
    private let connectTimeout: Int
    /// How long the server lets one statement run before it cancels it, in seconds.
    private let statementTimeout: Double
    private(set) var connection: OpaquePointer?
    /// How much longer than `statementTimeout` the client waits for an answer: the server's own cancellation, when
    /// it can still send one, arrives first and keeps the connection.
    static let answerGrace = 0.5
    /// When a failed attempt to connect allows the next one, in seconds of the monotonic clock, and its error.
    private var failure: (retryAt: Double, message: String)?

    /// Connects to `url` (`postgres://` or `postgresql://`, as libpq reads it) unless `connecting` is false (then
    /// the first statement does); `connectTimeout` in seconds (libpq's least is 2); `statementTimeout` in seconds.
    init(
        url: String, connectTimeout: Int = 5, statementTimeout: Double = 5, connecting: Bool = true
    )
        throws(StorageError)
    {
        self.url = url
        self.connectTimeout = connectTimeout
        self.statementTimeout = statementTimeout
        if connecting { try connect() }
    }

    deinit { PQfinish(connection) }

    /// The connection's defaults, before the URL (`dbname`, expanded by libpq) so that the URL's own win.
    private var parameters: [(String, String)] {
        [
            ("connect_timeout", String(connectTimeout)), ("keepalives", "1"), ("keepalives_idle", "10"),
            ("keepalives_interval", "5"), ("keepalives_count", "3"), ("tcp_user_timeout", "15000"),
            ("options", "-c statement_timeout=\(Int((statementTimeout * 1000).rounded()))"), ("dbname", url),
        ]
    }

    private func connect() throws(StorageError) {
        let started = Self.now()
        if let failure, started < failure.retryAt {
            throw StorageError(
                "PostgreSQL: cannot connect: \(failure.message) (the last attempt's error: not tried again yet)")
        }
        PQfinish(connection)
        let keywords = parameters.map { strdup($0.0) } + [nil]
        let values = parameters.map { strdup($0.1) } + [nil]
        defer { for copy in keywords + values { free(copy) } }
        connection = PQconnectdbParams(keywords.map { UnsafePointer($0) }, values.map { UnsafePointer($0) }, 1)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { Self.message(PQerrorMessage($0)) } ?? "out of memory"
            // Only a slow failure holds the next attempt back: a refusal (milliseconds) is tried again every time.
            let took = Self.now() - started
            failure = took >= 1 ? (started + 2 * took, message) : nil
            throw StorageError("PostgreSQL: cannot connect: \(message)")
        }
        failure = nil
    }

    /// The connection, made again first when it is down. An idle connection whose server went away (restarted,
    /// or a failover) only learns so by reading: `PQconsumeInput` reads what is pending without blocking, an end
    /// of stream included, so a statement is never sent on a connection already known dead.
    @discardableResult
    func ensureConnected() throws(StorageError) -> OpaquePointer {
        if let connection, PQconsumeInput(connection) == 1, PQstatus(connection) == CONNECTION_OK { return connection }
        try connect()
        return connection!
    }

    /// When the connection last answered, in seconds of the monotonic clock.
    private var lastAnswer = 0.0

    /// Runs `sql` with `$1…` bound to `parameters` (text, nil for NULL); returns the rows as text (nil for NULL).
    /// `idempotent`: a statement that may run twice (a read), run again once on a new connection when the first
    /// was found dead. A write is never repeated (it may have committed before the connection died: the caller's
    /// client is told to try again rather than the server writing twice); instead a connection idle for a second
    /// or more is checked first with a read, since a server that restarted meanwhile is only seen by using it.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?] = [], idempotent: Bool = false) throws(StorageError) -> [[String?]]
    {
        if !idempotent && Self.now() - lastAnswer >= 1 { try run("SELECT 1", idempotent: true) }
        do {
            return try execute(sql, parameters)
        } catch {
            guard idempotent, let connection, PQstatus(connection) != CONNECTION_OK else { throw error }
            return try execute(sql, parameters)
        }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func execute(_ sql: String, _ parameters: [String?]) throws(StorageError) -> [[String?]] {
        let connection = try ensureConnected()
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) }
        let sent = pointers.withUnsafeBufferPointer { buffer in
            PQsendQueryParams(connection, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        guard sent == 1 else { throw StorageError("PostgreSQL: \(Self.message(PQerrorMessage(connection)))") }
        guard let result = try awaitResult(connection) else { throw StorageError("PostgreSQL: no result") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw StorageError("PostgreSQL: \(Self.message(PQresultErrorMessage(result)))")
        }
        lastAnswer = Self.now()
        let rows = Int(PQntuples(result))
        let columns = Int(PQnfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, Int32(row), Int32(column)) == 1
                    ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
            }
        }
    }

    /// The statement's result (an error's, where there is one, as `PQexec` gives it), read as it arrives until
    /// `statementTimeout` and `answerGrace` have passed; then the connection is dropped, since the server is not
    /// answering, and statements are refused at once for as long again.
    private func awaitResult(_ connection: OpaquePointer) throws(StorageError) -> OpaquePointer? {
        let deadline = Self.now() + statementTimeout + Self.answerGrace
        var kept: OpaquePointer? = nil
        while true {
            while PQisBusy(connection) == 1 {
                let left = deadline - Self.now()
                guard left > 0 else {
                    PQclear(kept)
                    let message =
                        "the server did not answer within \(Self.seconds(statementTimeout + Self.answerGrace)) s "
                        + "(valueStatementTimeout); connection dropped"
                    PQfinish(self.connection)
                    self.connection = nil
                    failure = (Self.now() + statementTimeout, message)
                    throw StorageError("PostgreSQL: \(message)")
                }
                var poller = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32((left * 1000).rounded(.up)))
                if ready < 0 && errno != EINTR { break }
                guard PQconsumeInput(connection) == 1 else { break }
            }
            guard let next = PQgetResult(connection) else { return kept }
            let failed = PQresultStatus(next) != PGRES_COMMAND_OK && PQresultStatus(next) != PGRES_TUPLES_OK
            if kept == nil || failed {
                PQclear(kept)
                kept = next
            } else {
                PQclear(next)
            }
            // A connection that failed gives no further results: stop rather than wait on it.
            if PQstatus(connection) != CONNECTION_OK { return kept }
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }

    static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        return String(cString: text).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
