import TestSupport
import Testing

@testable import RingKit

/// On a badge a color name means what shields means, so a badge sits in a row of shields' own; on rings and bars CSS
/// names keep their CSS meaning.
struct BadgeShieldsColorTests {
    /// Every named color of shields' badge-maker, aliases included, with the hex it draws there.
    static let palette: [(String, String)] = [
        ("brightgreen", "44cc11"), ("green", "97ca00"), ("yellow", "dfb317"), ("yellowgreen", "a4a61d"),
        ("orange", "fe7d37"), ("red", "e05d44"), ("blue", "007ec6"), ("grey", "555555"), ("gray", "555555"),
        ("lightgrey", "9f9f9f"), ("lightgray", "9f9f9f"), ("success", "44cc11"), ("important", "fe7d37"),
        ("critical", "e05d44"), ("informational", "007ec6"), ("inactive", "9f9f9f"),
    ]

    /// `color`, `labelColor`, a thresholds step and a map item named so draw shields' hex, in SVG and in PNG.
    @Test(arguments: palette)
    func aShieldsNameDrawsShieldsColorOnABadge(name: String, hex: String) throws {
        let expected = RGBAColor.parse(hex)!
        let colored = try BadgeSpec.parse(query: "value=50&color=\(name)&labelColor=\(name)")
        #expect(colored.color == expected && colored.labelColor == expected)
        #expect(String(decoding: BadgeRenderer.svg(colored), as: UTF8.self).contains("#" + hex))
        let stepped = try BadgeSpec.parse(query: "value=90&thresholds=80:\(name)")
        #expect(stepped.valueColor == expected)
        let mapped = try BadgeSpec.parse(query: "value=1&map=1:up:\(name)")
        #expect(mapped.valueColor == expected)
        // The PNG's right half is that color (sampled inside it, clear of text and the icon's ring).
        let png = try BadgeRenderer.png(BadgeSpec.parse(query: "label=&value=0&style=flat-square&color=\(name)"))
        let image = try #require(DecodedPNG(png))
        #expect(
            image[image.width - 2, image.height / 2].isClose(
                to: Pixel(expected.red, expected.green, expected.blue)))
    }

    /// On a ring, the same names keep CSS's meaning (`yellow` is `#ffff00`).
    @Test func aRingKeepsCSSNames() throws {
        #expect(try RingSpec.parse(query: "color=yellow").color == RGBAColor(0xff, 0xff, 0x00))
        #expect(try BarSpec.parse(query: "color=green").series.color == RGBAColor(0x00, 0x80, 0x00))
    }
}
