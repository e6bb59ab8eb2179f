import TestSupport
import Testing

@testable import RingKit

/// `preset=tests` and `preset=tests-compact`: a test run drawn as shields.io's test-results badges draw it, from the
/// value (passed) and the stored siblings a JUnit push writes (`tests.failed`, `tests.skipped`).
struct BadgeTestsPresetTests {
    /// The badge of `passed` (of `passed + failed` run) with the siblings `failed` and `skipped`, as the server
    /// gives it for `value=@tests`.
    func badge(
        _ passed: Double, _ failed: Double, _ skipped: Double, preset: String = "tests", more: String = ""
    ) throws(ParameterError) -> BadgeSpec {
        // As the server gives a record's max: a number read, so a run of none is 0 of 0 (a URL's max=0 is refused).
        try BadgeSpec.parse(
            query: "value=\(passed)&preset=\(preset)" + more,
            read: [ReadNumber("max", passed + failed, from: "value")],
            named: ["tests.failed": failed, "tests.skipped": skipped], valueName: "tests")
    }

    /// The words and colors of shields' own badge for the same counts. Written from badges/shields
    /// `services/test-results.js`: `renderTestResultMessage` joins `${passed} passed`, then `${failed} failed` and
    /// `${skipped} skipped` only where above 0, with ", " (compact: `✔ ${passed}`, `✘ ${failed}`, `➟ ${skipped}`
    /// joined with " | "), and `no tests` when the total is 0; `renderTestResultBadge` colors it yellow for no
    /// tests, red for any failure, green for skips beside passes, yellow for skips alone, else brightgreen.
    static let shields: [(counts: (Double, Double, Double), message: String, compact: String, color: String)] = [
        ((40, 0, 0), "40 passed", "✔ 40", "brightgreen"),
        ((40, 2, 0), "40 passed, 2 failed", "✔ 40 | ✘ 2", "red"),
        ((40, 2, 1), "40 passed, 2 failed, 1 skipped", "✔ 40 | ✘ 2 | ➟ 1", "red"),
        ((40, 0, 1), "40 passed, 1 skipped", "✔ 40 | ➟ 1", "green"),
        ((0, 0, 3), "0 passed, 3 skipped", "✔ 0 | ➟ 3", "yellow"),
        ((0, 5, 0), "0 passed, 5 failed", "✔ 0 | ✘ 5", "red"),
        ((0, 0, 0), "no tests", "no tests", "yellow"),
    ]

    /// Every row of shields' table reads and is colored as shields' badge, in both forms, in the SVG's text too.
    @Test func theMessageAndColorAreShieldsOwn() throws {
        for row in Self.shields {
            let (passed, failed, skipped) = row.counts
            let full = try badge(passed, failed, skipped)
            let color = RGBAColor.parse(row.color, names: .shields)
            #expect(full.valueText == row.message, "\(row.counts)")
            #expect(full.valueColor == color, "\(row.counts)")
            let compact = try badge(passed, failed, skipped, preset: "tests-compact")
            #expect(compact.valueText == row.compact, "\(row.counts)")
            #expect(compact.valueColor == color, "\(row.counts)")
            let document = try #require(SVGDocument(BadgeRenderer.svg(full)))
            #expect(document.all("text").contains { $0.text == row.message }, "\(row.counts)")
        }
    }

    /// The preset draws text alone, labelled `tests` unless the URL says otherwise, and its counts are in the key.
    @Test func thePresetIsLabelledTestsAndKeyedByItsCounts() throws {
        let spec = try badge(40, 2, 1)
        #expect(spec.label == "tests" && spec.title == "tests: 40 passed, 2 failed, 1 skipped")
        #expect(try #require(SVGDocument(BadgeRenderer.svg(spec))).first("circle") == nil)
        #expect(try badge(40, 2, 1, more: "&label=unit").label == "unit")
        #expect(spec.canonicalKey.contains("preset=tests"))
        #expect(spec.canonicalKey != (try badge(40, 3, 1)).canonicalKey)
        #expect(spec.canonicalKey != (try badge(40, 2, 0)).canonicalKey)
        #expect(spec.canonicalKey != (try badge(40, 2, 1, preset: "tests-compact")).canonicalKey)
    }

    /// The pixels of the right half are shields' red with a failure and brightgreen without, in the PNG.
    @Test func thePNGsRightHalfIsRedWithAFailure() throws {
        for (failed, color) in [(2.0, "e05d44"), (0, "44cc11")] {
            let spec = try badge(40, failed, 0)
            let png = try #require(DecodedPNG(BadgeRenderer.png(spec)))
            // Beside the right edge, halfway down: the panel's own fill, past the text's padding.
            let pixel = png[png.width - 2, png.height / 2]
            let expected = try #require(RGBAColor.parse("#" + color))
            #expect(
                pixel.isClose(to: Pixel(expected.red, expected.green, expected.blue), tolerance: 16),
                "\(failed) failed: \(pixel)")
        }
    }

    /// A preset beside a message, or without a stored value to read the siblings of, is refused by name.
    @Test func aPresetWithoutAStoredValueOrBesideAMessageIsRefused() throws {
        #expect(throws: ParameterError.self) { try BadgeSpec.parse(query: "value=40&preset=tests") }
        do {
            _ = try BadgeSpec.parse(query: "value=40&preset=tests")
        } catch {
            #expect(error.parameter == "preset" && error.description.contains("value=@NAME"))
        }
        // Without a stored value the refusal says so even beside a message (a live shields document gives one).
        do {
            _ = try BadgeSpec.parse(query: "value=40&message=ok&preset=tests")
            Issue.record("a preset without a stored value was drawn")
        } catch {
            #expect(error.parameter == "preset" && error.description.contains("value=@NAME"))
        }
        do {
            _ = try badge(40, 0, 0, more: "&message=ok")
            Issue.record("a preset beside a message was drawn")
        } catch {
            #expect(error.parameter == "preset" && error.description.contains("cannot be given with message"))
        }
        do {
            _ = try badge(40, 0, 0, preset: "junit")
            Issue.record("an unknown preset was drawn")
        } catch {
            #expect(error.description.contains("is not one of tests, tests-compact"))
        }
    }
}
