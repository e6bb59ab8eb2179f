import TestSupport
import Testing

@testable import RingKit

/// The badge drawn in place of one whose URL is refused: the message, inert and short, in SVG and PNG.
struct BadgeErrorTests {
    @Test func errorBadgeStatesTheProblemWhereABadgeWasExpected() throws {
        let message = "style: \"popout\" is not one of flat, flat-square, plastic, for-the-badge, social"
        let svg = BadgeRenderer.errorSVG(message: message)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        #expect(document.first("svg")?.attributes["height"] == "20")
        #expect(document.first("title")?.text == "error: " + message)
        #expect(document.all("text").map(\.text) == ["error", "error", message, message])
        #expect(document.first("circle") == nil)
        #expect(document.all("path").compactMap { $0.attributes["fill"] }.prefix(2) == ["#555555", "#e05d44"])

        let layout = BadgeRenderer.errorLayout(message: message)
        let image = try #require(DecodedPNG(try BadgeRenderer.errorPNG(message: message, scale: 1)))
        #expect(image.width == layout.width && image.height == 20)
        let red = RGBAColor(0xe0, 0x5d, 0x44)
        #expect(
            image.pixel(Double(layout.width) - 3.5, 2.5).isClose(
                to: blend(red, RGBAColor(164, 164, 164), 0.1), tolerance: 3))
    }

    @Test(arguments: SVGRendererTests.hostile)
    func errorBadgeKeepsAnyMessageInertAndShort(_ message: String) throws {
        let svg = BadgeRenderer.errorSVG(message: message)
        expectNoActiveContent(svg)
        let layout = BadgeRenderer.errorLayout(message: message)
        #expect(layout.value.text.unicodeScalars.count <= 140)
        #expect(layout.width < 2048)
        #expect(DecodedPNG(try BadgeRenderer.errorPNG(message: message, scale: 4)) != nil)
    }

    /// A refused badge comes back in the style it asked for, at that style's height, so it sits level with the badges
    /// beside it; a refused or missing style gives the flat one.
    @Test(arguments: [
        ("style=for-the-badge&value=abc", 28), ("style=plastic&value=abc", 18), ("style=social&value=abc", 20),
        ("style=flat-square&value=abc", 20), ("style=popout&value=5", 20), ("value=abc", 20),
    ])
    func refusedBadgeIsDrawnInTheRequestedStyle(_ query: String, height: Int) throws {
        let message = "value: \"abc\" is not a number"
        let refusal = RefusalImage(
            message: message, for: Drawing.Request(kind: .badge, query: Substring(query)), format: .png)
        let document = try #require(SVGDocument(try refusal.render(.svg)))
        #expect(document.first("svg")?.attributes["height"] == String(height), "\(query)")
        let image = try #require(DecodedPNG(try refusal.render(.png)))
        #expect(image.height == height, "\(query)")
        if query.hasPrefix("style=for-the-badge") {
            #expect(document.all("text").contains { $0.text == "ERROR" })
        }
    }
}
