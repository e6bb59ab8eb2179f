import Testing

@testable import RingKit

struct ColorParsingTests {
    static let accepted: [(String, RGBAColor)] = [
        ("f00", RGBAColor(255, 0, 0)),
        ("#F00", RGBAColor(255, 0, 0)),
        ("f008", RGBAColor(255, 0, 0, 0x88)),
        ("#1a2B3c", RGBAColor(0x1a, 0x2b, 0x3c)),
        ("FF880080", RGBAColor(0xff, 0x88, 0x00, 0x80)),
        ("#abc", RGBAColor(0xaa, 0xbb, 0xcc)),
        ("000", RGBAColor(0, 0, 0)),
        ("ffffff00", RGBAColor(255, 255, 255, 0)),
        // CSS names mean what CSS says, not what X11 or shields say.
        ("red", RGBAColor(0xff, 0x00, 0x00)),
        ("green", RGBAColor(0x00, 0x80, 0x00)),
        ("lime", RGBAColor(0x00, 0xff, 0x00)),
        ("gray", RGBAColor(0x80, 0x80, 0x80)),
        ("grey", RGBAColor(0x80, 0x80, 0x80)),
        ("maroon", RGBAColor(0x80, 0x00, 0x00)),
        ("purple", RGBAColor(0x80, 0x00, 0x80)),
        ("orange", RGBAColor(0xff, 0xa5, 0x00)),
        ("rebeccapurple", RGBAColor(0x66, 0x33, 0x99)),
        ("lightgoldenrodyellow", RGBAColor(0xfa, 0xfa, 0xd2)),
        ("cornflowerblue", RGBAColor(0x64, 0x95, 0xed)),
        ("darkslategrey", RGBAColor(0x2f, 0x4f, 0x4f)),
        ("aqua", RGBAColor(0x00, 0xff, 0xff)),
        ("cyan", RGBAColor(0x00, 0xff, 0xff)),
        ("RED", RGBAColor(0xff, 0x00, 0x00)),
        ("CornFlowerBlue", RGBAColor(0x64, 0x95, 0xed)),
        // shields.io's names that CSS does not take.
        ("brightgreen", RGBAColor(0x44, 0xcc, 0x11)),
        ("success", RGBAColor(0x44, 0xcc, 0x11)),
        ("important", RGBAColor(0xfe, 0x7d, 0x37)),
        ("critical", RGBAColor(0xe0, 0x5d, 0x44)),
        ("informational", RGBAColor(0x00, 0x7e, 0xc6)),
        ("inactive", RGBAColor(0x9f, 0x9f, 0x9f)),
        ("BrightGreen", RGBAColor(0x44, 0xcc, 0x11)),
    ]

    @Test(arguments: accepted)
    func parsesHexAndNames(text: String, expected: RGBAColor) {
        #expect(RGBAColor.parse(text) == expected)
    }

    static let refused = [
        "", "#", "none", "transparent", "currentcolor", "ff", "fffff", "fffffff", "fffffffff", "#red", "gg0000",
        " red", "red ", "r%65d", "0xff0000", "rgb(255,0,0", "ｒｅｄ", "reda", "##f00", "f00 ", "brightgreenx",
        "lightgoldenrodyellowx",
    ]

    @Test(arguments: refused)
    func refusesAnythingElse(text: String) {
        #expect(RGBAColor.parse(text) == nil)
    }

    @Test func knowsExactlyTheCSSNamedColors() {
        #expect(CSSColorNames.css.count == 148)
        #expect(CSSColorNames.css.keys.allSatisfy { $0 == $0.lowercased() })
        // shields' names never override a CSS name.
        #expect(Set(CSSColorNames.shields.keys).isDisjoint(with: CSSColorNames.css.keys))
        #expect(CSSColorNames.css.keys.map(\.utf8.count).max() == CSSColorNames.longestName)
    }

    @Test func everyNameParsesInAnyCaseToItsTableValue() {
        for (name, rgb) in CSSColorNames.css.merging(CSSColorNames.shields, uniquingKeysWith: { a, _ in a }) {
            let expected = RGBAColor(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xff), UInt8(rgb & 0xff))
            #expect(RGBAColor.parse(name) == expected, "\(name)")
            #expect(RGBAColor.parse(name.uppercased()) == expected, "\(name)")
            // The canonical hex reads back to the same color.
            #expect(RGBAColor.parse(expected.hex) == expected, "\(name)")
        }
    }

    @Test func writesCanonicalHex() {
        #expect(RGBAColor.parse("F00")?.hex == "#ff0000")
        #expect(RGBAColor.parse("F008")?.hex == "#ff000088")
        #expect(RGBAColor.parse("green")?.hex == "#008000")
        #expect(RGBAColor.parse("00000000")?.hex == "#00000000")
    }
}
