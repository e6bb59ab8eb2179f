import CSystem
import TestSupport
import Testing

/// The scheduling calls the loops and their workers make on their own threads.
struct ThreadSchedulingTests {
    @Test func askingForAShortSliceKeepsTheThreadsNiceValue() async throws {
        // On a thread of its own: a lowered nice cannot be raised again, and must not reach the test pool.
        let (lowered, results, withShortSlice, withDefaultSlice) = try await onOwnThread {
            () -> (Int32, [Int32], Int32, Int32) in
            _ = pr_lower_thread_priority()
            let lowered = currentThreadNice()
            let short = pr_set_thread_slice(100_000)
            let withShortSlice = currentThreadNice()
            let back = pr_set_thread_slice(0)
            return (lowered, [short, back], withShortSlice, currentThreadNice())
        }
        #expect(lowered >= 10)
        // Unprivileged, asking for a lower nice than the thread's own fails: the slice would never apply.
        #expect(results == [0, 0])
        #expect(withShortSlice == lowered)
        #expect(withDefaultSlice == lowered)
    }
}
