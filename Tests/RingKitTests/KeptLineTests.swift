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
            let before = TextLayout.layoutsMadeOnThisThread
            for _ in 0..<3 {
                for label in labels { _ = TextLayout.width(of: label, bold: true, size: 28) }
            }
            return TextLayout.layoutsMadeOnThisThread - before
        }
        #expect(again == 0)
    }

    /// The lines laid out when a thread draws `images` the second time, after once.
    static func secondPassLayouts(_ images: [Image]) async throws -> Int {
        try await onOwnThread {
            for image in images { _ = try image.png() }
            let before = TextLayout.layoutsMadeOnThisThread
            for image in images { _ = try image.png() }
            return TextLayout.layoutsMadeOnThisThread - before
        }
    }

    /// The hundred percentages of rings at three sizes (a dashboard, or `make bench`'s mixed row) are laid out
    /// once, then drawn from what the thread kept.
    @Test func ringsOfThreeSizesDrawTheirLabelsFromKeptLines() async throws {
        let layouts = try await Self.secondPassLayouts(
            [64, 128, 256].flatMap { size in (0..<100).map { Image.ring("size=\(size)&value=\($0)") } })
        #expect(layouts == 0)
    }

    /// Images at scale 1 and 2 in turn each draw from the lines of their own transformation: a change of scale
    /// leaves the other scale's lines kept.
    @Test func imagesAtTwoScalesInTurnKeepTheLinesOfBoth() async throws {
        let layouts = try await Self.secondPassLayouts(
            (0..<20).flatMap { value in [1, 2].map { Image.bar("scale=\($0)&value=\(value)") } })
        #expect(layouts == 0)
    }

    /// A thread that draws labels of more sizes than it keeps fonts for forgets them (and Pango's caches) and keeps
    /// at most `PangoState.keptFontSizes`; every label it draws, before, across and after each time it forgets, and a
    /// label it had kept drawn again after, is the one a thread that never drew text makes.
    @Test func aFloodOfLabelSizesIsForgottenAndDrawsTheSameLabels() async throws {
        let sizes = PangoState.keptFontSizes * 2 + 8
        let flood = (0..<sizes).map { Image.ring("size=256&value=72&fontSize=\(8 + Double($0) / 2)") }
        let images = [Image.ring("value=72"), .badge("label=coverage&value=72")] + flood + [.ring("value=72")]
        let (drawn, forgotten, kept) = try await onOwnThread {
            let pngs = try images.map { try $0.png() }
            return (pngs, TextLayout.fontsForgottenOnThisThread, TextLayout.fontSizesKeptOnThisThread)
        }
        #expect(forgotten >= 2)
        #expect(kept <= PangoState.keptFontSizes)
        for (image, png) in zip(images, drawn) {
            #expect(try await onOwnThread { try image.png() } == png, "\(image)")
        }
    }
}
