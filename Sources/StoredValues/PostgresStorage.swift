import CPostgres
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Stored values in PostgreSQL, for several replicas: the same table as SQLite's, each write committed (so durable
/// by the server's own settings) before it is acknowledged, and a notification on the channel
/// `progress_rings_values` with the name, so every replica reads the change (LISTEN/NOTIFY; a replica that lost its
/// listening connection reads everything again once it is back).
public final class PostgresStorage: SharedValueStorage, @unchecked Sendable {
    // @unchecked: `writer` is used by the store's one writer queue only (and `load` before it starts); the
    // listener has its own connection on its own thread.
    private let writer: PostgresConnection
    private let url: String
    private let stopped = Lock(false)
    public let description: String
    static let channel = "progress_rings_values"

    static let schema = """
        CREATE TABLE IF NOT EXISTS value_points (
            sequence BIGSERIAL PRIMARY KEY,
            name TEXT NOT NULL,
            time_ms BIGINT NOT NULL,
            value DOUBLE PRECISION NOT NULL,
            max DOUBLE PRECISION
        );
        CREATE INDEX IF NOT EXISTS value_points_by_name ON value_points (name, sequence)
        """

    /// Connects to `url` and creates the table when it is missing; each statement gets `statementTimeout` seconds
    /// (`PostgresConnection`).
    public init(url: String, statementTimeout: Double = 5) throws(StorageError) {
        self.url = url
        description = Self.withoutPassword(url)
        writer = try PostgresConnection(url: url, statementTimeout: statementTimeout)
        for statement in Self.schema.split(separator: ";") { try writer.run(String(statement), idempotent: true) }
    }

    deinit { stopped.withLock { $0 = true } }

    public func load() throws(StorageError) -> [String: [StoredPoint]] {
        let rows = try writer.run(
            "SELECT name, sequence, time_ms, value, max FROM value_points ORDER BY sequence", idempotent: true)
        var points: [String: [StoredPoint]] = [:]
        for row in rows {
            guard let name = row[0], let point = Self.point(row.dropFirst()) else { continue }
            points[name, default: []].append(point)
        }
        return points
    }

    public func points(of name: String) throws(StorageError) -> [StoredPoint] {
        try writer.run(
            "SELECT sequence, time_ms, value, max FROM value_points WHERE name = $1 ORDER BY sequence", [name],
            idempotent: true
        ).compactMap { Self.point($0[...]) }
    }

    public func append(name: String, time: Int64, value: Double, max: Double?) throws(StorageError) -> Int64 {
        // One statement, one transaction: the point and the news of it commit together.
        let rows = try writer.run(
            """
            WITH inserted AS (INSERT INTO value_points (name, time_ms, value, max) VALUES ($1, $2, $3, $4) \
            RETURNING sequence) SELECT sequence, pg_notify('\(Self.channel)', $1) FROM inserted
            """, [name, String(time), "\(value)", max.map { "\($0)" }])
        guard let text = rows.first?[0], let sequence = Int64(text) else {
            throw StorageError("PostgreSQL: the insert returned no sequence")
        }
        return sequence
    }

    public func append(points: [ValueStore.NewPoint], time: Int64) throws(StorageError) -> [Int64] {
        // One statement, one transaction: every record of a report and the news of each, or none. Names are
        // a-z 0-9 . _ - (ValueName), so they need no quoting inside an array literal.
        func array(_ items: [String]) -> String { "{" + items.joined(separator: ",") + "}" }
        let rows = try writer.run(
            """
            WITH inserted AS (INSERT INTO value_points (name, time_ms, value, max) \
            SELECT n, $2, v, m FROM unnest($1::text[], $3::float8[], $4::float8[]) WITH ORDINALITY AS p(n, v, m, o) \
            ORDER BY o RETURNING sequence, name) \
            SELECT sequence, pg_notify('\(Self.channel)', name) FROM inserted ORDER BY sequence
            """,
            [
                array(points.map(\.name)), String(time), array(points.map { "\($0.value)" }),
                array(points.map { $0.max.map { "\($0)" } ?? "NULL" }),
            ])
        let sequences = rows.compactMap { $0[0].flatMap { Int64($0) } }
        guard sequences.count == points.count else {
            throw StorageError(
                "PostgreSQL: the insert returned \(sequences.count) sequences for \(points.count) points")
        }
        return sequences
    }

    public func delete(name: String) throws(StorageError) {
        try writer.run(
            """
            WITH deleted AS (DELETE FROM value_points WHERE name = $1) SELECT pg_notify('\(Self.channel)', $1)
            """, [name])
    }

    public func remove(sequences: [Int64], of name: String) throws(StorageError) {
        guard !sequences.isEmpty else { return }
        let list = "{" + sequences.map(String.init).joined(separator: ",") + "}"
        try writer.run(
            """
            WITH removed AS (DELETE FROM value_points WHERE sequence = ANY($1::bigint[])) \
            SELECT pg_notify('\(Self.channel)', $2)
            """, [list, name])
    }

    public func prune(before time: Int64) throws(StorageError) -> Int {
        let rows = try writer.run(
            """
            WITH pruned AS (DELETE FROM value_points WHERE time_ms < $1 AND sequence NOT IN \
            (SELECT MAX(sequence) FROM value_points GROUP BY name) RETURNING 1) SELECT count(*) FROM pruned
            """, [String(time)])
        let count = rows.first?[0].flatMap { Int($0) } ?? 0
        // Other replicas read everything again (an empty payload).
        if count > 0 { try writer.run("SELECT pg_notify('\(Self.channel)', '')") }
        return count
    }

    public func watch(_ changed: @escaping @Sendable (String?) -> Void) {
        let listener = PostgresListener(url: url, channel: Self.channel, stopped: stopped, changed: changed)
        // LISTEN before returning, so a push made once the store is open is never missed.
        let first = listener.connect()
        nonisolated(unsafe) let handOver = first
        _ = DetachedThread.start(named: "values-listen") { listener.run(from: handOver) }
    }

    private static func point(_ row: ArraySlice<String?>) -> StoredPoint? {
        let row = Array(row)
        guard let sequence = row[0].flatMap({ Int64($0) }), let time = row[1].flatMap({ Int64($0) }),
            let value = row[2].flatMap({ Double($0) })
        else { return nil }
        return StoredPoint(sequence: sequence, time: time, value: value, max: row[3].flatMap { Double($0) })
    }

    /// `postgres://user:secret@host/db` as `postgres://user@host/db`, for logs.
    static func withoutPassword(_ url: String) -> String {
        let bytes = Array(url.utf8)
        guard
            let schemeEnd = (0..<max(0, bytes.count - 2)).first(where: { bytes[$0...].starts(with: Array("://".utf8)) })
        else { return url }
        let start = schemeEnd + 3
        guard let at = bytes[start...].firstIndex(of: UInt8(ascii: "@")),
            let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":"))
        else { return url }
        return String(decoding: bytes[..<colon] + bytes[at...], as: UTF8.self)
    }
}
