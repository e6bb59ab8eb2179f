import Foundation
import Testing

@testable import LiveValues

/// A source's breaker in the value store, as a value: which failures open it, what it answers while open, and what
/// closes it. Times are given, not waited for.
struct BreakerTests {
    let settings: LiveSettings = {
        var s = LiveSettings()
        s.ttl = 60
        s.retrySeconds = 10
        return s
    }()

    func source() throws -> LiveSource {
        let live = try makeLive()
        return try #require(
            try live.source(url: "http://127.0.0.1/slow.json", query: nil, maxQuery: nil, prometheus: nil, server: nil))
    }

    func failure(_ kind: CurlFetcher.Failure, _ source: LiveSource) -> Result<LiveReading, LiveError> {
        .failure(LiveError.fetch(kind, source: source, settings: settings))
    }

    /// Two timeouts in a row open the breaker; past the retry time the source is then answered with its last reading,
    /// stale, instead of being fetched, until a fetch reads it again.
    @Test func twoTimeoutsInARowOpenTheBreakerAndAReadingClosesIt() throws {
        let source = try source()
        var store = LiveValueStore(maxValues: 10, breakerTimeouts: 2)
        _ = store.record(source, .success(LiveReading(value: 7, readAt: Date())), now: 0, settings: settings)
        _ = store.record(source, failure(.timeout, source), now: 61, settings: settings)
        #expect(!store.isOpen(source))
        #expect(store.held(source, now: 72) == nil)
        #expect(store.answer(source, now: 72) == nil)
        _ = store.record(source, failure(.timeout, source), now: 72, settings: settings)
        #expect(store.isOpen(source))
        // Past the retry time the store says "fetch", and the open breaker answers instead.
        #expect(store.answer(source, now: 83) == nil)
        let held = try #require(store.held(source, now: 83))
        #expect(held.isStale && held.value == 7 && held.error?.kind == .timeout, "\(held)")
        _ = store.record(source, .success(LiveReading(value: 8, readAt: Date())), now: 84, settings: settings)
        #expect(!store.isOpen(source))
        #expect(store.held(source, now: 85) == nil)
    }

    /// Only timeouts in a row count: another failure between two resets the count; a lack of fetch slots neither
    /// counts nor resets, and does not replace the timeout as the reason the source is held.
    @Test func onlyTimeoutsInARowOpenTheBreaker() throws {
        let source = try source()
        var store = LiveValueStore(maxValues: 10, breakerTimeouts: 2)
        _ = store.record(source, failure(.timeout, source), now: 0, settings: settings)
        _ = store.record(source, failure(.unreachable("refused"), source), now: 11, settings: settings)
        _ = store.record(source, failure(.timeout, source), now: 22, settings: settings)
        #expect(!store.isOpen(source))
        _ = store.record(source, failure(.busy, source), now: 33, settings: settings)
        #expect(!store.isOpen(source))
        _ = store.record(source, failure(.timeout, source), now: 44, settings: settings)
        #expect(store.isOpen(source))
        _ = store.record(source, failure(.busy, source), now: 55, settings: settings)
        #expect(store.isOpen(source))
        // Never read: the held answer is the timeout itself.
        let held = try #require(store.held(source, now: 56))
        #expect(!held.isStale && held.error?.kind == .timeout, "\(held)")
    }

    /// The number of timeouts is the setting's: with three, two timeouts leave the breaker closed.
    @Test func theBreakerOpensAtTheConfiguredNumberOfTimeouts() throws {
        let source = try source()
        var store = LiveValueStore(maxValues: 10, breakerTimeouts: 3)
        for i in 0..<2 { _ = store.record(source, failure(.timeout, source), now: Double(i) * 11, settings: settings) }
        #expect(!store.isOpen(source))
        _ = store.record(source, failure(.timeout, source), now: 22, settings: settings)
        #expect(store.isOpen(source))
    }
}
