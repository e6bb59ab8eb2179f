import Foundation
import RingKit
import Testing

/// A thread keeps the background and track of the rings and bars it drew (`BaseLayers`) and starts the next one of the
/// same look from a copy: the PNG must be byte for byte the one a thread that never drew anything makes.
struct BaseLayerTests {
    /// Rings that share a size but differ in one thing each that the kept layer depends on (or, for the progress
    /// color, that it must not keep), drawn one after the other on one thread.
    static let looks = [
        "size=96", "size=96&track=red", "size=96&track=%230000ff80", "size=96&background=white",
        "size=96&background=%23102030&track=white", "size=96&thickness=20", "size=96&gap=90", "size=96&cap=butt",
        "size=96&start=45", "size=96&color=orange", "size=96&theme=dark", "size=48&scale=2", "size=97",
        "size=96&track=none&background=white",
    ]

    /// Bars that differ in one thing each that the kept layer depends on (or must not keep).
    static let barLooks = [
        "width=200&height=20", "width=200&height=20&track=red", "width=200&height=20&background=white",
        "width=200&height=20&radius=0", "width=200&height=20&radius=3", "width=201&height=20", "width=200&height=21",
        "width=200&height=20&scale=2", "width=200&height=20&color=orange", "width=200&height=20&label=none",
        "width=200&height=20&track=none&background=%23102030",
        "width=200&height=20&theme=dark", "width=150&height=20&label=done {value} of {max}",
    ]

    static func ring(_ query: String) throws -> [UInt8] { try PNGRenderer.render(RingSpec.parse(query: query)) }
    static func bar(_ query: String) throws -> [UInt8] { try BarRenderer.png(BarSpec.parse(query: query)) }

    /// The PNG of `query` drawn by `draw` on a new thread, whose kept layers are empty.
    static func fresh(_ query: String, _ draw: @escaping @Sendable (String) throws -> [UInt8] = ring) throws -> [UInt8]
    {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<[UInt8], any Error> = .success([])
        let thread = Thread {
            result = Result { try draw(query) }
            done.signal()
        }
        thread.start()
        done.wait()
        return try result.get()
    }

    @Test func ringsDrawnFromAKeptLayerEqualFreshOnes() throws {
        try expectKeptEqualFresh(Self.looks, Self.ring)
    }

    @Test func barsDrawnFromAKeptLayerEqualFreshOnes() throws {
        try expectKeptEqualFresh(Self.barLooks, Self.bar)
    }

    func expectKeptEqualFresh(_ looks: [String], _ draw: @escaping @Sendable (String) throws -> [UInt8]) throws {
        let values = ["value=0", "value=35", "value=80", "value=100"]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var drawn: [(String, Result<[UInt8], any Error>)] = []
        // One thread draws each look at every value in turn: the second draw keeps the layer and the later ones
        // copy it, and the first draw of the next look would copy the one before it if their keys were mistaken
        // for each other.
        let thread = Thread {
            for look in looks {
                for value in values {
                    let query = look + "&" + value
                    drawn.append((query, Result { try draw(query) }))
                }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        for (query, png) in drawn {
            #expect(try png.get() == Self.fresh(query, draw), "\(query)")
        }
    }
}
