import Foundation
import Locking
import TestSupport
import Testing

@testable import LiveValues

/// `fetch(_:then:)`: the answer is delivered, never waited for, so a server's threads never wait with a fetch.
@Suite(.serialized)
final class DeliveryTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("number.json", #"{"value": 1}"#)
    }

    deinit { fixture.stop() }

    @Test func aThousandDeliveriesForAColdSourceShareOneFetchAndNoCallerWaits() async throws {
        let live = try makeLive { $0.timeout = 10 }
        let source = try #require(
            try live.source(
                url: fixture.url("slow?ms=1500&file=number.json"), query: "$.value", maxQuery: nil, prometheus: nil,
                server: nil))
        let delivered = Lock<[LiveAnswer]>([])
        let all = DispatchGroup()
        for _ in 0..<1000 {
            all.enter()
            live.fetch(source) { answer in
                delivered.withLock { $0.append(answer) }
                all.leave()
            }
        }
        // Every call has returned, and the fetch (1.5 s upstream) has not: nothing was answered in the caller.
        #expect(delivered.withLock { $0.count } == 0)
        try await onOwnThread { all.wait() }
        #expect(delivered.withLock { $0.count } == 1000)
        #expect(delivered.withLock { $0.allSatisfy { $0.value == 1 } })
        #expect(live.counters.totalFetches == 1 && live.counters.coalesced == 999)
        // Cached now: delivered on the calling thread, before `fetch` returns.
        let cached = Lock<LiveAnswer?>(nil)
        live.fetch(source) { answer in cached.withLock { $0 = answer } }
        #expect(cached.withLock { $0 }?.value == 1)
    }

    /// Past `maxFlights` documents at once, one more fails `busy` at once instead of holding a thread.
    @Test func documentsBeyondTheFlightBoundFailBusyAtOnce() async throws {
        let live = try makeLive {
            $0.timeout = 10
            $0.maxFetches = 1
            $0.maxFetchesPerHost = 1
        }
        let waiting = DispatchGroup()
        for n in 0..<live.maxFlights {
            let source = try #require(
                try live.source(
                    url: fixture.url("slow?ms=300&file=number.json&n=\(n)"), query: "$.value", maxQuery: nil,
                    prometheus: nil, server: nil))
            waiting.enter()
            live.fetch(source) { _ in waiting.leave() }
        }
        let extra = try #require(
            try live.source(
                url: fixture.url("number.json?extra"), query: "$.value", maxQuery: nil, prometheus: nil, server: nil))
        let answer = Lock<LiveAnswer?>(nil)
        live.fetch(extra) { delivered in answer.withLock { $0 = delivered } }
        guard case .failed(let error) = answer.withLock({ $0 }) else {
            throw TestFailure("not refused at once: \(String(describing: answer.withLock { $0 }))")
        }
        #expect(error.kind == .busy)
        try await onOwnThread { waiting.wait() }
        // Not remembered: once the flights are done, the same source is fetched.
        #expect(try await onOwnThread { live.fetch(extra) }.value == 1)
    }
}
