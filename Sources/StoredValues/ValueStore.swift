import Dispatch
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Values pushed to the server, with their history: held in memory for every read (an image never waits for the
/// database), written through to a `ValueStorage` on one writer queue, in arrival order, each write acknowledged
/// only once the storage has made it durable. A write the storage refuses changes nothing, in memory either.
public final class ValueStore: Sendable {
    /// The bounds of the store.
    public struct Settings: Sendable, Hashable {
        /// Points older than this are pruned (each name keeps its last point, its record).
        public var historyDays = 400
        /// Names held at most; a push to a new name beyond it is refused.
        public var maxNames = 10_000
        /// Points one name keeps at most: past it, every second point of the older half goes, so old history
        /// stays, at a coarser step, and the recent half keeps every push.
        public var maxPointsPerName = 10_000

        public init() {}
    }

    /// Why a write did not happen.
    public enum WriteError: Error, Sendable, Equatable {
        /// The name is new and the store holds `maxNames` names already.
        case tooManyNames(Int)
        /// The storage failed: nothing changed.
        case storage(String)
    }

    public let settings: Settings
    let storage: any ValueStorage
    let memory: Lock<[String: [StoredPoint]]>
    let writes = DispatchQueue(label: "progress-rings.values")
    /// The answers of pushes that carried an `Idempotency-Key`, for a day: a retry gets them again and stores nothing.
    let idempotency = Lock(IdempotencyKeys())
    private let now: @Sendable () -> Int64
    public let counters = StoreCounters()

    /// Loads every point from `storage`; `now` reads the wall clock in milliseconds since the Unix epoch.
    public init(
        storage: any ValueStorage, settings: Settings = .init(),
        now: @escaping @Sendable () -> Int64 = ValueStore.wallClock
    ) throws(StorageError) {
        self.storage = storage
        self.settings = settings
        self.now = now
        memory = Lock(try storage.load())
        counters.setNames(memory.withLock { $0.count })
        if let shared = storage as? any SharedValueStorage {
            // The parts a reload touches, not self: the storage's thread may outlive an init that is not over.
            let (writes, memory, counters) = (writes, memory, counters)
            shared.watch { name in
                writes.async { Self.reload(name, from: shared, into: memory, counters: counters) }
            }
            // Whatever another replica wrote between the load above and the start of listening.
            writes.async { Self.reload(nil, from: shared, into: memory, counters: counters) }
        }
    }

    /// Reads `name` (nil: every name) again from a shared storage after another writer changed it, on the writer
    /// queue. A failure keeps what memory holds: images go on showing the last values.
    private static func reload(
        _ name: String?, from shared: any SharedValueStorage, into memory: Lock<[String: [StoredPoint]]>,
        counters: StoreCounters
    ) {
        if let name {
            guard let points = try? shared.points(of: name) else { return }
            let names = memory.withLock { values in
                values[name] = points.isEmpty ? nil : points
                return values.count
            }
            counters.setNames(names)
        } else {
            guard let all = try? shared.load() else { return }
            let names = memory.withLock { values in
                values = all
                return values.count
            }
            counters.setNames(names)
        }
    }

    /// Milliseconds since the Unix epoch, from `CLOCK_REALTIME`.
    public static let wallClock: @Sendable () -> Int64 = {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// The store's clock: milliseconds since the Unix epoch (`wallClock` unless a test gave another).
    public func clock() -> Int64 { now() }

    /// Where the values are kept, for logs.
    public var storageDescription: String { storage.description }

    /// The current record of `name`, or nil when none is stored.
    public func record(_ name: String) -> StoredRecord? {
        memory.withLock { values in
            guard let last = values[name]?.last else { return nil }
            return StoredRecord(name: name, value: last.value, max: last.max, time: last.time)
        }
    }

    /// The current records of `names`, read under one lock, or the first name with none.
    public func records(_ names: [String]) -> Result<[StoredRecord], MissingValue> {
        memory.withLock { values in
            var records: [StoredRecord] = []
            records.reserveCapacity(names.count)
            for name in names {
                guard let last = values[name]?.last else { return .failure(MissingValue(name: name)) }
                records.append(StoredRecord(name: name, value: last.value, max: last.max, time: last.time))
            }
            return .success(records)
        }
    }

    /// The value of `name` a change is measured from: the last point received at or before `time` (milliseconds
    /// since the epoch), or the oldest point when the history is younger; nil when no value of that name is stored.
    public func previous(_ name: String, at time: Int64) -> Double? {
        memory.withLock { values in
            guard let points = values[name], let oldest = points.first else { return nil }
            return points.last { $0.time <= time }?.value ?? oldest.value
        }
    }

    /// A name with no value stored.
    public struct MissingValue: Error, Sendable, Equatable {
        public let name: String
    }

    /// The points of `name` received at or after `since` (milliseconds since the epoch), in arrival order; nil
    /// when no value of that name is stored.
    public func history(_ name: String, since: Int64) -> [StoredPoint]? {
        // The array is taken under the lock (a reference) and filtered outside it, so a long history does not
        // hold up pushes and other reads.
        let points = memory.withLock { values in values[name] }
        return points?.filter { $0.time >= since }
    }

    /// Names held.
    public var count: Int { memory.withLock { $0.count } }

    /// Stores a point for `name` (checked by `ValueName`), then calls `done` on the writer queue with the record,
    /// once the storage holds it durably, or with why not.
    public func put(
        _ name: String, value: Double, max: Double?,
        done: @escaping @Sendable (Result<StoredRecord, WriteError>) -> Void
    ) {
        writes.async { [self] in
            let known = memory.withLock { $0[name] != nil }
            if !known && count >= settings.maxNames {
                done(.failure(.tooManyNames(settings.maxNames)))
                return
            }
            let time = now()
            let started = DispatchTime.now().uptimeNanoseconds
            let sequence: Int64
            do throws(StorageError) {
                sequence = try storage.append(name: name, time: time, value: value, max: max)
            } catch {
                counters.storeTook(DispatchTime.now().uptimeNanoseconds - started, ok: false)
                done(.failure(.storage(error.message)))
                return
            }
            counters.storeTook(DispatchTime.now().uptimeNanoseconds - started, ok: true)
            let point = StoredPoint(sequence: sequence, time: time, value: value, max: max)
            let (names, held) = memory.withLock { values in
                values[name, default: []].append(point)
                return (values.count, values[name]!.count)
            }
            counters.setNames(names)
            done(.success(StoredRecord(name: name, value: value, max: max, time: time)))
            if held > settings.maxPointsPerName { thin(name) }
        }
    }

    /// Forgets `name` and its history; `done` gets whether there was one, or why it could not.
    public func delete(_ name: String, done: @escaping @Sendable (Result<Bool, WriteError>) -> Void) {
        writes.async { [self] in
            guard memory.withLock({ $0[name] != nil }) else {
                done(.success(false))
                return
            }
            do throws(StorageError) {
                try storage.delete(name: name)
            } catch {
                done(.failure(.storage(error.message)))
                return
            }
            let names = memory.withLock { values in
                values[name] = nil
                return values.count
            }
            counters.setNames(names)
            done(.success(true))
        }
    }

    /// Removes every second point of the older half of `name`'s history (on the writer queue).
    func thin(_ name: String) {
        let points = memory.withLock { $0[name] ?? [] }
        let older = points.count / 2
        let gone = stride(from: 1, to: older, by: 2).map { points[$0].sequence }
        do throws(StorageError) {
            try storage.remove(sequences: gone, of: name)
        } catch {
            return  // kept whole; tried again at the next push
        }
        let goneSet = Set(gone)
        memory.withLock { values in values[name]?.removeAll { goneSet.contains($0.sequence) } }
        counters.pruned(gone.count)
    }

    /// Prunes points older than `historyDays` now, on the writer queue (between writes, never in a reader's way),
    /// and again every `interval` seconds.
    public func prunePeriodically(every interval: Double = 3600) {
        writes.async { [self] in prune() }
        writes.asyncAfter(deadline: .now() + interval) { [weak self] in self?.prunePeriodically(every: interval) }
    }

    /// Prunes now (on the writer queue); returns how many points went.
    @discardableResult
    func prune() -> Int {
        let cutoff = now() - Int64(settings.historyDays) * 86_400_000
        guard let removed = try? storage.prune(before: cutoff), removed > 0 else { return 0 }
        memory.withLock { values in
            for (name, points) in values {
                guard let last = points.last else { continue }
                values[name] = points.filter { $0.time >= cutoff || $0.sequence == last.sequence }
            }
        }
        counters.pruned(removed)
        return removed
    }

    /// Waits until every write queued before this call is done (tests, and a clean shutdown).
    public func flush() { writes.sync {} }
}
