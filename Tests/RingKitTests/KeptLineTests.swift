import TestSupport
import Testing

@testable import RingKit

/// A thread keeps the lines of text it laid out (`TextLayout`) and draws the next label with the same text, weight,
/// size and spacing from them: every PNG must be byte for byte the one a thread that never drew text makes.
struct KeptLineTests {
    enum Image: Sendable, CustomStringConvertible {
        case ring(String), badge(String), bar(String)

        var description: String {
            switch self {
            case .ring(let query): "ring \(query)"
            case .badge(let query): "badge \(query)"
            case .bar(let query): "bar \(query)"
            }
        }

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

    /// After a flood of other texts, the labels a thread draws again stay kept: the least recently used line makes
    /// room, not whichever comes first in the table (which could be one in use, laid out again on every pass).
    @Test func theLinesInUseStayKeptThroughAFloodOfOthers() async throws {
        let again = try await onOwnThread {
            for n in 0..<1000 { _ = TextLayout.width(of: "flood \(n)", bold: false, size: 11) }
            let labels = (0..<100).map { "\($0)%" }
            for label in labels { _ = TextLayout.width(of: label, bold: true, size: 28) }
            let before = TextLayout.workDoneOnThisThread.layouts
            for _ in 0..<3 {
                for label in labels { _ = TextLayout.width(of: label, bold: true, size: 28) }
            }
            return TextLayout.workDoneOnThisThread.layouts - before
        }
        #expect(again == 0)
    }

    /// The lines laid out and masks made when a thread draws `images` the second time, after once.
    static func secondPassWork(_ images: [Image]) async throws -> (layouts: Int, masks: Int) {
        try await onOwnThread {
            for image in images { _ = try image.png() }
            let before = TextLayout.workDoneOnThisThread
            for image in images { _ = try image.png() }
            let after = TextLayout.workDoneOnThisThread
            return (after.layouts - before.layouts, after.masks - before.masks)
        }
    }

    /// The hundred percentages of rings at three sizes (a dashboard, or `make bench`'s mixed row) are laid out and
    /// masked once, then drawn from what the thread kept.
    @Test func ringsOfThreeSizesDrawTheirLabelsFromKeptLinesAndMasks() async throws {
        let work = try await Self.secondPassWork(
            [64, 128, 256].flatMap { size in (0..<100).map { Image.ring("size=\(size)&value=\($0)") } })
        #expect(work.layouts == 0 && work.masks == 0)
    }

    /// Images at scale 1 and 2 in turn each draw from the lines of their own transformation: a change of scale
    /// leaves the other scale's lines kept.
    @Test func imagesAtTwoScalesInTurnKeepTheLinesOfBoth() async throws {
        let work = try await Self.secondPassWork(
            (0..<20).flatMap { value in [1, 2].map { Image.bar("scale=\($0)&value=\(value)") } })
        #expect(work.layouts == 0 && work.masks == 0)
    }
}

/// A line drawn from its mask (`LineMask`) has the pixels Pango and Cairo give it, but where Cairo lays two
/// overlapping glyphs over the image one after the other and the mask lays their sum once: there the rounding may
/// differ by a level of premultiplied color.
struct LineMaskTests {
    static let images: [KeptLineTests.Image] = [
        .ring("value=72"), .ring("size=64&value=62&label=coverage"), .ring("size=48&value=77&label=Tests%2042%2F50"),
        .ring("size=64&scale=3&value=44"), .ring("value=9&fontWeight=bold&color=red"), .ring("value=50&theme=dark"),
        .badge("label=coverage&value=72"), .badge("label=build&value=98&scale=2"),
        .bar("width=200&height=20&value=72&label=72%25"), .bar("width=300&height=40&value=30&label=AVA%20Wave"),
    ]

    /// Premultiplied channels, where a level of rounding stays a level.
    static func premultiplied(_ p: Pixel) -> [Int] {
        [p.red, p.green, p.blue].map { (Int($0) * Int(p.alpha) + 127) / 255 } + [Int(p.alpha)]
    }

    @Test(arguments: images)
    func aMaskDrawsWhatPangoDraws(image: KeptLineTests.Image) async throws {
        let (pango, masked) = try await onOwnThread {
            let pango = try TextLayout.withoutMasks { try image.png() }
            // Twice: the first draw makes the mask, the second draws from it.
            _ = try image.png()
            return (pango, try image.png())
        }
        let a = try #require(DecodedPNG(pango))
        let b = try #require(DecodedPNG(masked))
        #expect(a.width == b.width && a.height == b.height)
        var differing = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            differing += 1
            let worst = zip(Self.premultiplied(p), Self.premultiplied(q)).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= 2, "\(image): \(p) drawn from a mask as \(q)")
        }
        #expect(differing * 1000 <= a.pixels.count, "\(image): \(differing) pixels differ")
    }
}
