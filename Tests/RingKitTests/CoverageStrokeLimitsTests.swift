import Foundation
import Testing

@testable import RingKit

/// Strokes whose pieces would overlap are not outlined (Cairo strokes them): coverage adds up, so an overlap would
/// count twice along the edges.
struct CoverageStrokeLimitsTests {
    @Test func strokesWhoseCapsMeetOrThatFoldOverTheCentreHaveNoOutline() {
        let center = CoveragePath.Point(x: 64, y: 64)
        func outline(_ sweep: Double, _ cap: RingSpec.Cap, radius: Double = 57.5, thickness: Double = 13) -> Bool {
            CoveragePath.stroke(
                center: center, radius: radius, thickness: thickness, from: 0, sweep: sweep, cap: cap) != nil
        }
        // Round caps reach asin(6.5 / 57.5) = 0.113 rad beyond each end.
        #expect(outline(2 * .pi - 0.23, .round))
        #expect(!outline(2 * .pi - 0.22, .round))
        // Square caps reach atan(6.5 / 51) = 0.127 rad (their inner corners).
        #expect(outline(2 * .pi - 0.26, .square))
        #expect(!outline(2 * .pi - 0.25, .square))
        #expect(outline(2 * .pi - 0.001, .butt))
        #expect(outline(1, .butt, radius: 6.5, thickness: 13))
        #expect(!outline(1, .butt, radius: 6.4, thickness: 13))
    }
}
