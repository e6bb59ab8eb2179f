import Foundation
import Locking
import TestSupport
import Testing

@testable import StoredValues

/// The store on a real PostgreSQL: what SQLite does, plus what replicas need: a push on one store is read by another
/// on the same database, the database going away fails writes and keeps the values, and coming back heals.
@Suite(.serialized)
final class PostgresStorageTests {
    let database: PostgresProcess

    init() throws { database = try PostgresProcess() }

    deinit { database.remove() }

    func store() throws -> ValueStore { try ValueStore(storage: try PostgresStorage(url: database.url)) }

    /// Acknowledged points are read back by a store opened afresh, with their max; deletion forgets the history.
    @Test func keepsPointsAcrossStoresAndForgetsOnDelete() throws {
        do {
            let first = try store()
            #expect(try ValueStoreTests.put(first, "coverage", 87.4, max: 100).get().value == 87.4)
            #expect(try ValueStoreTests.put(first, "coverage", 1e-5).get().value == 1e-5)
        }
        let second = try store()
        #expect(second.history("coverage", since: 0)?.map(\.value) == [87.4, 1e-5])
        #expect(second.history("coverage", since: 0)?.first?.max == 100)
        let gone = Lock<Result<Bool, ValueStore.WriteError>?>(nil)
        second.delete("coverage") { result in gone.withLock { $0 = result } }
        second.flush()
        #expect(gone.withLock { $0 } == .success(true))
        #expect(try store().record("coverage") == nil)
    }

    /// A report's records go in one statement: all stored, in order, and read by another store on the database.
    @Test func aReportsRecordsAreStoredTogether() throws {
        let first = try store()
        let records = try ReportRecordsStoreTests.put(first, ReportRecordsStoreTests.report).get()
        #expect(records.map(\.name) == ["coverage", "coverage.branches"])
        let second = try store()
        #expect(second.record("coverage")?.max == 10)
        #expect(second.record("coverage.branches")?.value == 1)
        let sequences = [first.history("coverage", since: 0), first.history("coverage.branches", since: 0)]
            .compactMap { $0?.first?.sequence }
        #expect(sequences.count == 2 && sequences[0] < sequences[1])
    }

    /// 100 pushes on one store, each read by a second store on the same database: every one within a second
    /// (LISTEN/NOTIFY), and the figures printed for docs/benchmarks.md.
    @Test func aReplicaReadsEveryPushWithinASecond() throws {
        let writer = try store()
        let reader = try store()
        var delays: [Double] = []
        for push in 1...100 {
            let value = Double(push)
            _ = try ValueStoreTests.put(writer, "replicated", value).get()
            let acknowledged = DispatchTime.now().uptimeNanoseconds
            while reader.record("replicated")?.value != value {
                let waited = Double(DispatchTime.now().uptimeNanoseconds - acknowledged) / 1e9
                if waited > 5 { break }
                usleep(200)
            }
            delays.append(Double(DispatchTime.now().uptimeNanoseconds - acknowledged) / 1e9)
        }
        delays.sort()
        let p50 = delays[49] * 1000
        let p99 = delays[98] * 1000
        print(
            "replica-delay: 100 pushes, p50 \(String(format: "%.2f", p50)) ms, p99 \(String(format: "%.2f", p99)) ms, max \(String(format: "%.2f", delays[99] * 1000)) ms"
        )
        #expect(delays[98] < 1, "p99 \(p99) ms")
        #expect(reader.history("replicated", since: 0)?.count == 100)
    }

    /// The database stopped as if it crashed: writes fail (a 503 for the route) and change nothing, reads keep the
    /// last values; started again, writes succeed without a restart of the store, and the other replica, whose
    /// listening connection was lost meanwhile, reads what it missed.
    @Test func writesFailWhileTheDatabaseIsDownAndResumeAfter() throws {
        let writer = try store()
        let reader = try store()
        _ = try ValueStoreTests.put(writer, "cov", 50).get()
        // The reader learns of the push by NOTIFY; under a sanitizer that can take longer than the stop below.
        let seen = Date().addingTimeInterval(10)
        while reader.record("cov")?.value != 50 && Date() < seen { usleep(10_000) }
        try database.stop(immediately: true)
        guard case .failure(.storage) = ValueStoreTests.put(writer, "cov", 60) else {
            Issue.record("a write with the database down did not fail")
            return
        }
        #expect(writer.record("cov")?.value == 50)
        #expect(reader.record("cov")?.value == 50)
        try database.start()
        #expect(try ValueStoreTests.put(writer, "cov", 70).get().value == 70)
        let deadline = Date().addingTimeInterval(10)
        while reader.record("cov")?.value != 70 && Date() < deadline { usleep(10_000) }
        #expect(reader.record("cov")?.value == 70)
        #expect(reader.history("cov", since: 0)?.map(\.value) == [50, 70])
    }
}

/// A live server that does not answer a statement (here a lock another session holds) cancels it after the
/// connection's `statement_timeout`: the push fails and the writer queue moves on, where it waited for as long
/// as the lock was held.
@Suite(.serialized)
final class PostgresStatementTimeoutTests {
    let database: PostgresProcess

    init() throws { database = try PostgresProcess() }

    deinit { database.remove() }

    @Test func aStatementStuckOnALockFailsWithinTheTimeout() throws {
        let store = try ValueStore(storage: try PostgresStorage(url: database.url))
        _ = try ValueStoreTests.put(store, "cov", 50).get()
        let holder = try PostgresConnection(url: database.url)
        #expect(try holder.run("SHOW statement_timeout").first?.first == "5s")
        _ = try holder.run("BEGIN")
        _ = try holder.run("LOCK TABLE value_points IN ACCESS EXCLUSIVE MODE")
        let answer = Lock<Result<StoredRecord, ValueStore.WriteError>?>(nil)
        let started = Date()
        store.put("cov", value: 60, max: nil) { result in answer.withLock { $0 = result } }
        let deadline = Date().addingTimeInterval(15)
        while answer.withLock({ $0 }) == nil && Date() < deadline { usleep(50_000) }
        let elapsed = Date().timeIntervalSince(started)
        _ = try holder.run("ROLLBACK")
        store.flush()
        guard case .failure(.storage) = answer.withLock({ $0 }) else {
            Issue.record("the push behind a held lock did not fail: \(String(describing: answer.withLock { $0 }))")
            return
        }
        #expect(elapsed < 12, "failed after \(elapsed) s")
        #expect(store.record("cov")?.value == 50)
        #expect(try ValueStoreTests.put(store, "cov", 70).get().value == 70)
    }
}
