import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Stored values in an SQLite file: WAL journal, `synchronous=FULL`, so a committed point survives a crash of the
/// process or the machine. One table of points; a name's record is its last point.
public final class SQLiteStorage: ValueStorage, @unchecked Sendable {
    // @unchecked: the connection and its statements are used by one thread at a time, the store's writer queue
    // (and `load` before that queue starts), which is what SQLite's multi-thread mode requires.
    private let db: OpaquePointer
    private let insert: SQLiteStatement
    private let deleteName: SQLiteStatement
    private let deleteSequence: SQLiteStatement
    private let pruneOld: SQLiteStatement
    public let description: String

    static let schema = """
        CREATE TABLE IF NOT EXISTS value_points (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            time_ms INTEGER NOT NULL,
            value REAL NOT NULL,
            max REAL
        );
        CREATE INDEX IF NOT EXISTS value_points_by_name ON value_points (name, sequence);
        """

    /// Opens (or creates) the file at `path`, creating its folder when missing.
    public init(path: String) throws(StorageError) {
        description = "sqlite:" + path
        try Self.makeFolder(containing: path)
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let opened = sqlite3_open_v2(path, &handle, flags, nil)
        guard opened == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(opened))
            sqlite3_close(handle)
            throw StorageError("valueStore \(path): \(message)")
        }
        db = handle
        do throws(StorageError) {
            sqlite3_busy_timeout(db, 5000)
            let mode = try SQLiteStatement.text(db, "PRAGMA journal_mode=WAL")
            guard mode == "wal" else { throw StorageError("cannot use the write-ahead log (journal_mode is \(mode))") }
            try SQLiteStatement.execute(db, "PRAGMA synchronous=FULL")
            // Reads come from the store's memory, not from here: a small page cache (512 KiB, not SQLite's 2 MiB)
            // is enough for appending, and counts against the server's resident memory.
            try SQLiteStatement.execute(db, "PRAGMA cache_size=-512")
            try SQLiteStatement.execute(db, Self.schema)
            insert = try SQLiteStatement(db, "INSERT INTO value_points (name, time_ms, value, max) VALUES (?, ?, ?, ?)")
            deleteName = try SQLiteStatement(db, "DELETE FROM value_points WHERE name = ?")
            deleteSequence = try SQLiteStatement(db, "DELETE FROM value_points WHERE sequence = ?")
            pruneOld = try SQLiteStatement(
                db,
                """
                DELETE FROM value_points WHERE time_ms < ? AND sequence NOT IN \
                (SELECT MAX(sequence) FROM value_points GROUP BY name)
                """)
        } catch {
            sqlite3_close_v2(db)
            throw StorageError("valueStore \(path): \(error.message)")
        }
    }

    deinit {
        insert.finalize()
        deleteName.finalize()
        deleteSequence.finalize()
        pruneOld.finalize()
        sqlite3_close_v2(db)
    }

    public func load() throws(StorageError) -> [String: [StoredPoint]] {
        let select = try SQLiteStatement(
            db, "SELECT name, sequence, time_ms, value, max FROM value_points ORDER BY sequence")
        defer { select.finalize() }
        var points: [String: [StoredPoint]] = [:]
        while try select.step() {
            let point = StoredPoint(
                sequence: select.int64(1), time: select.int64(2), value: select.double(3), max: select.optionalDouble(4)
            )
            points[select.text(0), default: []].append(point)
        }
        return points
    }

    public func append(name: String, time: Int64, value: Double, max: Double?) throws(StorageError) -> Int64 {
        try insert.run { statement throws(StorageError) in
            try statement.bind(1, name)
            try statement.bind(2, time)
            try statement.bind(3, value)
            try statement.bind(4, max)
        }
        return sqlite3_last_insert_rowid(db)
    }

    public func append(points: [ValueStore.NewPoint], time: Int64) throws(StorageError) -> [Int64] {
        guard points.count > 1 else {
            return try points.map { point throws(StorageError) in
                try append(name: point.name, time: time, value: point.value, max: point.max)
            }
        }
        // One transaction: one sync for the report's records, and all of them or none.
        try SQLiteStatement.execute(db, "BEGIN IMMEDIATE")
        do throws(StorageError) {
            var sequences: [Int64] = []
            for point in points {
                sequences.append(try append(name: point.name, time: time, value: point.value, max: point.max))
            }
            try SQLiteStatement.execute(db, "COMMIT")
            return sequences
        } catch {
            try? SQLiteStatement.execute(db, "ROLLBACK")
            throw error
        }
    }

    public func delete(name: String) throws(StorageError) {
        try deleteName.run { statement throws(StorageError) in try statement.bind(1, name) }
    }

    public func remove(sequences: [Int64], of name: String) throws(StorageError) {
        guard !sequences.isEmpty else { return }
        // One transaction: one sync for the whole thinning, and all of it or none.
        try SQLiteStatement.execute(db, "BEGIN IMMEDIATE")
        do throws(StorageError) {
            for sequence in sequences {
                try deleteSequence.run { statement throws(StorageError) in try statement.bind(1, sequence) }
            }
            try SQLiteStatement.execute(db, "COMMIT")
        } catch {
            try? SQLiteStatement.execute(db, "ROLLBACK")
            throw error
        }
    }

    public func prune(before time: Int64) throws(StorageError) -> Int {
        try pruneOld.run { statement throws(StorageError) in try statement.bind(1, time) }
        return Int(sqlite3_changes(db))
    }

    private static func makeFolder(containing path: String) throws(StorageError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o750) != 0 && errno != EEXIST {
                throw StorageError(
                    "valueStore \(path): cannot create the folder \(built): \(String(cString: strerror(errno)))")
            }
        }
    }
}
