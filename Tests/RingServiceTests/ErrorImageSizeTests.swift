import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import RingKit
@testable import RingService

/// An error image takes the place of the image asked for: it keeps that image's width and height wherever one
/// legible line fits, the sentence ellipsized (whole in `X-Error`), and grows only where nothing legible fits.
struct ErrorImageSizeTests {
    let service = makeService()

    /// The SVG's width and height attributes and its lines of text (the error image's markup is ours: one `<svg>`
    /// with both attributes, one `<tspan>` per line).
    static func svg(_ response: HTTPResponse) throws -> (width: Int, height: Int, lines: [String]) {
        let text = response.text
        func attribute(_ name: String) throws -> Int {
            let head = try #require(text.range(of: "<svg ").map { text[$0.upperBound...] })
            let start = try #require(head.range(of: " \(name)=\"")).upperBound
            return try #require(Int(head[start...].prefix { $0 != "\"" }))
        }
        var lines: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<tspan") {
            let body = rest[open.upperBound...].drop { $0 != ">" }.dropFirst()
            let line = body.prefix { $0 != "<" }
            var decoded = String(line)
            for (entity, character) in [
                ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&#40;", "("), ("&#41;", ")"),
                ("&#64;", "@"),
                ("&#61;", "="), ("&amp;", "&"),
            ] {
                decoded = decoded.replacingOccurrences(of: entity, with: character)
            }
            lines.append(decoded)
            rest = body[line.endIndex...]
        }
        return (try attribute("width"), try attribute("height"), lines)
    }

    /// Requests refused for a parameter other than their size, and the size each image has.
    static let sized: [(target: String, width: Int, height: Int)] = [
        ("/ring.svg?url=nosuch", 128, 128),
        ("/ring.svg?size=64&color=nope", 64, 64),
        ("/ring.svg?size=40&arc=999", 40, 40),
        ("/ring.svg?size=512&thresholds=80:green,50:red", 512, 512),
        ("/bar.svg?width=300&height=20&color=nope", 300, 20),
        ("/bar.svg?color=nope", 200, 20),
        ("/bar.svg?width=120&height=12&radius=99", 120, 12),
        ("/bar.svg?width=1000&height=128&url=nosuch", 1000, 128),
    ]

    @Test(arguments: sized)
    func anErrorSVGKeepsTheRequestedSizeAndEllipsizesItsSentence(target: String, width: Int, height: Int) throws {
        let response = service.get(target)
        #expect(response.status == .badRequest)
        // The header writes the sentence in ASCII (`...` for `…`); the image keeps the real characters.
        let message = try #require(response.header("X-Error")).replacingOccurrences(of: "...", with: "…")
        let image = try Self.svg(response)
        #expect(image.width == width && image.height == height, "\(target): \(image.width)×\(image.height)")
        // The whole sentence, or a shorter form of it whole (without what is accepted, then without the value), or
        // the shortest form's beginning ending in "…": the parameter is always named.
        let shown = image.lines.joined(separator: " ")
        let parameter = String(message[...message.firstIndex(of: ":")!])
        #expect(shown.hasPrefix(parameter), "\(target): \(image.lines)")
        let forms = ErrorImage.Layout.forms(of: message)
        if shown.hasSuffix("…") {
            let words = shown.dropLast().split(separator: " ")
            let shortest = forms[forms.count - 1].split(separator: " ")
            #expect(shortest.starts(with: words.dropLast()), "\(target): \(image.lines)")
        } else {
            let words = shown.split(separator: " ")
            #expect(forms.contains { $0.split(separator: " ") == words }, "\(target): \(image.lines)")
        }
    }

    /// A card of one line (a sparkline's 120 × 24, a 20 px bar) says what is wrong, not the start of the value
    /// given: `points: not a number`, where it read `points: "abc" is…`; with room for it, the value too.
    @Test(arguments: [
        ("/spark.svg?points=abc", "points: not a number"),
        ("/spark.svg?points=1,2,3&color=nope", "color: not a color"),
        ("/bar.svg?value=5&width=200&height=16&radius=99", "radius: 99 is out of range 0…8"),
    ])
    func aOneLineCardKeepsTheReason(target: String, shown: String) throws {
        let image = try Self.svg(service.get(target))
        #expect(image.lines == [shown], "\(target)")
    }

    @Test func shorterFormsDropWhatIsAcceptedThenTheValue() {
        #expect(
            ErrorImage.Layout.forms(of: "color: \"nope\" is not a color (accepted: hex #rgb, rgb() or hsl())") == [
                "color: \"nope\" is not a color (accepted: hex #rgb, rgb() or hsl())", "color: \"nope\" is not a color",
                "color: not a color",
            ])
        #expect(
            ErrorImage.Layout.forms(of: "size: 5000 is out of range 16…1024") == [
                "size: 5000 is out of range 16…1024", "size: out of range 16…1024",
            ])
        #expect(ErrorImage.Layout.forms(of: "value: given twice") == ["value: given twice"])
    }

    @Test(arguments: sized)
    func anErrorPNGKeepsTheRequestedSizeAtEveryScale(target: String, width: Int, height: Int) throws {
        for scale in [1, 2] {
            let png = target.replacingOccurrences(of: ".svg?", with: ".png?") + "&scale=\(scale)"
            let response = service.get(png)
            #expect(response.status == .badRequest && response.header("Content-Type") == "image/png")
            let image = try #require(DecodedPNG(response.body))
            #expect(image.width == width * scale && image.height == height * scale, "\(png)")
            // Text is drawn: some pixels of the ink color.
            var ink = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].isClose(to: Pixel(0x99, 0x1b, 0x1b), tolerance: 40) {
                    ink += 1
                }
            }
            #expect(ink > 10 * scale * scale, "\(png)")
        }
    }

    /// A badge's error is a badge: the height of every badge, whatever the message.
    @Test func aBadgesErrorIsABadgeOfTheBadgesHeight() throws {
        let svg = service.get("/badge.svg?label=coverage&value=nope")
        #expect(try Self.svg(svg).height == BadgeLayout.height)
        let png = try #require(DecodedPNG(service.get("/badge.png?label=coverage&value=nope&scale=2").body))
        #expect(png.height == BadgeLayout.height * 2)
    }

    /// Where not even the parameter's name fits at a legible size (rings of 16 to 64 px), the card keeps the size
    /// asked for, so a page's layout never moves: the sentence's start at 6 px, cut, and the whole in `X-Error`.
    @Test(arguments: [16, 24, 32, 48, 64])
    func anImageTooSmallForOneLegibleLineKeepsItsSize(size: Int) throws {
        let answer = service.get("/ring.svg?size=\(size)&color=nope")
        let image = try Self.svg(answer)
        #expect(image.width == size && image.height == size)
        #expect(answer.header("X-Error")?.hasPrefix("color: \"nope\" is not a color") == true)
        let png = try #require(DecodedPNG(service.get("/ring.png?size=\(size)&color=nope&scale=2").body))
        #expect(png.width == 2 * size && png.height == 2 * size)
    }

    /// Every ring size 16–1024 and a spread of bar boxes: the error image is the size asked for.
    @Test func everyRingSizeAndBarBoxKeepsItsSize() throws {
        for size in 16...1024 {
            let image = try Self.svg(service.get("/ring.svg?size=\(size)&color=nope"))
            #expect(image.width == size && image.height == size, "\(size)")
        }
        for (width, height) in [(16, 4), (16, 128), (100, 8), (200, 20), (1024, 4), (1024, 128)] {
            let answer = service.get("/bar.svg?width=\(width)&height=\(height)&color=nope")
            let image = try Self.svg(answer)
            #expect(image.width == width && image.height == height, "\(width)×\(height)")
        }
    }
}
