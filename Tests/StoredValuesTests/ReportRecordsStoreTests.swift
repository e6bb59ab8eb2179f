import Foundation
import Locking
import StoredValues
import Testing

/// Several records stored as one write (a report's), on a real SQLite file, and the Idempotency-Key memory that
/// makes a retried push store once, driven by an injected clock.
struct ReportRecordsStoreTests {
    /// Puts the points and waits for the answer.
    static func put(
        _ store: ValueStore, _ points: [ValueStore.NewPoint], key: String? = nil
    ) -> Result<[StoredRecord], ValueStore.WriteError> {
        let answer = Lock<Result<[StoredRecord], ValueStore.WriteError>?>(nil)
        store.put(points, idempotencyKey: key) { result in answer.withLock { $0 = result } }
        store.flush()
        return answer.withLock { $0! }
    }

    static let report = [
        ValueStore.NewPoint(name: "coverage", value: 8, max: 10),
        ValueStore.NewPoint(name: "coverage.branches", value: 1, max: 4),
    ]

    /// Every record is stored at one time and read back from the file by a store opened afresh.
    @Test func aReportsRecordsAreStoredTogether() throws {
        let folder = ValueStoreTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/values.db"
        do {
            let store = try ValueStore(storage: try SQLiteStorage(path: path))
            let records = try Self.put(store, Self.report).get()
            #expect(records.map(\.name) == ["coverage", "coverage.branches"])
            #expect(Set(records.map(\.time)).count == 1)
        }
        let reopened = try ValueStore(storage: try SQLiteStorage(path: path))
        #expect(reopened.record("coverage.branches")?.value == 1 && reopened.record("coverage.branches")?.max == 4)
        #expect(reopened.record("coverage")?.max == 10)
    }

    /// Records that would take the store past valueMaxNames are refused whole: none of them is stored.
    @Test func aReportPastTheNameLimitStoresNothing() throws {
        let folder = ValueStoreTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var settings = ValueStore.Settings()
        settings.maxNames = 2
        let store = try ValueStore(storage: try SQLiteStorage(path: folder + "/values.db"), settings: settings)
        #expect(try ValueStoreTests.put(store, "other", 1).get().value == 1)
        #expect(Self.put(store, Self.report) == .failure(.tooManyNames(2)))
        #expect(store.record("coverage") == nil && store.count == 1)
    }

    /// The same key for the same name within a day gets the first records and stores nothing; a day later, or
    /// another name, it stores again.
    @Test func aKeyIsRememberedForADay() throws {
        let folder = ValueStoreTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = Lock<Int64>(1_000_000)
        let store = try ValueStore(
            storage: try SQLiteStorage(path: folder + "/values.db"), now: { clock.withLock { $0 } })
        let first = try Self.put(store, Self.report, key: "run-1").get()
        clock.withLock { $0 += 3_600_000 }
        let retried = [ValueStore.NewPoint(name: "coverage", value: 9, max: 10)]
        #expect(try Self.put(store, retried, key: "run-1").get() == first)
        #expect(store.history("coverage", since: 0)?.count == 1)
        #expect(try Self.put(store, retried, key: "run-2").get().first?.value == 9)
        #expect(store.history("coverage", since: 0)?.count == 2)
        // Another name does not share the key.
        #expect(
            try Self.put(store, [ValueStore.NewPoint(name: "tests", value: 1, max: 1)], key: "run-1").get().count == 1)
        clock.withLock { $0 += 86_400_000 }
        #expect(try Self.put(store, retried, key: "run-1").get().first?.time == clock.withLock { $0 })
        #expect(store.history("coverage", since: 0)?.count == 3)
    }
}
