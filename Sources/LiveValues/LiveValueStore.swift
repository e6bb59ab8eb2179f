/// The values read, per source: the last reading (a number, or `null` as it was) with its freshness and staleness
/// deadlines, and the last failure with the time before which the source is not tried again. Bounded: past `maxValues` sources, or past
/// `maxTextBytes` of the readings' texts (an endpoint document's label, message and logo, up to 5 KiB of SVG), the
/// source first stored is dropped (first in, first out, O(1) per insert). A plain value; `LiveValues` holds it under
/// its lock.
struct LiveValueStore {
    struct Entry {
        var reading: LiveReading?
        var freshUntil = 0.0
        var staleUntil = 0.0
        var failure: LiveError?
        /// Where the last reading was `null` or NaN: that reading, which stands until `staleUntil` as a number
        /// would (nothing older stands for it).
        var missingRead: LiveError?
        var retryAt = 0.0
        /// Whether a request asked for the source itself, rather than its reading being stored beside one that was
        /// (the same document read as a list, or as one number).
        var asked = false
        /// Fetches timed out in a row, the last ones: at `breakerTimeouts`, the source's breaker is open.
        var timeoutsInRow = 0
        var serial: UInt64
    }

    let maxValues: Int
    /// The readings' texts held at most (`LiveReading.textBytes`): 500 documents with the largest logos, or far more
    /// of the usual few dozen bytes.
    let maxTextBytes: Int
    /// Timeouts in a row that open a source's breaker (`LiveSettings.breakerTimeouts`).
    let breakerTimeouts: Int
    private(set) var entries: [LiveSource: Entry] = [:]
    /// The texts of the readings held, counted against `maxTextBytes`.
    private(set) var textBytes = 0
    /// Sources in the order first stored, with the serial their entry had; a stale pair (re-stored key) is skipped.
    private var order: [(source: LiveSource, serial: UInt64)] = []
    private var head = 0
    private var nextSerial: UInt64 = 0

    init(maxValues: Int, maxTextBytes: Int = 4 << 20, breakerTimeouts: Int = 2) {
        self.maxValues = maxValues
        self.maxTextBytes = maxTextBytes
        self.breakerTimeouts = breakerTimeouts
    }

    /// The answer without fetching, or nil when the source must be fetched: never read, past its freshness with no
    /// failure remembered, or past the retry time of its last failure.
    func answer(_ source: LiveSource, now: Double) -> LiveAnswer? {
        guard let e = entries[source] else { return nil }
        if let reading = e.reading, now < e.freshUntil {
            return .fresh(reading, secondsLeft: Int((e.freshUntil - now).rounded(.down)))
        }
        guard let failure = e.failure, now < e.retryAt else { return nil }
        if let reading = e.reading, now < e.staleUntil { return .stale(reading, because: failure) }
        if let missing = e.missingRead, now < e.staleUntil { return .failed(missing) }
        return .failed(failure)
    }

    /// Whether `source`'s breaker is open: its last `breakerTimeouts` fetches timed out, so that, until one reads
    /// again, it is answered from what it last gave (`held`) rather than waited for.
    func isOpen(_ source: LiveSource) -> Bool {
        guard let entry = entries[source] else { return false }
        return entry.timeoutsInRow >= breakerTimeouts
    }

    /// The answer for a source whose breaker is open, whatever its retry time: the last reading as stale while
    /// within its staleness time, or the last error. Nil when the breaker is closed.
    func held(_ source: LiveSource, now: Double) -> LiveAnswer? {
        guard isOpen(source), let e = entries[source], let failure = e.failure else { return nil }
        if let reading = e.reading, now < e.staleUntil { return .stale(reading, because: failure) }
        if let missing = e.missingRead, now < e.staleUntil { return .failed(missing) }
        return .failed(failure)
    }

    /// Whether `source`'s last fetch failed for the source's sake (not a null it holds, not a lack of fetch slots):
    /// what an operator is told of when it begins and ends (`LiveHealthChange`). Never for a source no request asked
    /// for: its reading was stored only so that one fetch answers both.
    func isDown(_ source: LiveSource) -> Bool {
        guard let entry = entries[source], entry.asked, let failure = entry.failure else { return false }
        return failure.missing == nil && failure.kind != .busy && failure.kind != .badParameter
    }

    /// Stores what a fetch gave and returns the answer for it: fresh on success; on failure, the last good reading
    /// as stale while within its staleness time, otherwise the failure. `asked`: a request asked for `source`
    /// (false for the other reading of the same fetch, stored beside it).
    mutating func record(
        _ source: LiveSource, _ result: Result<LiveReading, LiveError>, now: Double, settings: LiveSettings,
        freshFor: Double? = nil, asked: Bool = true
    ) -> LiveAnswer {
        // A range's answer changes when its step does, not with liveTTL: one fetch per step.
        let ttl = freshFor ?? settings.ttl
        var entry = entries[source] ?? newEntry(source)
        let bytesBefore = entry.reading?.textBytes ?? 0
        entry.asked = entry.asked || asked
        let answer: LiveAnswer
        switch result {
        case .success(let reading):
            entry.reading = reading
            entry.freshUntil = now + ttl
            entry.staleUntil = now + ttl + settings.staleSeconds
            entry.failure = nil
            entry.missingRead = nil
            entry.timeoutsInRow = 0
            answer = .fresh(reading, secondsLeft: Int(ttl.rounded(.down)))
        case .failure(let error):
            // An open breaker's probe that found no slot keeps the timeout as the reason the source is held.
            if error.kind != .busy || entry.timeoutsInRow < breakerTimeouts { entry.failure = error }
            // Only a timeout holds a slot for long; a lack of slots says nothing about the source either way.
            switch error.kind {
            case .timeout: entry.timeoutsInRow += 1
            case .busy: break
            default: entry.timeoutsInRow = 0
            }
            if error.missing != nil {
                // The source was read, and holds no number: the last reading is this one, not an older number.
                entry.reading = nil
                entry.missingRead = error
                entry.staleUntil = now + settings.ttl + settings.staleSeconds
            }
            // Running out of fetch slots says nothing about the source: the next request may try again at once.
            entry.retryAt = error.kind == .busy ? now : now + min(settings.retrySeconds, settings.ttl)
            if let reading = entry.reading, now < entry.staleUntil {
                answer = .stale(reading, because: error)
            } else if let missing = entry.missingRead, now < entry.staleUntil {
                // Unread now, and null when last read: served as it was.
                answer = .failed(missing)
            } else {
                entry.reading = nil
                answer = .failed(error)
            }
        }
        entries[source] = entry
        textBytes += (entry.reading?.textBytes ?? 0) - bytesBefore
        // Texts over the bound: the sources first stored go, as past `maxValues`.
        while textBytes > maxTextBytes, dropOldest() {}
        return answer
    }

    private mutating func newEntry(_ source: LiveSource) -> Entry {
        while entries.count >= maxValues, dropOldest() {}
        if head > 1024 && head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        nextSerial += 1
        order.append((source, nextSerial))
        return Entry(serial: nextSerial)
    }

    /// Drops the entry first stored that is still held; false when the line is empty.
    private mutating func dropOldest() -> Bool {
        while head < order.count {
            let oldest = order[head]
            head += 1
            if let entry = entries[oldest.source], entry.serial == oldest.serial {
                textBytes -= entry.reading?.textBytes ?? 0
                entries[oldest.source] = nil
                return true
            }
        }
        return false
    }
}
