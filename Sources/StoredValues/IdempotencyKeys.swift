/// The pushes a store answered with an `Idempotency-Key`, kept for a day: the same key for the same name within
/// it gets the first answer again, so a client that retries a push whose answer it never saw stores one point.
/// Held in memory (a restart forgets them) and bounded: past `limit`, the oldest go first.
struct IdempotencyKeys: Sendable {
    /// How long a key is remembered, in milliseconds.
    static let window: Int64 = 86_400_000
    /// Keys held at most.
    static let limit = 100_000

    private var answers: [String: (time: Int64, records: [StoredRecord])] = [:]
    /// Keys in the order they were stored, for forgetting the oldest first.
    private var order: [(key: String, time: Int64)] = []
    private var orderStart = 0

    /// The records first stored under `key` for `name`, if that was within the window before `now`.
    mutating func answer(name: String, key: String, now: Int64) -> [StoredRecord]? {
        forget(before: now - Self.window)
        return answers[Self.slot(name, key)]?.records
    }

    /// Remembers the answer of a push.
    mutating func remember(name: String, key: String, records: [StoredRecord], now: Int64) {
        let slot = Self.slot(name, key)
        answers[slot] = (now, records)
        order.append((slot, now))
        while answers.count > Self.limit, orderStart < order.count {
            answers[order[orderStart].key] = nil
            orderStart += 1
        }
        compact()
    }

    var count: Int { answers.count }

    private mutating func forget(before cutoff: Int64) {
        while orderStart < order.count, order[orderStart].time < cutoff {
            let entry = order[orderStart]
            if answers[entry.key]?.time == entry.time { answers[entry.key] = nil }
            orderStart += 1
        }
        compact()
    }

    private mutating func compact() {
        if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    private static func slot(_ name: String, _ key: String) -> String { name + "\u{0}" + key }
}
