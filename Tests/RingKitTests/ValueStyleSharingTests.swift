import Testing

@testable import RingKit

/// Every kind that draws a value reads how it is written through one `ValueStyle`, so a style parameter means the
/// same on a ring, a bar, a badge and a sparkline.
struct ValueStyleSharingTests {
    /// Queries that set each style parameter (and several together), each valid on every kind.
    static let queries = [
        "value=1288490188.8&max=2147483648&unit=bytes", "value=72.5&decimals=2", "value=72.5&locale=de&decimals=1",
        "value=350&max=500&unit=ms&decimals=auto", "value=1&map=0:down:%23ff0000,1:up:%2300ff00", "value=40&neutral=50",
        "value=1234567&max=10000000&unit=short&locale=en-IN", "value=null&map=null:no%20data",
    ]

    /// The style a ring, a bar, a badge and a sparkline read from one query is the same value.
    @Test(arguments: queries)
    func everyKindReadsTheSameStyle(query: String) throws {
        let ring = try RingSpec.parse(query: query + "&label=%7Bvalue%7D")
        let badge = try BadgeSpec.parse(query: query)
        let bar = try BarSpec.parse(query: query + "&label=%7Bvalue%7D")
        #expect(ring.valueStyle == badge.valueStyle)
        #expect(bar.series.valueStyle == badge.valueStyle)
    }

    /// Each style row is bound once, for rings and badges alike (bars read the ring's binding).
    @Test(arguments: ["unit", "locale", "decimals", "map", "neutral"])
    func eachStyleRowIsBoundForEveryKind(name: String) throws {
        let row = try #require(ImageParameter.all.first { $0.name == name })
        #expect(row.ring != nil && row.badge != nil)
        #expect(ImageParameter.isRead(name, by: .bar))
    }

    /// Where no label is drawn, what only writes text (unit, locale) goes back to its default, so one image has one
    /// key; what colors or places the progress (map, neutral point, digits of the percentage thresholds compare) stays.
    @Test func aRingWithoutLabelKeepsOnlyWhatShapesTheDrawing() throws {
        let plain = try RingSpec.parse(query: "value=40&label=none&map=0..50:low:orange&neutral=20&decimals=1")
        let styled = try RingSpec.parse(
            query: "value=40&label=none&map=0..50:low:orange&neutral=20&decimals=1&unit=ms&locale=de")
        #expect(plain.canonicalKey == styled.canonicalKey)
        #expect(styled.valueStyle.map != nil && styled.valueStyle.neutral == 20 && styled.valueStyle.decimals == 1)
        #expect(styled.valueStyle.unit == nil && styled.valueStyle.locale == nil)
    }
}
