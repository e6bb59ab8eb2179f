import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// The in-flight bounds, overall and per host, without a network.
struct FetchGateTests {
    @Test func aHostAtItsBoundWaitsThenGivesUpWhileOtherHostsGoAhead() {
        let gate = FetchGate(maxTotal: 4, maxPerHost: 2, maxPerQuery: 2)
        #expect(gate.acquire(host: "a", query: "q", within: 0))
        #expect(gate.acquire(host: "a", query: "q", within: 0))
        let started = Date()
        #expect(!gate.acquire(host: "a", query: "q", within: 0.2))
        #expect(Date().timeIntervalSince(started) >= 0.19)
        #expect(gate.acquire(host: "b", query: "q", within: 0))
        #expect(gate.inFlight == 3)
    }

    @Test func theOverallBoundHoldsAcrossHosts() {
        let gate = FetchGate(maxTotal: 2, maxPerHost: 2, maxPerQuery: 2)
        #expect(gate.acquire(host: "a", query: "q", within: 0))
        #expect(gate.acquire(host: "b", query: "q", within: 0))
        #expect(!gate.acquire(host: "c", query: "q", within: 0.05))
        gate.release(host: "a", query: "q")
        #expect(gate.acquire(host: "c", query: "q", within: 0))
        #expect(gate.inFlight == 2)
    }

    @Test func aReleasedSlotGoesToTheWaiter() async throws {
        let gate = FetchGate(maxTotal: 1, maxPerHost: 1, maxPerQuery: 1)
        #expect(gate.acquire(host: "a", query: "q", within: 0))
        let got = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await onOwnThread { gate.acquire(host: "a", query: "q", within: 5) } }
            try await Task.sleep(for: .milliseconds(100))
            gate.release(host: "a", query: "q")
            return try await group.next() ?? false
        }
        #expect(got)
        #expect(gate.inFlight == 1)
        // A waiter that gave up holds nothing.
        #expect(!gate.acquire(host: "a", query: "q", within: 0.05))
        gate.release(host: "a", query: "q")
        #expect(gate.inFlight == 0)
    }
}
