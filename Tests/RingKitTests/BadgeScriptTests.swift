import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Badge text in scripts the Verdana width table does not cover is measured by the layout that draws it and drawn
/// at its own width: no `textLength` stretches a Hebrew word or pulls joined Arabic letters apart.
struct BadgeScriptTests {
    static let untabled = ["כיסוי", "التغطية", "覆盖率", "कवरेज", "coverage ✓ כיסוי"]
    static let styles = ["flat", "flat-square", "plastic", "for-the-badge", "social"]

    /// The width the layout gives `text` at the badge size, made odd as a reserved width is.
    static func natural(_ text: String, bold: Bool = false) -> Int {
        let width = Int(TextLayout.line(of: text, bold: bold, size: BadgeTextWidths.fontSize).width.rounded())
        return width % 2 == 0 ? width + 1 : width
    }

    @Test func latinGreekAndCyrillicAreTabledOtherScriptsAreNot() {
        #expect(BadgeTextWidths.covers("coverage 72% — ±5 → ok"))
        #expect(BadgeTextWidths.covers("Ελληνικά кириллица"))
        #expect(BadgeTextWidths.covers("zero\u{200B}width"))
        for text in Self.untabled { #expect(!BadgeTextWidths.covers(text), "\(text)") }
    }

    @Test(arguments: untabled)
    func untabledTextIsReservedItsLaidOutWidthAndNotStretchedInTheSVG(_ text: String) throws {
        let spec = try BadgeSpec.parse(query: "label=\(percentEncoded(text))&value=72")
        let layout = BadgeLayout(spec)
        let label = try #require(layout.label)
        #expect(!label.fitted)
        #expect(label.length == Self.natural(text))
        #expect(layout.value.fitted)
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        let texts = document.all("text")
        #expect(texts.filter { $0.text == text }.allSatisfy { $0.attributes["textLength"] == nil })
        #expect(texts.filter { $0.text == "72%" }.allSatisfy { $0.attributes["textLength"] == "25" })
    }

    /// In every style the PNG's label ink spans the layout's width of the word, not an estimate of it: white text
    /// on a black label, read column by column.
    @Test(arguments: styles)
    func untabledLabelInkSpansItsLaidOutWidthInThePNG(_ style: String) throws {
        let text = "التغطية"
        let spec = try BadgeSpec.parse(
            query: "label=\(percentEncoded(text))&value=72&labelColor=black&style=\(style)")
        let layout = BadgeLayout(spec)
        let label = try #require(layout.label)
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let estimate = BadgeTextWidths.reservedWidth(of: text)
        let ink = Double(label.length)
        #expect(Double(estimate) > ink + 6, "the test needs an estimate far from the drawn width")
        var columns: [Int] = []
        let left = Int(label.centerX - ink / 2) - 4
        for x in max(left, 1)..<min(left + Int(ink) + 8, layout.labelWidth - 1) {
            for y in 2..<(layout.height - 2) {
                let p = image.pixel(Double(x) + 0.5, Double(y) + 0.5)
                let text = style == "social" ? p.red < 120 && p.alpha > 200 : p.red > 160 && p.green > 160
                if text {
                    columns.append(x)
                    break
                }
            }
        }
        let first = try #require(columns.first)
        let last = try #require(columns.last)
        let span = Double(last - first + 1)
        #expect(span <= ink + 2 && span >= ink - 6, "\(style): ink \(first)…\(last) for a width of \(ink)")
    }

    private func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
