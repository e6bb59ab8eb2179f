import HTTPServer
import RingKit
import Testing

@testable import RingService

/// The images waiting for a worker as a plain value: each client's bound, and which request causes a render (the
/// one charged a token of the client's rate) and which only waits for it.
struct WaitingImagesTests {
    private static func address(_ text: String) -> ClientAddress { ClientNetwork.address(text[...])! }
    private static let a = address("192.0.2.1")
    private static let b = address("192.0.2.2")
    private static func key(_ value: Int) -> CacheKey {
        CacheKey(spec: "value=\(value)", format: .png, maxAge: 3600, varyAccept: false)
    }

    /// The first request for an image draws it; the same client's and another client's requests for it join that
    /// render, and once every one is released the next request draws again.
    @Test func onlyTheFirstRequestForAnImageDrawsIt() {
        var waiting = WaitingImages()
        #expect(waiting.take(Self.a, Self.key(1), bound: 4) == .draws)
        #expect(waiting.take(Self.a, Self.key(1), bound: 4) == .joins)
        #expect(waiting.take(Self.b, Self.key(1), bound: 4) == .joins)
        #expect(waiting.take(Self.b, Self.key(2), bound: 4) == .draws)
        waiting.release(Self.a, Self.key(1))
        waiting.release(Self.a, Self.key(1))
        #expect(waiting.take(Self.a, Self.key(1), bound: 4) == .joins)
        waiting.release(Self.a, Self.key(1))
        waiting.release(Self.b, Self.key(1))
        #expect(waiting.take(Self.a, Self.key(1), bound: 4) == .draws)
    }

    /// A client with `bound` distinct images waiting is refused another, never one it already has waiting, and a
    /// refusal neither takes a place nor counts as a render waiting for others; another client is not bound by it.
    @Test func aClientPastItsBoundIsRefusedOthersAreNot() {
        var waiting = WaitingImages()
        #expect(waiting.take(Self.a, Self.key(1), bound: 2) == .draws)
        #expect(waiting.take(Self.a, Self.key(2), bound: 2) == .draws)
        #expect(waiting.take(Self.a, Self.key(3), bound: 2) == .refused)
        #expect(waiting.take(Self.a, Self.key(2), bound: 2) == .joins)
        // Key 3 was refused, so the other client's request for it is the one that draws it.
        #expect(waiting.take(Self.b, Self.key(3), bound: 2) == .draws)
        waiting.release(Self.a, Self.key(1))
        #expect(waiting.take(Self.a, Self.key(4), bound: 2) == .draws)
    }

    /// Released places leave no client behind, so the table holds only clients with work waiting.
    @Test func releasedClientsLeaveTheTable() {
        var waiting = WaitingImages()
        _ = waiting.take(Self.a, Self.key(1), bound: 2)
        _ = waiting.take(Self.b, Self.key(1), bound: 2)
        #expect(waiting.clients == 2)
        waiting.release(Self.a, Self.key(1))
        waiting.release(Self.b, Self.key(1))
        #expect(waiting.clients == 0)
        #expect(waiting.take(Self.b, Self.key(1), bound: 2) == .draws)
    }
}
