import Testing

@testable import RingKit

/// Without `title`, the accessible name (`<title>` and `aria-label`) says what the label shows.
struct AccessibleNameTests {
    /// The `<title>` and `aria-label` of an SVG, which must agree.
    func name(_ svg: [UInt8]) throws -> String {
        let text = String(decoding: svg, as: UTF8.self)
        let title = try #require(text.firstMatch(of: /<title>([^<]*)<\/title>/)).1
        let aria = try #require(text.firstMatch(of: /aria-label="([^"]*)"/)).1
        #expect(title == aria)
        return String(title)
    }

    @Test(arguments: [
        ("value=7&max=12&label={value}/{max}", "Progress: 7/12"),
        ("value=7&max=12&label={value} of {max} done", "Progress: 7 of 12 done"),
        ("value=7&max=12&label={percent}%25 done", "Progress: 58% done"),
        ("value=7&max=12", "Progress: 58%"),
        ("value=7&max=12&label=none", "Progress: 58%"),
        ("value=7&max=12&label={value}/{max}&title=Sprint", "Sprint"),
        ("value=7,3&max=12&label={value}/{max}", "Progress: 7/12, 3/12"),
        ("value=7,3&max=12", "Progress: 58%, 25%"),
    ])
    func aRingsAndABarsNameFollowTheirLabel(query: String, expected: String) throws {
        #expect(try name(SVGRenderer.render(RingSpec.parse(query: query))) == expected)
        #expect(try name(BarRenderer.svg(BarSpec.parse(query: query))) == expected)
    }

    /// A badge shows its percentage, and its name is that text behind its label.
    @Test func aBadgesNameIsWhatItShows() throws {
        let spec = try BadgeSpec.parse(query: "label=coverage&value=7&max=12")
        #expect(spec.valueText == "58%")
        #expect(try name(BadgeRenderer.svg(spec)) == "coverage: 58%")
    }
}
