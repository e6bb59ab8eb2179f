import Foundation
import RingKit
import Testing

/// A thread keeps the lines of text it laid out (`TextLayout`) and draws the next label with the same text, weight,
/// size and spacing from them: every PNG must be byte for byte the one a thread that never drew text makes.
struct KeptLineTests {
    enum Image {
        case ring(String), badge(String), bar(String)

        func png() throws -> [UInt8] {
            switch self {
            case .ring(let query): try PNGRenderer.render(RingSpec.parse(query: query))
            case .badge(let query): try BadgeRenderer.png(BadgeSpec.parse(query: query))
            case .bar(let query): try BarRenderer.png(BarSpec.parse(query: query))
            }
        }
    }

    /// Labels drawn twice and more, between scales (another transformation: the context changes and every kept
    /// line must be laid out again), weights, sizes and kinds of image; the Chinese and Arabic labels mix scripts,
    /// whose runs the kept line must still hold on one baseline.
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

    /// The PNG of `image` drawn on a new thread, which has laid out nothing.
    static func fresh(_ image: Image) throws -> [UInt8] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<[UInt8], any Error> = .success([])
        let thread = Thread {
            result = Result { try image.png() }
            done.signal()
        }
        thread.start()
        done.wait()
        return try result.get()
    }

    @Test func labelsDrawnFromKeptLinesEqualFreshOnes() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var drawn: [Result<[UInt8], any Error>] = []
        let thread = Thread {
            for image in Self.images { drawn.append(Result { try image.png() }) }
            done.signal()
        }
        thread.start()
        done.wait()
        for (index, png) in drawn.enumerated() {
            #expect(try png.get() == Self.fresh(Self.images[index]), "\(Self.images[index])")
        }
    }
}
