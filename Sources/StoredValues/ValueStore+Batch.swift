import Dispatch

extension ValueStore {
    /// One value of a push: a report stores several, each under its own name, in one write.
    public struct NewPoint: Sendable, Hashable {
        public var name: String
        public var value: Double
        public var max: Double?

        public init(name: String, value: Double, max: Double?) {
            self.name = name
            self.value = value
            self.max = max
        }
    }

    /// Stores `points` (names checked by `ValueName`) together, all or none, at one time, then calls `done` on the
    /// writer queue with their records once the storage holds them durably, or with why not. With an
    /// `idempotencyKey` seen for the first point's name within a day, nothing is stored and `done` gets the
    /// records that first push stored.
    public func put(
        _ points: [NewPoint], idempotencyKey: String? = nil,
        done: @escaping @Sendable (Result<[StoredRecord], WriteError>) -> Void
    ) {
        writes.async { [self] in
            let time = clock()
            if let key = idempotencyKey, let first = points.first,
                let answer = idempotency.withLock({ $0.answer(name: first.name, key: key, now: time) })
            {
                done(.success(answer))
                return
            }
            let newNames = Set(points.map(\.name)).filter { name in memory.withLock { $0[name] == nil } }
            if !newNames.isEmpty && count + newNames.count > settings.maxNames {
                done(.failure(.tooManyNames(settings.maxNames)))
                return
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let sequences: [Int64]
            do throws(StorageError) {
                sequences = try storage.append(points: points, time: time)
            } catch {
                counters.storeTook(DispatchTime.now().uptimeNanoseconds - started, ok: false)
                done(.failure(.storage(error.message)))
                return
            }
            counters.storeTook(DispatchTime.now().uptimeNanoseconds - started, ok: true)
            var thick: [String] = []
            let names = memory.withLock { values in
                for (point, sequence) in zip(points, sequences) {
                    values[point.name, default: []].append(
                        StoredPoint(sequence: sequence, time: time, value: point.value, max: point.max))
                    if values[point.name]!.count > settings.maxPointsPerName { thick.append(point.name) }
                }
                return values.count
            }
            counters.setNames(names)
            let records = points.map { StoredRecord(name: $0.name, value: $0.value, max: $0.max, time: time) }
            if let key = idempotencyKey, let first = points.first {
                idempotency.withLock { $0.remember(name: first.name, key: key, records: records, now: time) }
            }
            done(.success(records))
            for name in thick { thin(name) }
        }
    }
}
