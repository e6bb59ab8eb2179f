import Locking
import Testing

@testable import HTTPServer

/// The worker's jobs are taken by client in turn, so one client's flood delays another's work by one job at most.
struct WorkerQueueTests {
    private static let a = ClientAddress(bytes: [10, 0, 0, 1])
    private static let b = ClientAddress(bytes: [10, 0, 0, 2])
    private static let c = ClientAddress(bytes: [10, 0, 0, 3])

    /// Runs every job in the queue's order and returns their names.
    private func drained(_ queue: inout WorkerQueue, _ ran: Lock<[String]>) -> [String] {
        while let next = queue.next() { next.job(next.clientHasMore) }
        return ran.withLock { $0 }
    }

    private func job(_ name: String, _ ran: Lock<[String]>) -> WorkerQueue.Job {
        { _ in ran.withLock { $0.append(name) } }
    }

    /// A client that queued three jobs before another's one gets one turn, then the other, then its own again.
    @Test func clientsTakeTurnsAndEachKeepsItsOrder() {
        let ran = Lock<[String]>([])
        var queue = WorkerQueue()
        for n in 1...3 { queue.append(job("a\(n)", ran), of: Self.a) }
        queue.append(job("b1", ran), of: Self.b)
        queue.append(job("c1", ran), of: Self.c)
        queue.append(job("b2", ran), of: Self.b)
        #expect(drained(&queue, ran) == ["a1", "b1", "c1", "a2", "b2", "a3"])
        #expect(queue.isEmpty && queue.next() == nil)
    }

    /// A flood of 1,000 jobs ahead of another client's: that one runs second, and the queue's bookkeeping of whose
    /// turn it is stays bounded as it is taken.
    @Test func aFloodDelaysAnotherClientByOneJob() {
        let ran = Lock<[String]>([])
        var queue = WorkerQueue()
        for n in 1...1000 { queue.append(job("a\(n)", ran), of: Self.a) }
        queue.append(job("b", ran), of: Self.b)
        #expect(queue.next() != nil)
        queue.next()?.job(false)
        #expect(ran.withLock { $0 } == ["b"])
        var taken = 0
        while queue.next() != nil { taken += 1 }
        #expect(taken == 999 && queue.isEmpty)
    }

    /// Jobs without a client (nil: the server knows none) are one client among the others.
    @Test func jobsWithoutAClientShareOneTurn() {
        let ran = Lock<[String]>([])
        var queue = WorkerQueue()
        queue.append(job("n1", ran), of: nil)
        queue.append(job("n2", ran), of: nil)
        queue.append(job("a1", ran), of: Self.a)
        #expect(drained(&queue, ran) == ["n1", "a1", "n2"])
    }

    /// A job says whether its own client has more queued, not whether anyone has: a flood's answers may be held for
    /// the flood's next ones (`WorkerHandOff`), and another client's one miss among them is not.
    @Test func aJobKnowsWhetherItsOwnClientHasMoreQueued() {
        let ran = Lock<[String]>([])
        var queue = WorkerQueue()
        for n in 1...3 { queue.append(job("a\(n)", ran), of: Self.a) }
        queue.append(job("b1", ran), of: Self.b)
        var more: [Bool] = []
        while let next = queue.next() { more.append(next.clientHasMore) }
        // a1 (a2 behind it), b1 (alone), a2 (a3 behind it), a3 (the last).
        #expect(more == [true, false, true, false])
    }
}
