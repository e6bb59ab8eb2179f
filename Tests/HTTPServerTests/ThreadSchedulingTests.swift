import CSystem
import Testing

/// The scheduling calls the loops and their workers make on their own threads.
struct ThreadSchedulingTests {
    @Test func askingForAShortSliceKeepsTheThreadsNiceValue() async throws {
        // On a thread of its own: a lowered nice cannot be raised again, and must not reach the test pool.
        let (lowered, withShortSlice, withDefaultSlice) = try await onOwnThread { () -> (Int32, Int32, Int32) in
            _ = pr_lower_thread_priority()
            let lowered = currentThreadNice()
            _ = pr_set_thread_slice(100_000)
            let withShortSlice = currentThreadNice()
            _ = pr_set_thread_slice(0)
            return (lowered, withShortSlice, currentThreadNice())
        }
        #expect(lowered >= 10)
        #expect(withShortSlice == lowered)
        #expect(withDefaultSlice == lowered)
    }
}
