import Foundation
import Synchronization
import TestSupport
import Testing

@testable import LiveValues

/// The value cache against a real upstream: single flight, freshness, stale-while-error, remembered failures,
/// and the in-flight bounds. Time is moved by hand (`ManualClock`) where the test crosses a deadline.
@Suite(.serialized)
final class CacheBehaviourTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("number.json", #"{"value": 1}"#)
    }

    deinit { fixture.stop() }

    private func source(_ live: LiveValues, _ path: String, host: String = "127.0.0.1") throws -> LiveSource {
        try #require(
            try live.source(
                url: fixture.url(path, host: host), query: "$.value", maxQuery: nil, prometheus: nil, server: nil))
    }

    @Test func aThousandConcurrentRequestsForAColdSourceCauseExactlyOneFetch() async throws {
        let live = try makeLive { $0.timeout = 10 }
        let source = try source(live, "slow?ms=1500&file=number.json")
        let answered = Atomic<Int>(0)
        let good = Atomic<Int>(0)
        let ready = Atomic<Int>(0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<1000 {
            done.enter()
            Thread {
                ready.add(1, ordering: .relaxed)
                start.wait()
                let answer = live.lookup(source) ?? live.fetch(source)
                answered.add(1, ordering: .relaxed)
                if answer.value == 1 { good.add(1, ordering: .relaxed) }
                done.leave()
            }.start()
        }
        try await onOwnThread {
            while ready.load(ordering: .relaxed) < 1000 { usleep(1000) }
            for _ in 0..<1000 { start.signal() }
            done.wait()
        }
        #expect(answered.load(ordering: .relaxed) == 1000)
        #expect(good.load(ordering: .relaxed) == 1000)
        let counters = live.counters
        #expect(counters.totalFetches == 1)
        // The others waited for that fetch, except those that a slow run (a sanitizer's) started only after it had
        // ended: they found the value stored, which is no fetch either.
        #expect(counters.coalesced > 0 && counters.coalesced <= 999, "\(counters.coalesced)")
        #expect(fixture.requests.filter { $0.hasPrefix("/slow") }.count == 1)
    }

    @Test func aValueChangedUpstreamShowsOnlyOnceTheCachedValueExpires() async throws {
        let clock = ManualClock()
        let live = try makeLive(clock: clock) { $0.ttl = 300 }
        let source = try source(live, "number.json")
        #expect(
            try await onOwnThread { live.fetch(source) }
                == .fresh(try #require(live.lookup(source)?.reading), secondsLeft: 300))
        try fixture.write("number.json", #"{"value": 2}"#)
        clock.advance(299.5)
        guard case .fresh(let cached, let left) = live.lookup(source) else { throw TestFailure("not fresh") }
        #expect(cached.value == 1 && left == 0)
        #expect(fixture.requests.count == 1)
        clock.advance(1)
        #expect(live.lookup(source) == nil)
        #expect(try await onOwnThread { live.fetch(source) }.value == 2)
        #expect(fixture.requests.count == 2)
    }

    @Test func aFailingUpstreamAfterASuccessServesTheLastGoodValueStale() async throws {
        let clock = ManualClock()
        let live = try makeLive(clock: clock) {
            $0.ttl = 300
            $0.staleSeconds = 3600
            $0.retrySeconds = 30
        }
        let source = try source(live, "number.json")
        #expect(try await onOwnThread { live.fetch(source) }.value == 1)
        try fixture.remove("number.json")
        clock.advance(301)
        #expect(live.lookup(source) == nil)
        let stale = try await onOwnThread { live.fetch(source) }
        #expect(stale.isStale && stale.value == 1)
        #expect(stale.error?.message == "url: \(fixture.url("number.json")) answered 404")
        // Within the retry interval the stale value is answered without asking upstream again.
        #expect(live.lookup(source)?.isStale == true)
        #expect(fixture.requests.count == 2)
        #expect(live.counters.staleAnswers == 2)
        clock.advance(31)
        #expect(live.lookup(source) == nil)
        #expect(try await onOwnThread { live.fetch(source) }.isStale)
        #expect(fixture.requests.count == 3)
        // Past the stale time, the failure is all there is.
        clock.advance(3600)
        #expect(try await onOwnThread { live.fetch(source) } == .failed(try #require(stale.error)))
        try fixture.write("number.json", #"{"value": 3}"#)
        clock.advance(31)
        #expect(try await onOwnThread { live.fetch(source) }.value == 3)
    }

    @Test func aFailureIsRememberedSoABrokenSourceCostsOneFetchPerRetryInterval() async throws {
        let clock = ManualClock()
        let live = try makeLive(clock: clock) { $0.retrySeconds = 30 }
        let source = try source(live, "status/500")
        #expect(try await onOwnThread { live.fetch(source) }.error?.kind == .status)
        for _ in 0..<50 { #expect(live.lookup(source)?.error?.kind == .status) }
        #expect(fixture.requests.count == 1)
        clock.advance(30)
        #expect(live.lookup(source) == nil)
        _ = try await onOwnThread { live.fetch(source) }
        #expect(fixture.requests.count == 2)
    }

    @Test func aHangingSourceCostsItsTimeoutOnceThenAnswersAtOnce() async throws {
        let live = try makeLive { $0.timeout = 1 }
        let source = try source(live, "hang")
        let started = Date()
        #expect(try await onOwnThread { live.fetch(source) }.error?.message == "url: timed out after 1 s")
        #expect(Date().timeIntervalSince(started) >= 0.9)
        // Remembered: answered from the cache, without a second connection.
        #expect(live.lookup(source)?.error?.kind == .timeout)
        #expect(fixture.requests == ["/hang"])
    }

    @Test func aHostAtItsBoundDoesNotDelayFetchesToAnotherHost() async throws {
        // The hanging fetch's timeout leaves a loaded machine time to answer the other (at 3 s it failed once,
        // under a load average of 7 to 9).
        let live = try makeLive(resolve: [fixture.resolve("other.test")]) {
            $0.timeout = 6
            $0.hosts = ["127.0.0.1", "other.test"]
            $0.maxFetchesPerHost = 1
        }
        let hanging = try source(live, "hang")
        let other = try source(live, "number.json", host: "other.test")
        let blocked = DispatchGroup()
        blocked.enter()
        // On one thread, with no await between the steps (see `eventuallyHere`).
        let (held, answer, stillBlocked) = try await onOwnThread { () -> (Bool, LiveAnswer?, Bool) in
            Thread {
                _ = live.fetch(hanging)
                blocked.leave()
            }.start()
            guard eventuallyHere(within: 60, { live.gate.inFlight > 0 }) else { return (false, nil, false) }
            let answer = live.fetch(other)
            return (true, answer, blocked.wait(timeout: .now()) == .timedOut)
        }
        #expect(held, "the hanging fetch never held its slot where the test could see it")
        #expect(answer?.value == 1, "\(String(describing: answer))")
        // Answered while the hanging fetch still holds its host's only slot: nothing waited for it.
        #expect(!held || stillBlocked)
        await blocked.completion()
    }

    @Test func aFetchOverTheBoundWaitsForASlot() async throws {
        let live = try makeLive {
            $0.timeout = 2
            $0.maxFetches = 1
        }
        let hanging = try source(live, "hang")
        let waiting = try source(live, "number.json")
        // On one thread, with no await between the steps (see `eventuallyHere`).
        let (seen, answer, done) = try await onOwnThread { () -> (Bool, LiveAnswer?, Double) in
            let hangStarted = Date()
            Thread { _ = live.fetch(hanging) }.start()
            // Bounded: on a loaded machine the hanging fetch may hold and give back its slot (2 s) between two
            // looks, and an unbounded wait then never ended.
            guard eventuallyHere(within: 10, { live.gate.inFlight > 0 }) else { return (false, nil, 0.0) }
            usleep(1_000_000)
            let answer = live.fetch(waiting)
            return (true, answer, Date().timeIntervalSince(hangStarted))
        }
        guard seen, let answer else {
            Issue.record("the hanging fetch never held its slot where the test could see it")
            return
        }
        // The hanging fetch holds the only slot until its 2 s timeout; the second starts 1 s later, waits for the
        // slot, and reads its document in the second of its own timeout that is left.
        #expect(answer.value == 1, "\(answer)")
        // Not before the slot came free; and a fetch that gave up waiting would have failed busy, not read 1.
        #expect(done > 1.9, "done after \(done) s")
    }

    @Test func fetchesAreCountedByHostAndOutcomeWithTheirDurations() async throws {
        let live = try makeLive()
        let good = try source(live, "number.json")
        let missing = try source(live, "status/404")
        _ = try await onOwnThread { live.fetch(good) }
        _ = try await onOwnThread { live.fetch(missing) }
        _ = try await onOwnThread { live.fetch(missing) }
        let counters = live.counters
        #expect(counters.fetches[.init(host: "127.0.0.1", outcome: "ok")] == 1)
        #expect(counters.fetches[.init(host: "127.0.0.1", outcome: "status")] == 1)
        #expect(counters.durationCount == 2)
        #expect(counters.durationBuckets.last == 2)
        #expect(counters.durationSum > 0 && counters.durationSum < 30)
        // Each document's value read as one number and as a list, by the one fetch.
        #expect(counters.valuesHeld == 4)
    }
}
