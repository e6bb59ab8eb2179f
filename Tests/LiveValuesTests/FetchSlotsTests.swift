import Testing

@testable import LiveValues

/// Who gets a fetch slot, as a value: the bounds, each query's share of a host, and the turns queries take for freed
/// slots. No threads, no clocks. (Arrivals and releases are gathered in arrays, evaluated in order, because
/// `#expect` cannot call a mutating method.)
struct FetchSlotsTests {
    typealias Claim = FetchSlots.Claim

    /// A query at its share of a host waits, while another query to the same host takes a slot at once.
    @Test func aQueryAtItsShareWaitsWhileAnotherQueryToTheHostGoesAhead() {
        var slots = FetchSlots(maxTotal: 16, maxPerHost: 4, maxPerQuery: 2)
        let slow = Claim(host: "prom", query: "prometheus=slow")
        let fast = Claim(host: "prom", query: "prometheus=fast")
        let granted = [
            slots.arrive(1, slow), slots.arrive(2, slow), slots.arrive(3, slow), slots.arrive(4, slow),
            slots.arrive(5, fast),
        ]
        #expect(granted == [true, true, false, false, true])
        #expect(slots.held(slow) == 2 && slots.held(fast) == 1 && slots.waiting == 2)
        // The slow query's own slot coming free goes to its next waiter.
        let woken = slots.release(slow)
        #expect(woken == [3])
    }

    /// The host's bound holds whatever the queries' shares: a fourth query waits on a host of three slots, while a
    /// query to another host goes ahead.
    @Test func theHostBoundHoldsAcrossQueries() {
        var slots = FetchSlots(maxTotal: 16, maxPerHost: 3, maxPerQuery: 2)
        let granted = [
            slots.arrive(1, Claim(host: "h", query: "a")), slots.arrive(2, Claim(host: "h", query: "b")),
            slots.arrive(3, Claim(host: "h", query: "c")), slots.arrive(4, Claim(host: "h", query: "d")),
            slots.arrive(5, Claim(host: "other", query: "d")),
        ]
        #expect(granted == [true, true, true, false, true])
        #expect(slots.total == 4)
    }

    /// A freed slot goes to the waiting query that holds fewest slots, not to the oldest waiter: a query that came
    /// last but holds none is served before an older query's third fetch.
    @Test func aFreedSlotGoesToTheQueryHoldingFewestNotTheOldestWaiter() {
        var slots = FetchSlots(maxTotal: 16, maxPerHost: 2, maxPerQuery: 4)
        let busy = Claim(host: "h", query: "busy")
        let other = Claim(host: "h", query: "other")
        let granted = [
            slots.arrive(1, busy), slots.arrive(2, busy), slots.arrive(3, busy), slots.arrive(4, busy),
            slots.arrive(5, other),
        ]
        #expect(granted == [true, true, false, false, false])
        let woken = [slots.release(busy), slots.release(busy), slots.release(other)]
        #expect(woken == [[5], [3], [4]])
    }

    /// Queries holding as many slots take turns: the one served least recently goes first, so one query's many
    /// waiters do not take every freed slot in the order they came.
    @Test func queriesHoldingAsManySlotsTakeTurns() {
        var slots = FetchSlots(maxTotal: 1, maxPerHost: 1, maxPerQuery: 1)
        let a = Claim(host: "h", query: "a")
        let b = Claim(host: "h", query: "b")
        let c = Claim(host: "h", query: "c")
        let granted = [
            slots.arrive(1, a), slots.arrive(2, a), slots.arrive(3, a), slots.arrive(4, b), slots.arrive(5, c),
        ]
        #expect(granted == [true, false, false, false, false])
        // a was just served, b and c never: b (the older of the two), then c, then a's waiters in their order.
        let woken = [slots.release(a), slots.release(b), slots.release(c), slots.release(a), slots.release(a)]
        #expect(woken == [[4], [5], [2], [3], []])
        #expect(slots.total == 0)
    }

    /// A waiter that gave up is never granted; one granted before it could give up holds its slot.
    @Test func aWaiterThatLeftIsNotGrantedAndOneGrantedFirstHoldsItsSlot() {
        var slots = FetchSlots(maxTotal: 1, maxPerHost: 1, maxPerQuery: 1)
        let q = Claim(host: "h", query: "q")
        let granted = [slots.arrive(1, q), slots.arrive(2, q), slots.arrive(3, q)]
        let left = slots.leave(2)
        let woken = slots.release(q)
        let leftLate = slots.leave(3)
        #expect(granted == [true, false, false] && left && woken == [3] && !leftLate)
        #expect(slots.total == 1 && slots.waiting == 0)
    }

    /// The overall bound holds across hosts: a freed slot on one host goes to a waiter for another.
    @Test func theOverallBoundHoldsAcrossHosts() {
        var slots = FetchSlots(maxTotal: 2, maxPerHost: 2, maxPerQuery: 2)
        let granted = [
            slots.arrive(1, Claim(host: "a", query: "q")), slots.arrive(2, Claim(host: "b", query: "q")),
            slots.arrive(3, Claim(host: "c", query: "q")),
        ]
        let woken = slots.release(Claim(host: "a", query: "q"))
        #expect(granted == [true, true, false] && woken == [3])
        #expect(slots.total == 2)
    }
}
