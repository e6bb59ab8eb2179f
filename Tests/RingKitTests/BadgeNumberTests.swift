import Testing

@testable import RingKit

/// A badge says its number: the icon is clamped into `min…max`, the text is not, as a ring's `{value}` writes 450 of
/// 300 as `450`.
struct BadgeNumberTests {
    /// Over and under the range, the percentage is the value's own, rounded as any number; inside it, the usual
    /// percentage rules (never 100 before done) hold.
    @Test(arguments: [
        ("value=130", "cpu: 130%"), ("value=-5", "cpu: -5%"), ("value=250&max=200", "cpu: 125%"),
        ("value=130&decimals=1", "cpu: 130.0%"), ("value=99.7", "cpu: 99%"),
        ("value=100", "cpu: 100%"), ("value=0", "cpu: 0%"),
    ])
    func theTextWritesTheValueAsRead(query: String, title: String) throws {
        let spec = try BadgeSpec.parse(query: "label=cpu&" + query)
        #expect(spec.title == title)
        #expect(String(decoding: BadgeRenderer.svg(spec), as: UTF8.self).contains("<title>\(title)</title>"))
    }

    /// In a locale, the percentage over the range is written in its digits and sign (`130,0 %` in German).
    @Test func aLocaleWritesThePercentageOverTheRange() throws {
        let spec = try BadgeSpec.parse(query: "label=cpu&value=130&locale=de&decimals=1")
        #expect(spec.title.hasPrefix("cpu: 130,0") && spec.title.hasSuffix("%"))
    }

    /// The icon of 130 of 100 is full, and its color is the one the shown percentage reaches: thresholds compare the
    /// clamped percentage, as the ring's do.
    @Test func theIconIsClampedAndThresholdsCompareTheClampedShare() throws {
        let over = try BadgeSpec.parse(query: "value=130&thresholds=50:orange,100:green")
        #expect(over.fraction == 1)
        #expect(over.valueColor == RGBAColor.parse("green", names: .shields))
        let under = try BadgeSpec.parse(query: "value=-30&thresholds=50:orange")
        #expect(under.fraction == 0)
        #expect(under.valueColor == under.color)
    }
}
