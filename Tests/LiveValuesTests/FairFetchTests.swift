import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

@testable import LiveValues

/// Slow queries against a real upstream (the fixture's Prometheus API, answering a query after the seconds its
/// `.delay` file holds): they keep to their share of the server's slots, and one that timed out twice in a row is
/// answered from what it last gave, one probe at a time, until it answers again.
@Suite(.serialized)
final class FairFetchTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    func live(clock: any LiveClock = MonotonicClock(), _ change: (inout LiveSettings) -> Void) throws -> LiveValues {
        let numbered = LiveSettings.PrometheusQuery.Parameter(pattern: "[0-9]+")
        return try makeLive(clock: clock) {
            $0.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.prometheusQueries = [
                "slow": .init(query: #"slow{n="$n"}"#, parameters: ["n": numbered]),
                "fast": .init(query: #"fast{n="$n"}"#, parameters: ["n": numbered]),
                "lag": .init(query: "lag"),
            ]
            change(&$0)
        }
    }

    func source(_ live: LiveValues, _ name: String, _ n: Int? = nil) throws -> LiveSource {
        try #require(
            try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: name, server: nil,
                arguments: n.map { ["n": "\($0)"] } ?? [:]))
    }

    /// Six slow readings of one query keep arriving and hold their share of the server's slots until their timeout;
    /// a fast query to the same server is meanwhile answered, each time, while the slow ones are still in flight:
    /// not after them. (Told by what had ended, not by a clock: the whole suite runs at once on a loaded machine.)
    @Test func aFastQueryIsAnsweredInItsOwnTimeWhileSixSlowOnesFloodTheServer() async throws {
        for n in 1...6 {
            try fixture.write(#"slow{n="\#(n)"}"#, FixtureServer.scalar("\(n)"))
            try fixture.write(#"slow{n="\#(n)"}.hold"#, "go")
        }
        for n in 1...4 { try fixture.write(#"fast{n="\#(n)"}"#, FixtureServer.scalar("\(n)")) }
        // The slow fetches hold their slots until the test lets the upstream answer ("go"), which no stall of a
        // loaded machine can reorder; their timeout is far off.
        let live = try live {
            $0.timeout = 100
            $0.maxFetchesPerHost = 4
            $0.maxFetchesPerQuery = 2
        }
        let slow = try (1...6).map { try source(live, "slow", $0) }
        let stop = Atomic<Bool>(false)
        let slowAnswers = Atomic<Int>(0)
        let flood = DispatchGroup()
        for source in slow {
            flood.enter()
            Thread {
                while !stop.load(ordering: .relaxed) {
                    _ = live.lookup(source) ?? live.fetch(source)
                    slowAnswers.add(1, ordering: .relaxed)
                    usleep(10_000)
                }
                flood.leave()
            }.start()
        }
        // Measured on one thread of its own from the moment the slow queries hold their slots: a test's await can
        // wait behind the whole suite's blocked pool threads for longer than the slow fetches' timeout.
        let fast = try (1...4).map { try source(live, "fast", $0) }
        let fixture = fixture
        let (flooding, answers, answeredAmid, slowRequests) = try await onOwnThread {
            // Far off: under the sanitizers, beside the whole suite, the six threads took over 20 s to start a fetch.
            let flooding = eventuallyHere(within: 120) { live.gate.inFlight >= 2 }
            var answers: [LiveAnswer] = []
            var answeredAmid: [Int] = []
            for source in fast {
                answers.append(live.fetch(source))
                answeredAmid.append(slowAnswers.load(ordering: .relaxed))
            }
            return (flooding, answers, answeredAmid, fixture.requests(asking: "slow"))
        }
        stop.store(true, ordering: .relaxed)
        #expect(flooding, "the slow queries never held a slot")
        #expect(answers.map(\.value) == [1, 2, 3, 4], "\(answers)")
        // Every fast answer came before any slow one had ended; behind them (the oldest waiter first, or with the
        // host's four slots theirs) it came only once they had timed out.
        #expect(answeredAmid == [0, 0, 0, 0], "slow answers given before each fast one: \(answeredAmid)")
        #expect(slowRequests == 2, "the slow query held more than its share")
        try fixture.write("go", "")
        try await onOwnThread { flood.wait() }
    }

    /// A query that timed out twice in a row is, past its retry time, answered at once with its last reading
    /// (stale) while one probe fetches it: no request waits, and the upstream sees no request but the probe. The
    /// breaker opens and closes once each, and requests it answered count as `open`.
    @Test func aQueryThatTimedOutTwiceIsAnsweredAtOnceWhileOneProbeFetchesIt() async throws {
        try fixture.write("lag", FixtureServer.scalar("3"))
        let clock = ManualClock()
        // A probe in flight for 4 s: the requests after it are asked while it is, even on a loaded machine.
        let live = try live(clock: clock) {
            $0.timeout = 4
            $0.ttl = 10
            $0.retrySeconds = 5
        }
        let changes = Lock<[Bool?]>([])
        live.onHealthChange { change in changes.withLock { $0.append(change.breakerOpen) } }
        let lag = try source(live, "lag")
        #expect(try await onOwnThread { live.fetch(lag) }.value == 3)
        try fixture.write("lag.delay", "10")
        for _ in 0..<2 {
            clock.advance(11)
            let answer = try await onOwnThread { live.fetch(lag) }
            #expect(answer.isStale && answer.error?.kind == .timeout, "\(answer)")
        }
        #expect(fixture.requests(asking: "lag") == 3)
        #expect(changes.withLock { $0.compactMap { $0 } } == [true])

        // Past the retry time: answered at once, while a probe goes to the upstream.
        clock.advance(6)
        let held = try await onOwnThread { live.fetch(lag) }
        #expect(await eventually(within: 5) { self.fixture.requests(asking: "lag") == 4 })
        let again = try await onOwnThread { live.fetch(lag) }
        #expect(held.isStale && held.value == 3 && again.isStale, "\(held) \(again)")
        // Answered by the breaker, not by a fetch of its own (the again too, unless a loaded machine held this test up
        // until the probe had ended, when it is the cache's).
        let open = live.counters.fetches[.init(host: "127.0.0.1", server: "main", outcome: "open")] ?? 0
        #expect(open >= 1 && open <= 2)
        // The probe times out too: the breaker stays open, and the upstream saw that one request.
        #expect(await eventually(within: 10) { live.gate.inFlight == 0 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(fixture.requests(asking: "lag") == 4)

        // It answers again: the next probe reads it, and the breaker closes.
        try fixture.remove("lag.delay")
        try fixture.write("lag", FixtureServer.scalar("4"))
        clock.advance(6)
        #expect(try await onOwnThread { live.fetch(lag) }.value == 3)
        #expect(await eventually(within: 5) { live.lookup(lag)?.value == 4 })
        #expect(changes.withLock { $0.compactMap { $0 } } == [true, false])
        #expect(fixture.requests(asking: "lag") == 5)
        // Stale answers delivered: two timeouts', the held ones and the again; never a probe's, which goes to no one.
        #expect(live.counters.staleAnswers == 5)
    }
}
