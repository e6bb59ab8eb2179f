import Foundation
import Testing

@testable import RingKit

/// A thread keeps the coverage of the rings it drew twice (`RingMasks`) and lays the whole quarters a progress arc
/// covers from it, drawing only the ends: the PNG must be byte for byte the one a thread that never drew anything
/// makes, whatever the ends, caps, direction, arc and size.
struct RingMaskTests {
    static let looks = [
        "size=128", "size=96&cap=butt", "size=96&cap=square", "size=96&direction=ccw", "size=96&arc=270",
        "size=96&arc=180&start=90", "size=96&start=45", "size=96&thickness=40", "size=96&thickness=2",
        "size=96&thickness=48", "size=96&direction=ccw&start=30", "size=96&cap=square&start=10",
        "size=96&cap=butt&start=200&direction=ccw", "size=64&scale=3", "size=48&scale=2",
        "size=128&label=none&track=none", "size=96&value=V,60,90", "size=96&color=%2300ff0080",
        "size=96&background=white&cap=butt&direction=ccw", "size=256&thickness=30",
    ]
    /// Looks the quarters never serve, drawn among the others all the same: an odd size (the centre in the middle
    /// of a pixel) and a gradient (its pieces are filled apart).
    static let unserved = ["size=97", "size=96&gradient=red"]
    /// Ends on and beside every quarter turn (within a billionth of one, too), and nearly whole turns (whose caps
    /// meet: Cairo draws those).
    static let values = [
        "0", "0.4", "3", "12.5", "24.99", "24.9999999999", "25", "25.0000000001", "25.01", "37", "49.9", "50", "50.1",
        "62.5", "74.99", "75", "75.01", "88", "96", "99", "99.9", "100",
    ]

    @Test func strokesLaidFromAKeptRingEqualFreshOnes() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var drawn: [(String, Result<[UInt8], any Error>)] = []
        nonisolated(unsafe) var laid: [String: Int] = [:]
        // One thread draws each look at every value in turn: from the second draw on it keeps the ring's coverage
        // and lays whole quarters from it.
        let thread = Thread {
            for look in Self.looks + Self.unserved {
                let before = RingMasks.perThread.value.found
                defer { laid[look] = RingMasks.perThread.value.found - before }
                for value in Self.values {
                    // `V` stands for the value in a look of several rings.
                    let query =
                        look.contains("V") ? look.replacingOccurrences(of: "V", with: value) : look + "&value=" + value
                    drawn.append((query, Result { try PNGRenderer.render(RingSpec.parse(query: query)) }))
                }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        for look in Self.looks {
            #expect(laid[look, default: 0] > 0, "no quarter of \(look) was laid from a kept ring")
        }
        for look in Self.unserved { #expect(laid[look] == 0, "\(look)") }
        for (query, png) in drawn {
            #expect(try png.get() == BaseLayerTests.fresh(query), "\(query)")
        }
    }
}
