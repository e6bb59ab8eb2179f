import CCairo
import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// A badge's layout (shields.io's widths, from the committed DejaVu Sans table) and the SVG drawn from it.
struct BadgeSVGTests {
    @Test func layoutMatchesShieldsWidthsForItsOwnExamples() throws {
        // shields.io draws `build` in a 37 px left half and `coverage` in 61 px (Verdana 11 px, odd widths).
        #expect(BadgeLayout(try parse("label=build")).labelWidth == 37)
        #expect(BadgeLayout(try parse("label=coverage")).labelWidth == 61)
        let layout = BadgeLayout(try parse("label=coverage&value=72"))
        #expect(layout.label?.centerX == 31.5)
        #expect(layout.label?.length == 51)
        #expect(layout.value.text == "72%")
        #expect(layout.width == 61 + 5 + 12 + 4 + layout.value.length + 6)
        #expect(layout.iconX == 66 && layout.iconY == 4)
    }

    @Test func svgIsAShieldsStyleBadgeWithTitleTextsAndRingIcon() throws {
        let spec = try parse("label=coverage&value=72")
        let layout = BadgeLayout(spec)
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let root = try #require(document.first("svg"))
        #expect(root.attributes["width"] == String(layout.width))
        #expect(root.attributes["height"] == "20")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-label"] == "coverage: 72%")
        #expect(document.first("title")?.text == "coverage: 72%")
        let texts = document.all("text")
        #expect(texts.map(\.text) == ["coverage", "coverage", "72%", "72%"])
        // Shadows first, 1 px lower, hidden from screen readers; every text has the width the layout reserved.
        #expect(texts[0].attributes["aria-hidden"] == "true" && texts[0].attributes["y"] == "15")
        #expect(texts[0].attributes["fill-opacity"] == "0.3" && texts[0].attributes["fill"] == "#010101")
        #expect(texts[1].attributes["aria-hidden"] == nil && texts[1].attributes["y"] == "14")
        #expect(texts[1].attributes["fill"] == "#ffffff")
        #expect(texts.map { $0.attributes["textLength"] } == ["51", "51", "25", "25"].map(Optional.some))
        let font = try #require(document.all("g").last)
        #expect(font.attributes["font-size"] == "11")
        #expect(font.attributes["font-family"] == "Verdana,Geneva,DejaVu Sans,sans-serif")
        #expect(font.attributes["text-anchor"] == "middle")
        let fills = document.all("path").compactMap { $0.attributes["fill"] }
        #expect(fills.prefix(2) == ["#555555", "#2563eb"])
        // The flat style's shade: four bands from light to dark, 10 % each.
        #expect(document.all("path").filter { $0.attributes["fill-opacity"] == "0.1" }.count == 4)
        #expect(document.first("circle")?.attributes["r"] == "5")
        #expect(document.first("g")?.attributes["transform"] == "translate(66 4)")
    }

    @Test func flatSquareHasSquareCornersNoShadeAndNoShadows() throws {
        let document = try #require(SVGDocument(BadgeRenderer.svg(try parse("style=flat-square&value=40"))))
        #expect(document.all("text").count == 2)
        #expect(document.all("text").allSatisfy { $0.attributes["aria-hidden"] == nil })
        let panels = document.all("path").filter { $0.attributes["fill"] != nil && $0.attributes["fill"] != "none" }
        #expect(panels.count == 2)
        #expect(panels.allSatisfy { $0.attributes["d"]?.contains("A") == false })
    }

    @Test(arguments: SVGRendererTests.hostile)
    func hostileLabelStaysInertText(_ text: String) throws {
        var spec = BadgeSpec()
        spec.label = text
        spec.value = 30
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let printable = SVGRendererTests.shown(text)
        #expect(document.first("title")?.text == printable + ": 30%")
        #expect(document.first("svg")?.attributes["aria-label"] == printable + ": 30%")
        #expect(document.all("text").first?.text == printable)
    }

    @Test(arguments: [
        "label=%3C%2Ftext%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", "label=%22%3E%3Csvg+onload%3Dalert(1)%3E",
        "label=url(%23x)+%40import", "label=a%27b%26c",
    ])
    func hostileQueryNeverReachesMarkupUnescaped(_ query: String) throws {
        let svg = BadgeRenderer.svg(try parse(query))
        expectNoActiveContent(svg)
        let bytes = String(decoding: svg, as: UTF8.self)
        #expect(!bytes.contains("<script") && !bytes.contains("onload=") && !bytes.contains("url("))
    }

    /// The committed width table is what the installed DejaVu Sans says, measured through Cairo (unhinted).
    @Test func widthTableMatchesTheInstalledFont() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
        defer { cairo_font_face_destroy(face) }
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_face(cr, face)
        cairo_set_font_options(cr, options)
        cairo_set_font_size(cr, Double(BadgeTextWidths.unitsPerEm))
        var checked = 0
        var wrong: [String] = []
        for block in BadgeTextWidths.blocks {
            for (offset, advance) in block.advances.enumerated() where advance != BadgeTextWidths.missing {
                let scalar = Unicode.Scalar(block.first + UInt32(offset))!
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, String(Character(scalar)), &extents)
                if abs(extents.x_advance - Double(advance)) > 0.5 {
                    wrong.append("U+\(String(scalar.value, radix: 16)): \(advance) vs \(extents.x_advance)")
                }
                checked += 1
            }
        }
        #expect(checked > 1500)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(BadgeTextWidths.width(of: "build") == 5036.0 * 11 / 2048)
    }
}
