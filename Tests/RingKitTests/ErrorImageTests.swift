import Foundation
import TestSupport
import Testing

@testable import RingKit

struct ErrorImageTests {
    static let messages = [
        "size: 5000 is out of range 16…1024", "color: \"</text><script>alert(1)</script>\" is not a color",
        "label: a\r\nb\u{0}c is too long", String(repeating: "verylongwordwithoutspaces", count: 40),
        String(repeating: "many words here ", count: 400), "",
    ]

    @Test(arguments: messages, [16, 128, 300, 5000])
    func svgStatesTheProblemSafelyAndReadably(_ message: String, _ size: Int) throws {
        let svg = ErrorImage.svg(message: message, size: size)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let root = try #require(document.first("svg"))
        let width = try #require(Int(root.attributes["width"] ?? ""))
        let height = try #require(Int(root.attributes["height"] ?? ""))
        // The requested square, whatever fits in it.
        let side = min(max(size, 16), 1024)
        #expect(width == side && height == side)
        #expect(root.attributes["role"] == "img")
        let shown = document.all("tspan").map(\.text).joined(separator: " ")
        if message.utf8.count < 200 && !shown.hasSuffix("…") {
            // The whole sentence is shown, over as many lines as it takes (controls become spaces).
            let words = message.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" })
            let shownWords = shown.split(whereSeparator: { $0.isWhitespace })
            #expect(words.joined() == shownWords.joined() || message.isEmpty)
        } else if message.utf8.count >= 200 {
            // Shown whole where the image holds it, else its beginning, ending in an ellipsis.
            let words = shown.split(whereSeparator: { $0.isWhitespace }).joined()
            #expect(shown.hasSuffix("…") || words == message.split(whereSeparator: { $0.isWhitespace }).joined())
        }
        #expect(root.attributes["aria-label"]?.hasPrefix("Error: ") == true)
    }

    @Test func pngHasTheSameSizeAndShowsTextOnTheErrorBackground() throws {
        let message = "size: 5000 is out of range 16…1024"
        for scale in [1, 2] {
            let png = try ErrorImage.png(message: message, size: 64, scale: scale)
            let image = try #require(DecodedPNG(png))
            let svg = try #require(SVGDocument(ErrorImage.svg(message: message, size: 64))?.first("svg"))
            #expect(image.width == Int(svg.attributes["width"] ?? "")! * scale)
            #expect(image.height == Int(svg.attributes["height"] ?? "")! * scale)
            // Opaque pale background, a red border, and dark red text somewhere in the middle.
            #expect(image[image.width / 2, 1 * scale + 1].isClose(to: RGBAColor(0xfe, 0xf2, 0xf2)))
            #expect(image[0, image.height / 2].alpha > 0)
            var ink = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].isClose(to: RGBAColor(0x99, 0x1b, 0x1b), tolerance: 40) {
                    ink += 1
                }
            }
            #expect(ink > 50 * scale * scale)
        }
    }

    @Test func svgAndPNGAgreeThroughRsvg() throws {
        let message = "thickness: 90 is out of range 1…64"
        let ours = try #require(DecodedPNG(try ErrorImage.png(message: message, size: 128, scale: 1)))
        let theirs = try #require(DecodedPNG(try RSVG.render(ErrorImage.svg(message: message, size: 128))))
        #expect(ours.width == theirs.width && ours.height == theirs.height)
        // Same background and border everywhere outside the text lines.
        var differing = 0
        for y in 0..<ours.height where y < 40 || y > 88 {
            for x in 0..<ours.width where ours[x, y].distance(to: theirs[x, y]) > 8 { differing += 1 }
        }
        #expect(differing == 0)
    }
}

/// Error images obey the limits every image obeys, and wrap their sentence where a reader expects.
struct ErrorImageLimitsTests {
    static let long =
        "thresholds: \"80:green,50:red\" must be ascending: 50 follows 80 (accepted: up to 8 percent:color pairs "
        + "such as 50:orange,80:green)"

    /// Every requested size and scale: the PNG's sides × scale stay within 2048 px, for rings and badges.
    @Test(arguments: [Drawing.Kind.ring, .badge])
    func errorImagesStayWithinThePixelLimitAtEveryScale(kind: Drawing.Kind) throws {
        for size in [16, 128, 512, 1024] {
            for scale in 1...4 {
                let request = Drawing.Request(kind: kind, query: "size=\(size)&scale=\(scale)")
                let refusal = RefusalImage(message: Self.long, for: request, format: .png)
                let png = try #require(DecodedPNG(try refusal.render(.png)))
                #expect(png.width <= 2048 && png.height <= 2048, "\(kind) size \(size) scale \(scale)")
                #expect(refusal.scale >= 1 && refusal.scale <= scale)
            }
        }
        // What asked for more than the limit draws at the largest scale that fits, not at 1.
        let badge = RefusalImage(
            message: Self.long, for: Drawing.Request(kind: .badge, query: "scale=4"), format: .png)
        #expect(badge.scale == 2048 / BadgeRenderer.errorLayout(message: Self.long).width)
    }

    @Test func longMessagesBreakAfterSpacesAndPunctuationNeverInsideAWord() {
        let lines = ErrorImage.Layout.wrap(Self.long, maxWidth: 110, fontSize: 11)
        #expect(lines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").count > 0)
        for line in lines {
            // Every line ends where a word or a query piece ends: the next line never continues a word.
            #expect(!line.hasSuffix("gr") && !line.hasPrefix("een"), "\(lines)")
        }
        let words = Set(Self.long.split(whereSeparator: { " ,:/&=)]}-(".contains($0) }).map(String.init))
        let drawn = Set(
            lines.joined(separator: " ").split(whereSeparator: { " ,:/&=)]}-(".contains($0) }).map(String.init))
        #expect(drawn == words, "\(lines)")
    }

    @Test func aWordWiderThanALineIsCutAndTooManyLinesEndWithAnEllipsis() {
        let word = String(repeating: "w", count: 60)
        let lines = ErrorImage.Layout.wrap(word, maxWidth: 100, fontSize: 11)
        #expect(lines.count > 1 && lines.joined() == word)
        let many = ErrorImage.Layout.wrap(
            String(repeating: "word ", count: 400), maxWidth: 100, fontSize: 11)
        #expect(many.count == ErrorImage.Layout.maxLines && many.last?.hasSuffix("…") == true)
    }
}
