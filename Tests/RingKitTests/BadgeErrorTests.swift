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
}
