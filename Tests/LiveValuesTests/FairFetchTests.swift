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

    static func scalar(_ value: Int) -> String {
        #"{"status":"success","data":{"resultType":"scalar","result":[1700000000,"\#(value)"]}}"#
    }

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

    func requests(_ query: String) -> Int {
        fixture.requests.filter { $0.contains("query=\(query)") }.count
    }

    /// Six slow readings of one query keep arriving and hold the server's slots until their timeout; a fast query
    /// to the same server is meanwhile answered within a fraction of the timeout, each time, not after it.
    @Test func aFastQueryIsAnsweredInItsOwnTimeWhileSixSlowOnesFloodTheServer() async throws {
        for n in 1...6 {
            try fixture.write(#"slow{n="\#(n)"}"#, Self.scalar(n))
            try fixture.write(#"slow{n="\#(n)"}.delay"#, "8")
        }
        for n in 1...8 { try fixture.write(#"fast{n="\#(n)"}"#, Self.scalar(n)) }
        let live = try live {
            // Generous, so a loaded machine's scheduling stays well inside half of it.
            $0.timeout = 3
            $0.retrySeconds = 0.1
            $0.maxFetchesPerHost = 4
            $0.maxFetchesPerQuery = 2
            // The breaker would keep the slow ones out after two timeouts: this is about the slots alone.
            $0.breakerTimeouts = 100
        }
        let slow = try (1...6).map { try source(live, "slow", $0) }
        let stop = Atomic<Bool>(false)
        let flood = DispatchGroup()
        for source in slow {
            flood.enter()
            Thread {
                while !stop.load(ordering: .relaxed) {
                    _ = live.lookup(source) ?? live.fetch(source)
                    usleep(10_000)
                }
                flood.leave()
            }.start()
        }
        let flooding = await eventually(within: 5) { live.gate.inFlight >= 2 }
        #expect(flooding, "the slow queries never held a slot")
        var times: [Double] = []
        for n in 1...8 {
            let fast = try source(live, "fast", n)
            let started = Date()
            let answer = try await onOwnThread { live.fetch(fast) }
            times.append(Date().timeIntervalSince(started))
            #expect(answer.value == Double(n), "\(answer)")
            try await Task.sleep(for: .milliseconds(150))
        }
        stop.store(true, ordering: .relaxed)
        // Each within half the timeout; behind the slow ones it waited for their 3 s, or failed busy.
        #expect(times.allSatisfy { $0 < 1.5 }, "\(times)")
        #expect(requests("slow") >= 2)
        try await onOwnThread { flood.wait() }
    }

    /// A query that timed out twice in a row is, past its retry time, answered at once with its last reading
    /// (stale) while one probe fetches it: no request waits, and the upstream sees no request but the probe. The
    /// breaker opens and closes once each, and requests it answered count as `open`.
    @Test func aQueryThatTimedOutTwiceIsAnsweredAtOnceWhileOneProbeFetchesIt() async throws {
        try fixture.write("lag", Self.scalar(3))
        let clock = ManualClock()
        // A probe in flight for 3 s: the requests after it are surely asked while it is.
        let live = try live(clock: clock) {
            $0.timeout = 3
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
        #expect(requests("lag") == 3)
        #expect(changes.withLock { $0.compactMap { $0 } } == [true])

        // Past the retry time: answered at once, while a probe goes to the upstream.
        clock.advance(6)
        var started = Date()
        let held = try await onOwnThread { live.fetch(lag) }
        // Not held for the probe's 3 s.
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(await eventually(within: 5) { self.requests("lag") == 4 })
        started = Date()
        let again = try await onOwnThread { live.fetch(lag) }
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(held.isStale && held.value == 3 && again.isStale, "\(held) \(again)")
        #expect(live.counters.fetches[.init(host: "127.0.0.1", server: "main", outcome: "open")] == 2)
        // The probe times out too: the breaker stays open, and the upstream saw that one request.
        #expect(await eventually(within: 10) { live.gate.inFlight == 0 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(requests("lag") == 4)

        // It answers again: the next probe reads it, and the breaker closes.
        try fixture.remove("lag.delay")
        try fixture.write("lag", Self.scalar(4))
        clock.advance(6)
        #expect(try await onOwnThread { live.fetch(lag) }.value == 3)
        #expect(await eventually(within: 5) { live.lookup(lag)?.value == 4 })
        #expect(changes.withLock { $0.compactMap { $0 } } == [true, false])
        #expect(requests("lag") == 5)
        // Stale answers delivered: two timeouts', three held ones; never a probe's, which goes to no one.
        #expect(live.counters.staleAnswers == 5)
    }
}
