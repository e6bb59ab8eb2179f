import Foundation
import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// shields.io's badge styles, read back from our SVG and from the PNG's pixels.
struct BadgeStyleTests {
    /// Each style's height and corner radius, as shields.io's renderer draws it (`badge-maker`).
    static let shields: [(style: String, height: Int, radius: Double)] = [
        ("flat", 20, 3), ("flat-square", 20, 0), ("plastic", 18, 4), ("for-the-badge", 28, 0), ("social", 20, 2.5),
    ]

    /// Every style has shields' height in the SVG and, times `scale`, in the PNG, whatever the icon and theme.
    @Test(arguments: shields, [1, 2])
    func everyStyleHasShieldsHeight(_ shields: (style: String, height: Int, radius: Double), scale: Int) throws {
        for extra in ["label=coverage", "label=coverage&icon=bar", "label=coverage&theme=auto", "label=&theme=dark"] {
            let spec = try parse("value=72&style=\(shields.style)&scale=\(scale)&" + extra)
            let svg = BadgeRenderer.svg(spec)
            expectNoActiveContent(svg)
            let root = try #require(SVGDocument(svg)?.first("svg"))
            #expect(root.attributes["height"] == String(shields.height))
            #expect(root.attributes["viewBox"] == "0 0 \(BadgeLayout(spec).width) \(shields.height)")
            let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
            #expect(image.height == shields.height * scale, "\(shields.style)\(extra)")
            #expect(image.width == BadgeLayout(spec).width * scale)
        }
    }

    /// The corners' shape in the PNG: in each of the top rows (and the bottom ones, mirrored) the transparent
    /// share before the badge begins is how far a circle of the style's radius lies inside the edge.
    @Test(arguments: shields)
    func cornersHaveTheStyleRadius(_ shields: (style: String, height: Int, radius: Double)) throws {
        let scale = 4
        let image = try #require(
            DecodedPNG(try BadgeRenderer.png(parse("label=build&value=50&style=\(shields.style)&scale=\(scale)"))))
        let r = shields.radius
        for row in 0..<(Int(r.rounded(.up)) + 1) * scale {
            let y = (Double(row) + 0.5) / Double(scale)
            let d = Swift.max(r - y, 0)
            let expected = r - (r * r - d * d).squareRoot()
            for (pixelRow, side) in [(row, "top"), (image.height - 1 - row, "bottom")] {
                let left = Array(0..<6 * scale)
                let right = Array((image.width - 6 * scale)..<image.width)
                for (columns, edge) in [(left, "left"), (right, "right")] {
                    let clear = columns.reduce(0.0) { $0 + 1 - Double(image[$1, pixelRow].alpha) / 255 }
                    let inset = clear / Double(scale)
                    #expect(
                        abs(inset - expected) <= 0.2,
                        "\(shields.style) \(side) \(edge) at y \(y): \(inset) px clear, \(expected) expected")
                }
            }
        }
    }

    /// Plastic's sheen: its top row lighter and its bottom row darker than the fill, as shields' gradient
    /// (white at 70 %, `#aaa` at 10 % a tenth down, black at 30 % nine tenths down, at 50 % at the bottom) over
    /// 18 rows makes them; text shadows 1 px below texts 1 px higher than flat's.
    @Test func plasticHasShieldsSheenAndRaisedText() throws {
        let spec = try parse("label=coverage&value=72&style=plastic&labelColor=%23663399")
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let x = 30.5
        // Row 0's middle is 1/36 down: between the first two stops.
        let f = (1.0 / 36) / 0.1
        let top = blend(spec.labelColor, gray(255 - 85 * f), 0.7 - 0.6 * f)
        // Row 17's middle is 35/36 down: between the last two.
        let g = (35.0 / 36 - 0.9) / 0.1
        let bottom = blend(spec.labelColor, gray(0), 0.3 + 0.2 * g)
        // Row 9's middle, halfway: 170 × (1 - 0.5) gray at 20 %.
        let middle = blend(spec.labelColor, gray(85), 0.2)
        #expect(image.pixel(x, 0.5).isClose(to: top, tolerance: 3), "\(image.pixel(x, 0.5)) vs \(top)")
        #expect(image.pixel(x, 17.5).isClose(to: bottom, tolerance: 3), "\(image.pixel(x, 17.5)) vs \(bottom)")
        #expect(image.pixel(1.5, 9.5).isClose(to: middle, tolerance: 3), "\(image.pixel(1.5, 9.5)) vs \(middle)")

        let texts = try #require(SVGDocument(BadgeRenderer.svg(spec))).all("text")
        #expect(texts.map { $0.attributes["y"] } == ["14", "13", "14", "13"].map(Optional.some))
        #expect(texts[0].attributes["fill-opacity"] == "0.3")
    }

    /// for-the-badge: capitals (as Unicode upper-cases them) with 1.25 px more per letter, the value bold, 10 px
    /// text on a baseline at 17.5, 12 px around each text; no shadows.
    @Test func forTheBadgeSetsCapitalsSpacedAndTheValueBold() throws {
        let spec = try parse("label=stra%C3%9Fe+coverage&value=72.5&decimals=1&style=for-the-badge")
        let layout = BadgeLayout(spec)
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        let texts = document.all("text")
        #expect(texts.map(\.text) == ["STRASSE COVERAGE", "72.5%"])
        #expect(texts.allSatisfy { $0.attributes["aria-hidden"] == nil && $0.attributes["y"] == "17.5" })
        #expect(texts.map { $0.attributes["font-weight"] } == [nil, "bold"])
        #expect(document.all("g").last?.attributes["font-size"] == "10")
        // The accessible name keeps the letters as written.
        #expect(document.first("title")?.text == "straße coverage: 72.5%")

        let label = try #require(layout.label)
        let verdana = BadgeTextWidths.width(of: "STRASSE COVERAGE", size: 10)
        #expect(abs(Double(label.length) - (verdana.rounded(.down) + 1.25 * 16)) <= 0.5)
        #expect(layout.labelWidth == 12 + label.length + 12)
        #expect(label.centerX == 12 + Double(label.length) / 2)
        #expect(layout.width == layout.labelWidth + 9 + 12 + 6 + layout.value.length + 12)
        #expect(layout.iconY == 8)
    }

    /// The boxes fit the texts: in the PNG each text's ink fills its reserved length (the layout that draws it
    /// measured it) and stays inside it, for the bold styles whose widths come from the drawing layout.
    @Test(arguments: ["for-the-badge", "social"], [1, 2])
    func boldStylesTextInkFillsItsBox(_ style: String, scale: Int) throws {
        let spec = try parse("label=Wide+WWW+label&value=33.3&decimals=1&style=\(style)&scale=\(scale)")
        let layout = BadgeLayout(spec)
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let k = Double(scale)
        for text in [try #require(layout.label), layout.value] {
            let left = text.centerX - Double(text.length) / 2
            let right = text.centerX + Double(text.length) / 2
            // The columns with ink of the text's color, searched from 4 px outside its box.
            var inked: [Int] = []
            for x in Int((left - 4) * k)..<Int((right + 4) * k) {
                let hasInk = (Int(4 * k)..<Int(Double(layout.height - 4) * k)).contains { y in
                    image[x, y].distance(to: Pixel(text.fill)) < 60
                }
                if hasInk { inked.append(x) }
            }
            let first = Double(try #require(inked.first)) / k
            let last = Double(try #require(inked.last) + 1) / k
            #expect(
                first >= left - 1 && last <= right + 1,
                "\(style) \(text.text): ink \(first)…\(last), box \(left)…\(right)")
            #expect(
                last - first >= Double(text.length) - 2.5,
                "\(style) \(text.text): ink \(last - first) of \(text.length)")
        }
    }

    /// social: the label's first letter a capital, bold dark text with a white shadow on a light box with a gray
    /// border, the value in a bubble whose notch points at the label; the value's color (thresholds included) fills
    /// the icon's progress, since the boxes keep their own colors.
    @Test func socialIsALightBoxAndABubble() throws {
        let spec = try parse("label=stars&value=30&style=social&color=red&thresholds=25:%23008000&labelColor=black")
        let layout = BadgeLayout(spec)
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        let texts = document.all("text")
        #expect(texts.map(\.text) == ["Stars", "Stars", "30%", "30%"])
        #expect(texts.allSatisfy { $0.attributes["font-weight"] == "bold" })
        #expect(texts.map { $0.attributes["fill"] } == ["#ffffff", "#333333", "#ffffff", "#333333"].map(Optional.some))
        #expect(texts[0].attributes["fill-opacity"] == nil)

        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let border = RGBAColor(0xd5, 0xd5, 0xd5)
        #expect(image.pixel(0.5, 10).isClose(to: border, tolerance: 2), "\(image.pixel(0.5, 10))")
        #expect(image.pixel(Double(layout.width) - 0.5, 10).isClose(to: border, tolerance: 2))
        #expect(image.pixel(Double(layout.labelWidth) / 2, 0.5).isClose(to: border, tolerance: 2))
        // The label's face, lightly shaded toward the bottom; the bubble's face plain.
        #expect(image.pixel(2.5, 3).isClose(to: RGBAColor(0xfc, 0xfc, 0xfc), tolerance: 3))
        #expect(image.pixel(2.5, 17).red < 0xfc - 10)
        #expect(image.pixel(Double(layout.valueX) + 2.5, 17).isClose(to: RGBAColor(0xfa, 0xfa, 0xfa), tolerance: 2))
        // The gap between the two: clear, but for the notch in its middle.
        let gap = Double(layout.labelWidth) + 2.5
        #expect(image.pixel(gap, 3).alpha == 0 && image.pixel(gap, 17).alpha == 0)
        #expect(image.pixel(gap + 1.5, 10).alpha == 255)
        // The icon's progress in the threshold's green, from 12 o'clock; the track a faint gray.
        let progress = image.pixel(layout.iconX + 6 + 3.5, layout.iconY + 6 - 3.5)
        #expect(progress.distance(to: Pixel(RGBAColor(0, 0x80, 0))) <= 40, "progress \(progress)")
        let track = image.pixel(layout.iconX + 6 - 5, layout.iconY + 6)
        #expect(track.red == track.green && track.red > 150 && track.red < 220, "track \(track)")
    }

    /// The filled styles take `labelColor`, `color`, thresholds and `theme` as flat does.
    @Test(arguments: ["plastic", "for-the-badge"])
    func filledStylesTakeColorsThresholdsAndThemes(_ style: String) throws {
        let spec = try parse("label=a&value=90&style=\(style)&thresholds=80:%23008000&theme=dark")
        let layout = BadgeLayout(spec)
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let y = Double(layout.height) / 2
        // Plastic's sheen at mid-height is a mid gray at about 20 % (row 9: gray 79 at 20.7 %).
        func shown(_ fill: RGBAColor) -> RGBAColor { style == "plastic" ? blend(fill, gray(79), 0.207) : fill }
        let labelFill = shown(BadgeSpec.defaultColors(.dark).labelColor)
        #expect(image.pixel(3.5, y).isClose(to: labelFill, tolerance: 3), "\(image.pixel(3.5, y)) vs \(labelFill)")
        let valueFill = shown(RGBAColor(0, 0x80, 0))
        #expect(image.pixel(Double(layout.width) - 3.5, y).isClose(to: valueFill, tolerance: 3))
        // Under `auto` the panels left to the theme switch in a dark scheme.
        let auto = String(decoding: BadgeRenderer.svg(try parse("value=5&style=\(style)&theme=auto")), as: UTF8.self)
        #expect(auto.contains("@media (prefers-color-scheme:dark)") && auto.contains("class="))
    }

    private func gray(_ level: Double) -> RGBAColor {
        let v = UInt8(level.rounded())
        return RGBAColor(v, v, v)
    }
}
