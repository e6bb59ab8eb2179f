import Testing

@testable import RingService

/// The memo of worked-out request targets stays within its bytes: a replaced entry gives its bytes back, and a full
/// memo starts over rather than grow.
struct TargetMemoTests {
    struct Entry: TargetMemoEntry {
        let text: String
        func cost(for target: String) -> Int { target.utf8.count + text.utf8.count }
    }

    @Test func replacingAnEntryGivesItsBytesBack() {
        let memo = TargetMemo<Entry>(maxBytes: 1000)
        memo.remember(Entry(text: String(repeating: "a", count: 100)), for: "/t")
        memo.remember(Entry(text: "b"), for: "/t")
        #expect(memo.count == 1)
        #expect(memo.bytes == 3)
        #expect(memo.entry("/t")?.text == "b")
        #expect(memo.entry("/other") == nil)
    }

    @Test func aFullMemoStartsOverWithinItsBound() {
        let memo = TargetMemo<Entry>(maxBytes: 1000)
        for index in 0..<500 {
            memo.remember(Entry(text: String(repeating: "x", count: 90)), for: "/\(index)")
            #expect(memo.bytes <= 1000)
        }
        // 10 entries of 92 or 93 bytes fit; the 499th is among the few held after the last start.
        #expect(memo.count <= 10)
        #expect(memo.entry("/499") != nil)
        #expect(memo.entry("/0") == nil)
    }
}
