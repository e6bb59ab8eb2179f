import Foundation
import RingKit
import Testing

@testable import RingService

/// The builder page's order and markup as served; how it looks in a browser is Tests/Browser/builder_layout.py's.
struct BuilderLayoutTests {
    let html = makeService().get("/").text

    /// Where `text` first occurs in the page, as a character offset.
    func position(_ text: String) -> Int? {
        html.range(of: text).map { html.distance(from: html.startIndex, to: $0.lowerBound) }
    }

    /// The groups that say what an image shows (Value, Badge, Sparkline) come before the preview, so a phone, which
    /// shows the page in one column, reaches the preview and the URL right after them; the other groups follow it,
    /// with Output last.
    @Test func mainGroupsComeBeforeThePreviewAndTheRestAfterIt() throws {
        let preview = try #require(position("<section class=\"results\""))
        for group in ["Value", "Badge", "Sparkline"] {
            let legend = try #require(position("<legend>\(group)</legend>"), "no \(group) group")
            #expect(legend < preview, "\(group) comes after the preview")
        }
        let output = try #require(position("<legend>Output</legend>"))
        for group in ["Shape", "Colors", "Marks", "Label", "Logo"] {
            let legend = try #require(position("<legend>\(group)</legend>"), "no \(group) group")
            #expect(legend > preview && legend < output, "\(group) is not between the preview and Output")
        }
        #expect(try #require(position("<details id=\"live\"")) > preview)
        // The results sit inside the form, between its two parts.
        #expect(try #require(position("<form id=\"builder\"")) < preview)
        #expect(try #require(position("</form>")) > output)
    }

    /// Each group is one fieldset, even where its rows are apart in the parameter table (`trend` and `previous` are
    /// Label's): no legend twice.
    @Test func everyGroupIsShownOnce() {
        let legends = html.components(separatedBy: "<legend>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(legends.count == Set(legends).count, "a legend twice: \(legends)")
        #expect(legends.contains("Label"))
    }

    /// A long camelCase name may break before a capital rather than run under its control.
    @Test func labelsMayBreakBeforeACapital() {
        #expect(html.contains("<label for=\"f-ring-thresholdsMode\">thresholds<wbr>Mode</label>"))
        #expect(html.contains("<label for=\"f-ring-value\">value</label>"))
    }

    /// The sentence the server gives for a field lands in a live region that is there before it, so a screen
    /// reader says it; every field's error place is one.
    @Test func fieldErrorsAreLiveRegions() {
        for field in BuilderPage.fields {
            #expect(
                html.contains(
                    "<p class=\"error\" id=\"\(field.inputID)-error\" data-error-for=\"\(field.inputID)\" "
                        + "aria-live=\"polite\"></p>"), "\(field.inputID)")
        }
        #expect(html.contains("<p id=\"live-error\" class=\"error\" aria-live=\"polite\"></p>"))
    }

    /// The swatches learn CSS colors from the browser; shields' names, which CSS lacks, come with the page, as the
    /// image routes read them.
    @Test func pageCarriesTheColorNamesCSSLacks() {
        #expect(html.contains("data-named-colors=\""))
        #expect(BuilderPage.namedColors.split(separator: " ").contains("brightgreen:#44cc11"))
        #expect(BuilderPage.namedColors.split(separator: " ").contains("informational:#007ec6"))
        #expect(BuilderPage.namedColors.split(separator: " ").contains("green:#008000"))
    }
}
