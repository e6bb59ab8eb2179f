import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Labels stacked with combining marks ("Zalgo" text), many of which no installed font draws, so each becomes a
/// fallback box of its own: the label is sized by what is drawn and stays inside the ring's hole, or is refused
/// naming `label`; it never runs over the stroke or past the image's edges.
struct ZalgoLabelTests {
    /// Marks none of the installed fonts has a glyph for (Combining Diacritical Marks Extended, U+1AB0…U+1AB7;
    /// Liberation draws U+0350 and the like), and some they do (U+0300, U+0316).
    static let unglyphed: [Unicode.Scalar] = [0x1AB0, 0x1AB1, 0x1AB2, 0x1AB3, 0x1AB4, 0x1AB5, 0x1AB6, 0x1AB7].map {
        Unicode.Scalar($0)!
    }

    /// `word` with `count` marks after each letter, glyphless ones first.
    static func zalgo(_ word: String, marks count: Int) -> String {
        var text = ""
        for letter in word.unicodeScalars {
            text.unicodeScalars.append(letter)
            for i in 0..<count { text.unicodeScalars.append(unglyphed[i % unglyphed.count]) }
            text.unicodeScalars.append(Unicode.Scalar(0x300)!)
            text.unicodeScalars.append(Unicode.Scalar(0x316)!)
        }
        return text
    }

    /// `word` with `count` marks that fonts do draw stacked above and below each letter.
    static func stacked(_ word: String, marks count: Int) -> String {
        var text = ""
        for letter in word.unicodeScalars {
            text.unicodeScalars.append(letter)
            for i in 0..<count { text.unicodeScalars.append(Unicode.Scalar([0x300, 0x316, 0x301, 0x317][i % 4])!) }
        }
        return text
    }

    static let labels = [
        zalgo("Zalgo", marks: 3), zalgo("72%", marks: 6), zalgo("He comes", marks: 2), stacked("Zalgo", marks: 12),
    ]

    @Test(arguments: labels, [64, 128, 256])
    func aZalgoLabelStaysInsideTheHoleOrIsRefused(label: String, size: Int) throws {
        let query = "value=0&track=none&size=\(size)&label=" + QueryParameters.encode(label)
        let spec: RingSpec
        do {
            spec = try RingSpec.parse(query: query)
        } catch {
            #expect(error.parameter == "label" && error.message.contains("needs a hole"), "\(error.message)")
            return
        }
        let geometry = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        var outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - geometry.center
                let dy = Double(y) + 0.5 - geometry.center
                // Anything drawn beyond the hole is the label's: the track is off and nothing is done.
                if (dx * dx + dy * dy).squareRoot() > geometry.holeRadius + 1, image[x, y].alpha > 40 { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) label pixels outside the hole of a \(size) px ring")
        var inside = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 40 { inside += 1 }
        }
        #expect(inside > 0, "the label is drawn")
    }

    /// Measured as drawn: the fallback boxes take room, so the label is smaller than one without the marks.
    @Test func aLabelOfGlyphlessMarksIsMeasuredWithItsBoxes() {
        let plain = TextMetrics.drawnWidth(of: "Zalgo", bold: true)
        let stacked = TextMetrics.drawnWidth(of: Self.zalgo("Zalgo", marks: 3), bold: true)
        #expect(stacked > 2 * plain, "\(stacked) em against \(plain) em")
        #expect(TextMetrics.drawnWidth(of: "72%", bold: true) == TextMetrics.width(of: "72%", bold: true))
    }
}

/// A bar measures its label as drawn too: a label whose marks no font has takes the room its boxes take, so the
/// track beside it is shorter than beside the same letters without marks (the width table gives both one width).
struct ZalgoBarLabelTests {
    @Test func aBarsLabelWithMarksTakesTheRoomItsBoxesTake() throws {
        func layout(_ label: String) throws -> BarLayout {
            BarLayout(try BarSpec.parse(query: "value=50&width=600&height=6&label=" + QueryParameters.encode(label)))
        }
        let a = try layout("Zalgo")
        let b = try layout(ZalgoLabelTests.zalgo("Zalgo", marks: 3))
        #expect(a.placement == .beside && b.placement == .beside)
        #expect(
            b.trackLength < a.trackLength - 10, "\(a.trackLength) beside the plain label, \(b.trackLength) beside marks"
        )
    }
}
