import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// A prepared SQLite statement, bound, stepped and reset by its owner's one thread.
final class SQLiteStatement {
    private let db: OpaquePointer
    private let statement: OpaquePointer

    init(_ db: OpaquePointer, _ sql: String) throws(StorageError) {
        self.db = db
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v2(db, sql, -1, &prepared, nil)
        guard result == SQLITE_OK, let prepared else { throw Self.error(db, "prepare") }
        statement = prepared
    }

    func finalize() { sqlite3_finalize(statement) }

    /// Binds with `bind`, runs to completion, resets.
    func run(_ bind: (SQLiteStatement) throws(StorageError) -> Void) throws(StorageError) {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(self)
        while try step() {}
    }

    /// Steps once: true while a row is there.
    func step() throws(StorageError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw Self.error(db, "step")
        }
    }

    func bind(_ index: Int32, _ text: String) throws(StorageError) {
        // withCString: a name holds no NUL (ValueName), and SQLite copies the bytes before this returns.
        let result = text.withCString { pr_sqlite_bind_text(statement, index, $0, Int32(strlen($0))) }
        try check(result)
    }

    func bind(_ index: Int32, _ number: Int64) throws(StorageError) {
        try check(sqlite3_bind_int64(statement, index, number))
    }

    func bind(_ index: Int32, _ number: Double?) throws(StorageError) {
        if let number {
            try check(sqlite3_bind_double(statement, index, number))
        } else {
            try check(sqlite3_bind_null(statement, index))
        }
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: bytes)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    func optionalDouble(_ column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }

    private func check(_ result: Int32) throws(StorageError) {
        guard result == SQLITE_OK else { throw Self.error(db, "bind") }
    }

    /// Runs SQL that returns no rows (several statements allowed).
    static func execute(_ db: OpaquePointer, _ sql: String) throws(StorageError) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw error(db, "execute") }
    }

    /// The first column of the first row of `sql`, as text.
    static func text(_ db: OpaquePointer, _ sql: String) throws(StorageError) -> String {
        let statement = try SQLiteStatement(db, sql)
        defer { statement.finalize() }
        guard try statement.step() else { return "" }
        return statement.text(0)
    }

    private static func error(_ db: OpaquePointer, _ step: String) -> StorageError {
        StorageError("SQLite \(step): \(String(cString: sqlite3_errmsg(db)))")
    }
}
