import Foundation
import Locking
import StoredValues
import Testing

/// The store on a real SQLite file: what it acknowledges is there after a reopen, ordered by arrival, bounded.
struct ValueStoreTests {
    /// A fresh folder under the system's temporary directory, removed by the caller.
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "/stored-values-\(UUID().uuidString)"
        return path
    }

    /// Puts and waits for the answer.
    static func put(
        _ store: ValueStore, _ name: String, _ value: Double, max: Double? = nil
    ) -> Result<StoredRecord, ValueStore.WriteError> {
        let answer = Lock<Result<StoredRecord, ValueStore.WriteError>?>(nil)
        store.put(name, value: value, max: max) { result in answer.withLock { $0 = result } }
        store.flush()
        return answer.withLock { $0! }
    }

    /// A point acknowledged is read back from memory at once, and from the file by a store opened afresh, with
    /// its max; the file is in WAL mode, in a folder the store created.
    @Test func acknowledgedPointsSurviveAReopen() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nested/values.db"
        do {
            let store = try ValueStore(storage: try SQLiteStorage(path: path))
            #expect(try Self.put(store, "coverage", 87.4, max: 100).get().value == 87.4)
            #expect(try Self.put(store, "coverage", 88).get().max == nil)
            #expect(try Self.put(store, "tests.passing", 1234).get().value == 1234)
            #expect(store.record("coverage")?.value == 88)
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal") || FileManager.default.fileExists(atPath: path))
        let reopened = try ValueStore(storage: try SQLiteStorage(path: path))
        #expect(reopened.count == 2)
        #expect(reopened.record("coverage")?.value == 88)
        #expect(reopened.history("coverage", since: 0)?.map(\.value) == [87.4, 88])
        #expect(reopened.history("coverage", since: 0)?.first?.max == 100)
        #expect(reopened.record("tests.passing")?.value == 1234)
        #expect(reopened.record("nothing") == nil)
    }

    /// A clock that steps back between two writes leaves the history in arrival order.
    @Test func historyKeepsArrivalOrderWhenTheClockStepsBack() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let times = Lock<[Int64]>([5_000_000, 1_000_000, 3_000_000])
        let clock: @Sendable () -> Int64 = { times.withLock { $0.removeFirst() } }
        let store = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"), now: clock)
        for value in [1.0, 2, 3] { _ = Self.put(store, "a", value) }
        #expect(store.history("a", since: 0)?.map(\.value) == [1, 2, 3])
        #expect(store.record("a")?.value == 3)
        let reopened = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"))
        #expect(reopened.history("a", since: 0)?.map(\.value) == [1, 2, 3])
    }

    /// A new name beyond maxNames is refused and nothing is stored; a known name still takes points.
    @Test func namesAreBounded() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var settings = ValueStore.Settings()
        settings.maxNames = 2
        let store = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"), settings: settings)
        _ = Self.put(store, "a", 1)
        _ = Self.put(store, "b", 2)
        #expect(Self.put(store, "c", 3) == .failure(.tooManyNames(2)))
        #expect(store.record("c") == nil)
        #expect(try Self.put(store, "a", 4).get().value == 4)
        #expect(store.counters.namesHeld == 2)
    }

    /// Past maxPointsPerName the older half is thinned, in memory and in the file; the newest points all stay.
    @Test func oldPointsAreThinnedPastTheBound() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var settings = ValueStore.Settings()
        settings.maxPointsPerName = 10
        let store = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"), settings: settings)
        for value in 1...11 { _ = Self.put(store, "a", Double(value)) }
        store.flush()
        let values = store.history("a", since: 0)?.map(\.value) ?? []
        #expect(values.count <= 10)
        #expect(values.suffix(6) == [6, 7, 8, 9, 10, 11])
        #expect(values.first == 1)
        let reopened = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"))
        #expect(reopened.history("a", since: 0)?.map(\.value) == values)
        #expect(store.counters.pointsPruned == 11 - values.count)
    }

    /// Delete forgets the name and its history, in the file too.
    @Test func deleteForgetsTheHistory() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db"))
        _ = Self.put(store, "a", 1)
        let gone = Lock<Result<Bool, ValueStore.WriteError>?>(nil)
        store.delete("a") { result in gone.withLock { $0 = result } }
        store.flush()
        #expect(gone.withLock { $0 } == .success(true))
        #expect(store.record("a") == nil)
        #expect(try ValueStore(storage: try SQLiteStorage(path: folder + "/v.db")).record("a") == nil)
    }

    /// A storage that fails leaves memory as it was, and the put says why.
    @Test func aFailedWriteChangesNothing() throws {
        final class Failing: ValueStorage, @unchecked Sendable {
            func load() throws(StorageError) -> [String: [StoredPoint]] { [:] }
            func append(name: String, time: Int64, value: Double, max: Double?) throws(StorageError) -> Int64 {
                throw StorageError("disk full")
            }
            func delete(name: String) throws(StorageError) { throw StorageError("disk full") }
            func remove(sequences: [Int64], of name: String) throws(StorageError) {}
            func prune(before time: Int64) throws(StorageError) -> Int { 0 }
            var description: String { "failing" }
        }
        let store = try ValueStore(storage: Failing())
        #expect(Self.put(store, "a", 1) == .failure(.storage("disk full")))
        #expect(store.record("a") == nil)
        #expect(store.counters.snapshot.failures == 1)
    }

    /// Names: 1–64 of a-z 0-9 . _ -.
    @Test(arguments: [
        ("coverage", true), ("ci.build-time_ms", true), ("", false), ("Coverage", false), ("a/b", false),
        ("a b", false), (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
        ("é", false),
    ])
    func namesFollowTheRules(name: String, valid: Bool) {
        #expect((ValueName.problem(name) == nil) == valid)
    }
}
