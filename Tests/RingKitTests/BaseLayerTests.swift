import Foundation
import RingKit
import Testing

/// A thread keeps the background and track of the rings it drew (`BaseLayers`) and starts the next ring of the same
/// look from a copy: the PNG must be byte for byte the one a thread that never drew anything makes.
struct BaseLayerTests {
    /// Rings that share a size but differ in one thing each that the kept layer depends on (or, for the progress
    /// color, that it must not keep), drawn one after the other on one thread.
    static let looks = [
        "size=96", "size=96&track=red", "size=96&track=%230000ff80", "size=96&background=white",
        "size=96&background=%23102030&track=white", "size=96&thickness=20", "size=96&gap=90", "size=96&cap=butt",
        "size=96&start=45", "size=96&color=orange", "size=96&theme=dark", "size=48&scale=2", "size=97",
        "size=96&track=none&background=white", "size=96&values=30,60",
    ]

    /// The PNG of `query` drawn on a new thread, whose kept layers are empty.
    static func fresh(_ query: String) throws -> [UInt8] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<[UInt8], any Error> = .success([])
        let thread = Thread {
            result = Result { try PNGRenderer.render(RingSpec.parse(query: query)) }
            done.signal()
        }
        thread.start()
        done.wait()
        return try result.get()
    }

    @Test func ringsDrawnFromAKeptLayerEqualFreshOnes() throws {
        let values = ["value=0", "value=35", "value=80", "value=100"]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var drawn: [(String, Result<[UInt8], any Error>)] = []
        // One thread draws each look at every value in turn: the second draw keeps the layer and the later ones
        // copy it, and the first draw of the next look would copy the one before it if their keys were mistaken
        // for each other.
        let thread = Thread {
            for look in Self.looks {
                for value in values {
                    let query = look + "&" + value
                    drawn.append((query, Result { try PNGRenderer.render(RingSpec.parse(query: query)) }))
                }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        for (query, png) in drawn {
            #expect(try png.get() == Self.fresh(query), "\(query)")
        }
    }
}
