import Foundation
import Testing

@testable import RingKit

/// The free texts (a ring's or bar's `label` and `title`, a badge's `label`): bidi controls refused by name, and
/// lengths counted as a reader counts characters (grapheme clusters), not as Unicode scalars or bytes.
struct FreeTextTests {
    /// Every character but letters and digits percent-encoded, as a browser sends it in a query.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    static func badgeMessage(_ query: String) -> String? {
        do {
            _ = try BadgeSpec.parse(query: query)
            return nil
        } catch {
            return error.message
        }
    }

    /// The embedding and override controls (U+202A…U+202E) and the isolates (U+2066…U+2069).
    static let bidiControls: [UInt32] = Array(0x202A...0x202E) + Array(0x2066...0x2069)

    static let bidiAccepted =
        "(accepted: text without embedding, override or isolate controls; right-to-left text is laid out in its own "
        + "direction)"

    @Test(arguments: bidiControls)
    func aBidiControlInARingsLabelOrTitleIsRefusedNamingIt(code: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(code))))
        let text = "ok" + control + "done"
        let shown = "\"ok\\u{" + String(code, radix: 16) + "}done\""
        let point = "U+" + String(code, radix: 16, uppercase: true)
        for parameter in ["label", "title"] {
            #expect(
                ringMessage("\(parameter)=" + Self.encoded(text))
                    == "\(parameter): \(shown) contains the bidi control \(point) \(Self.bidiAccepted)")
        }
    }

    @Test(arguments: bidiControls)
    func aBidiControlInABadgesLabelIsRefusedNamingIt(code: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(code))))
        let point = "U+" + String(code, radix: 16, uppercase: true)
        #expect(
            Self.badgeMessage("label=" + Self.encoded("build" + control))
                == "label: \"build\\u{\(String(code, radix: 16))}\" contains the bidi control \(point) "
                + Self.bidiAccepted)
    }

    /// The direction marks (LRM, RLM, ALM) are not controls that re-order text: they stay, and right-to-left text.
    @Test func directionMarksAndRightToLeftTextAreKept() throws {
        for text in ["\u{200E}72", "\u{200F}שלום", "\u{061C}مرحبا", "שלום עולם"] {
            #expect(try RingSpec.parse(query: "label=" + Self.encoded(text)).label == .template(text))
            #expect(try BadgeSpec.parse(query: "label=" + Self.encoded(text)).label == text)
        }
    }

    /// 40 letters that each carry two combining marks: 120 Unicode scalars, 40 characters as a reader counts.
    static let markedLetter = "e\u{0302}\u{0301}"
    /// A family emoji: five scalars joined by ZERO WIDTH JOINERs, one character.
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    @Test(arguments: [markedLetter, family])
    func aRingLabelOfFortyCharactersCountsGraphemesNotScalars(character: String) throws {
        // fontSize skips the fit check, so only the length decides.
        let forty = String(repeating: character, count: 40)
        let spec = try RingSpec.parse(query: "size=512&fontSize=6&label=" + Self.encoded(forty))
        #expect(spec.label == .template(forty))
        let message = ringMessage("size=512&fontSize=6&label=" + Self.encoded(forty + character))
        #expect(message?.hasPrefix("label: \"") == true)
        #expect(message?.hasSuffix("…\" is longer than 40 characters") == true, "\(message ?? "")")
    }

    @Test(arguments: [markedLetter, family])
    func aTitleOrBadgeLabelOfAHundredCharactersCountsGraphemes(character: String) throws {
        let hundred = String(repeating: character, count: 100)
        #expect(try RingSpec.parse(query: "title=" + Self.encoded(hundred)).title == hundred)
        #expect(try BadgeSpec.parse(query: "label=" + Self.encoded(hundred)).label == hundred)
        let longer = Self.encoded(hundred + character)
        #expect(ringMessage("title=" + longer)?.hasSuffix("…\" is longer than 100 characters") == true)
        #expect(Self.badgeMessage("label=" + longer)?.hasSuffix("…\" is longer than 100 characters") == true)
    }

    /// A bar reads its label with the ring's parser: the same count.
    @Test func aBarLabelOfFortyMarkedLettersIsAcceptedAndFortyOneRefused() throws {
        let forty = String(repeating: Self.markedLetter, count: 40)
        let spec = try BarSpec.parse(query: "width=1024&height=128&fontSize=6&label=" + Self.encoded(forty))
        #expect(spec.series.label == .template(forty))
        do {
            _ = try BarSpec.parse(query: "width=1024&height=128&fontSize=6&label=" + Self.encoded(forty + "e"))
            Issue.record("41 characters accepted")
        } catch {
            #expect(error.message.hasSuffix("…\" is longer than 40 characters"), "\(error.message)")
        }
    }
}
