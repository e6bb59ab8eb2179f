import RingKit
import TestSupport
import Testing

/// A thread keeps the lines of text it laid out (`TextLayout`) and draws the next label with the same text, weight,
/// size and spacing from them: every PNG must be byte for byte the one a thread that never drew text makes.
struct KeptLineTests {
    enum Image: Sendable {
        case ring(String), badge(String), bar(String)

        func png() throws -> [UInt8] {
            switch self {
            case .ring(let query): try PNGRenderer.render(RingSpec.parse(query: query))
            case .badge(let query): try BadgeRenderer.png(BadgeSpec.parse(query: query))
            case .bar(let query): try BarRenderer.png(BarSpec.parse(query: query))
            }
        }
    }

    /// Labels drawn twice and more, between scales, weights, sizes and kinds of image (a key that left one of them
    /// out would draw a line laid out for another); the Chinese and Arabic labels mix scripts, whose runs the kept
    /// line must still hold on one baseline. (Whether a change of scale lays a kept line out again is not seen
    /// here: with unhinted metrics, Pango lays it out the same.)
    static let images: [Image] = [
        .ring("value=72"), .ring("value=72&label=覆盖率%2072%25"), .ring("size=64&scale=2&value=72"),
        .ring("value=72"), .ring("value=72&label=覆盖率%2072%25"), .ring("value=72&fontWeight=bold"),
        .badge("label=coverage&value=72"), .ring("size=64&value=72"), .ring("value=72&label=تقدم%2072%25"),
        .bar("width=200&height=20&value=72&label=72%25"), .ring("value=72&label=覆盖率%2072%25&scale=3&size=48"),
        .ring("value=72&label=覆盖率%2072%25"), .badge("label=coverage&value=72&scale=2"),
        .badge("label=coverage&value=72"), .bar("width=200&height=20&value=72&label=72%25"), .ring("value=72"),
        .ring("value=72&label=" + String(repeating: "long%20", count: 8)),
        .ring("value=72&label=" + String(repeating: "long%20", count: 8)),
    ]

    @Test func labelsDrawnFromKeptLinesEqualFreshOnes() async throws {
        // One thread draws them all in turn; each is compared with the PNG of a new thread, which has laid out
        // nothing.
        let drawn = try await onOwnThread { try Self.images.map { try $0.png() } }
        for (image, png) in zip(Self.images, drawn) {
            #expect(try await onOwnThread { try image.png() } == png, "\(image)")
        }
    }
}
