import CSQLite
import Foundation
import TestSupport
import Testing

@testable import StoredValues

/// A database written by the first release of stored values (its table made by that release's SQL, copied here, not
/// read from the sources) opens as it is, and every point keeps the `max` it was pushed with (`NULL`: none), in
/// SQLite and in PostgreSQL: the history a sparkline of shares (`points=share`) draws needs no migration.
@Suite(.serialized)
struct FirstSchemaTests {
    /// Three points of the last hour (older ones would be pruned): two of a test report, one pushed without a max.
    static let rows: String = {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return "('ci.tests', \(now - 3_000_000), 40, 42), ('coverage', \(now - 2_000_000), 87.4, NULL), "
            + "('ci.tests', \(now - 1_000_000), 45, 50)"
    }()

    /// `value_points` as SQLite's was first created (commit 93aa64b).
    static let firstSQLite = """
        CREATE TABLE value_points (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, time_ms INTEGER NOT NULL,
            value REAL NOT NULL, max REAL);
        CREATE INDEX value_points_by_name ON value_points (name, sequence);
        INSERT INTO value_points (name, time_ms, value, max) VALUES
            \(Self.rows);
        """

    /// `value_points` as PostgreSQL's was first created (commit 7780132).
    static let firstPostgres = [
        """
        CREATE TABLE value_points (
            sequence BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, time_ms BIGINT NOT NULL,
            value DOUBLE PRECISION NOT NULL, max DOUBLE PRECISION)
        """,
        "CREATE INDEX value_points_by_name ON value_points (name, sequence)",
        """
        INSERT INTO value_points (name, time_ms, value, max) VALUES
            \(Self.rows)
        """,
    ]

    /// The points the first schema's rows read as, and a push after the reopen beside them.
    static func check(_ open: () throws -> ValueStore) throws {
        do {
            let store = try open()
            #expect(store.history("ci.tests", since: 0)?.map(\.value) == [40, 45])
            #expect(store.history("ci.tests", since: 0)?.map(\.max) == [42, 50])
            #expect(store.history("coverage", since: 0)?.map(\.max) == [nil])
            #expect(store.record("ci.tests")?.max == 50)
            #expect(try ValueStoreTests.put(store, "ci.tests", 49, max: 52).get().max == 52)
        }
        #expect(try open().history("ci.tests", since: 0)?.map(\.max) == [42, 50, 52])
    }

    @Test func anSQLiteFileOfTheFirstSchemaKeepsEachPointsMax() throws {
        let folder = ValueStoreTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/values.db"
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, Self.firstSQLite, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        try Self.check { try ValueStore(storage: try SQLiteStorage(path: path)) }
    }

    @Test func aPostgresDatabaseOfTheFirstSchemaKeepsEachPointsMax() throws {
        let database = try PostgresProcess()
        defer { database.remove() }
        do {
            let connection = try PostgresConnection(url: database.url)
            for statement in Self.firstPostgres { try connection.run(statement) }
        }
        try Self.check { try ValueStore(storage: try PostgresStorage(url: database.url)) }
    }
}
