import TestSupport
import Testing

@testable import RingKit

/// Text on each half of a badge reads at WCAG's 4.5:1 (1.4.3): white where white does, shields' dark gray where
/// that does, else black.
struct BadgeTextContrastTests {
    /// shields' named colors, and 200 hex colors from a fixed generator.
    static let fills: [String] = {
        var colors = Array(ShieldsPalette.colors.keys).sorted()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            colors.append(String(String(state >> 40, radix: 16).suffix(6)).leftPadded(to: 6))
        }
        return colors
    }()

    @Test func everyHalfsTextReachesFourAndAHalfToOne() throws {
        for fill in Self.fills {
            for style in BadgeSpec.Style.allCases where style != .social {
                let spec = try BadgeSpec.parse(
                    query: "label=ok&value=50&color=\(fill)&labelColor=\(fill)&style=\(style.rawValue)")
                let layout = BadgeLayout(spec)
                let label = try #require(layout.label)
                #expect(label.fill.contrast(with: layout.labelFill) >= 4.5, "label on \(fill)")
                #expect(layout.value.fill.contrast(with: layout.valueFill) >= 4.5, "value on \(fill)")
                let svg = String(decoding: BadgeRenderer.svg(spec), as: UTF8.self)
                #expect(svg.contains(#"fill="\#(layout.value.fill.hex)""#), "the SVG draws the chosen text color")
            }
        }
    }

    /// `textColor` forces the texts' color on both halves, in SVG and PNG, with a shadow that sets it off; the key
    /// carries it, and a badge without it keeps its key.
    @Test func textColorForcesTheTexts() throws {
        let spec = try BadgeSpec.parse(query: "label=ok&value=50&color=orange&textColor=white")
        let layout = BadgeLayout(spec)
        #expect(layout.value.fill == RGBAColor(0xff, 0xff, 0xff) && layout.label?.fill == layout.value.fill)
        #expect(layout.value.shadow == RGBAColor(0x01, 0x01, 0x01))
        let dark = BadgeLayout(try BadgeSpec.parse(query: "value=50&textColor=222&style=social"))
        #expect(dark.value.fill == RGBAColor(0x22, 0x22, 0x22) && dark.value.shadow == RGBAColor(0xff, 0xff, 0xff))
        #expect(spec.canonicalKey(for: .svg).hasSuffix("textColor=ffffff"))
        #expect(!(try BadgeSpec.parse(query: "value=50")).canonicalKey(for: .svg).contains("textColor"))
        let png = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let text = try #require(layout.label)
        var white = 0
        for x in Int(text.centerX) - 5...Int(text.centerX) + 5 {
            for y in 5..<15 where png.pixel(Double(x) + 0.5, Double(y) + 0.5).red > 240 { white += 1 }
        }
        #expect(white > 5, "the PNG draws the label white")
    }

    /// Where white reads, the text stays white, as on shields' badges: the default blue and gray.
    @Test func whiteStaysWhereItReads() throws {
        let layout = BadgeLayout(try BadgeSpec.parse(query: "label=ok&value=50"))
        #expect(layout.value.fill == RGBAColor(0xff, 0xff, 0xff) && layout.label?.fill == layout.value.fill)
        let orange = BadgeLayout(try BadgeSpec.parse(query: "value=50&color=orange"))
        #expect(orange.value.fill == RGBAColor(0x33, 0x33, 0x33), "shields' orange is light: dark gray")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
