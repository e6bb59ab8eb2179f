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

    /// `icon=none` writes the value's text alone, as a plain shields badge of the same text: the same width, no
    /// ring, in every style; the value's thresholds still color it.
    @Test(arguments: ["flat", "flat-square", "plastic", "for-the-badge", "social"])
    func noIconIsTheValueAlone(style: String) throws {
        let spec = try parse("label=coverage&value=87&icon=none&thresholds=80:green&style=" + style)
        let plain = try parse("label=coverage&message=87%25&color=green&style=" + style)
        #expect(BadgeLayout(spec).icon == nil && BadgeLayout(spec).width == BadgeLayout(plain).width)
        #expect(BadgeLayout(spec).width < BadgeLayout(try parse("label=coverage&value=87&style=" + style)).width)
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        #expect(document.first("circle") == nil)
        #expect(document.all("text").contains { $0.text == "87%" })
        #expect(try BadgeRenderer.png(spec) == BadgeRenderer.png(plain))
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
        spec.reading.value = 30
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let printable = SVGRendererTests.shown(text)
        #expect(document.first("title")?.text == printable + ": 30%")
        #expect(document.first("svg")?.attributes["aria-label"] == printable + ": 30%")
        #expect(document.all("text").first?.content == printable)
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

    /// Texts reserve the widths shields.io gives them, style by style, read from shields' own badges: its
    /// `build | passing` (flat, `textLength` 270 and 410), badge-maker's social snapshots (`Cactus | grown`,
    /// `Test | test`) and a GitHub stars badge (`Stars | 0`), and a for-the-badge `TESTS | PASSING` (382.5 and
    /// 597.5). Widths are cut to a whole pixel and made odd, as shields makes them; for-the-badge's bold value is
    /// measured in DejaVu Sans Bold × 1.025 (see the next test). (The table itself is checked against the fonts
    /// by `make lint`: `.ci/tools/gen-badge-widths.py --check`.)
    @Test(arguments: [
        ("flat", "build", "passing", 27, 41, 0), ("flat-square", "build", "passing", 27, 41, 0),
        ("plastic", "build", "passing", 27, 41, 0), ("social", "cactus", "grown", 37, 33, 0),
        ("social", "test", "test", 23, 19, 0), ("social", "stars", "0", 27, 7, 0),
        ("for-the-badge", "tests", "passing", 38, 60, 2),
    ])
    func textsReserveShieldsWidths(
        style: String, label: String, message: String, labelWidth: Int, messageWidth: Int, slack: Int
    ) throws {
        let spec = try BadgeSpec.parse(query: "label=\(label)&message=\(message)&style=\(style)")
        let layout = BadgeLayout(spec)
        #expect(layout.label?.length == labelWidth)
        #expect(abs(layout.value.length - messageWidth) <= slack, "\(layout.value.length) for \(messageWidth)")
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        #expect(document.all("text").contains { $0.attributes["textLength"] == String(labelWidth) })
    }

    /// for-the-badge's texts against shields' own badges (`textLength` less 1.25 px a letter): the regular label
    /// exactly, by Verdana's table (the box rounds shields' quarter pixels to whole ones); the bold value within 1 px, by DejaVu Sans Bold × 1.025 (without the factor
    /// `PASSING`, `KO-FI`, `SUDHI`, `NOT PASSING` and `SHELL SCRIPT` came out 2 px short).
    @Test func forTheBadgeTextsTakeShieldsWidths() {
        let m = BadgeStyleMetrics.forTheBadge
        for (text, shields) in [("CACTUS", 41), ("RATING", 39), ("LISTENING NOW", 84), ("TESTS", 32)] {
            let reserved = Double(m.reservedWidth(of: text, bold: false))
            #expect(abs(reserved - (Double(shields) + 1.25 * Double(text.count))) <= 0.5, "\(text): \(reserved)")
        }
        let bold = [
            ("GROWN", 44), ("KO-FI", 32), ("SUDHI", 37), ("SHELL SCRIPT", 80), ("PYTHON", 46), ("PASSING", 51),
            ("NOT PASSING", 78),
        ]
        for (text, shields) in bold {
            let reserved = Double(m.reservedWidth(of: text, bold: true)) - 1.25 * Double(text.count)
            #expect(abs(reserved - Double(shields)) <= 1.5, "\(text): \(reserved) for shields' \(shields)")
        }
    }

    /// Verdana's advances, as shields' width tables hold them: `build` at 11 px is 26.7 px, cut to 26 and made 27.
    @Test func theTableHoldsVerdana() {
        #expect(BadgeTextWidths.width(of: "build") == 4972.0 * 11 / 2048)
        #expect(BadgeTextWidths.reservedWidth(of: "build") == 27)
    }
}
