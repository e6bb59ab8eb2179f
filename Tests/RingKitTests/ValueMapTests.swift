import Testing

@testable import RingKit

/// `map` shows values as texts (and colors), as Grafana's value mappings do: the first item that matches the value
/// as read wins.
struct ValueMapTests {
    func geometry(_ query: String) throws -> RingGeometry { RingGeometry(try RingSpec.parse(query: query)) }

    /// Values, ranges (inclusive) and the first match; the mapped text replaces the automatic label and `{value}`,
    /// and the accessible name follows it.
    @Test(arguments: [
        ("value=0&max=1&map=0:down:red,1:up:green", "down"), ("value=1&max=1&map=0:down:red,1:up:green", "up"),
        ("value=50&map=0..50:degraded:orange", "degraded"), ("value=50.5&map=0..50:degraded:orange", "51%"),
        ("value=7&map=7:seven,0..10:few", "seven"), ("value=8&map=7:seven,0..10:few", "few"),
        ("value=3&map=3:three&label=state:%20{value}%20({percent}%25)", "state: three (3%)"),
        ("value=450&max=300&map=400..500:over", "over"),
    ])
    func theFirstMatchingItemIsShown(query: String, text: String) throws {
        let g = try geometry(query)
        #expect(g.label == text)
        #expect(g.title == "Progress: " + text)
    }

    /// A mapped color colors the progress over `thresholds` and `color`; badges too.
    @Test func aMappedColorWins() throws {
        let spec = try RingSpec.parse(query: "value=0&max=1&color=blue&thresholds=0:black&map=0:down:red")
        #expect(spec.effectiveColor == RGBAColor.parse("red"))
        #expect(
            try RingSpec.parse(query: "value=1&max=1&color=blue&map=0:down:red").effectiveColor
                == RGBAColor.parse("blue"))
        let badge = try BadgeSpec.parse(query: "value=0&max=1&map=0:down:red")
        #expect(badge.valueText == "down" && badge.valueColor == RGBAColor.parse("red", names: .shields))
    }

    /// The key holds the canonical map, which parses back; over-range values mapped keep their own key.
    @Test func theKeyHoldsTheCanonicalMap() throws {
        let spec = try RingSpec.parse(query: "value=1&max=1&map=0:down:RED,1.0:up%20now:%23008000,2..3:x")
        #expect(spec.valueStyle.map?.canonicalText == "0:down:ff0000,1:up%20now:008000,2..3:x")
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        #expect(
            try RingSpec.parse(query: "value=450&max=300&map=400..500:over").canonicalKey
                != RingSpec.parse(query: "value=300&max=300&map=400..500:over").canonicalKey)
    }

    /// Duplicates, overlaps, reversed ranges, unreachable items, bad texts and colors, and more than 16 items are
    /// refused naming `map`.
    @Test(arguments: [
        ("map=1:a,1:b", "which repeats or overlaps the earlier 1"),
        ("map=0..10:a,5..20:b", "which repeats or overlaps the earlier 0..10"),
        ("map=0..10:a,5:b", "which repeats or overlaps the earlier 0..10"), ("map=10..1:a", "whose range is reversed"),
        ("map=x:a", "whose match \"x\" is not a MATCH"), ("map=1:", "whose text is empty"),
        ("map=1", "which is not MATCH:TEXT"), ("map=1:a:nope", "whose color \"nope\" is not a color"),
        ("map=null:a,null:b", "repeats or overlaps the earlier null"), ("map=", "is empty"),
        ("map=" + (0..<17).map { "\($0):x" }.joined(separator: ","), "has 17 items"),
        ("map=1:" + String(repeating: "x", count: 41), "has a text longer than 40 characters"),
        ("map=1:a%E2%80%AEb", "contains the bidi control U+202E"),
    ])
    func badMapsAreRefusedByName(query: String, reason: String) throws {
        let message = try #require(ringMessage(query))
        #expect(message.hasPrefix("map: "))
        #expect(message.contains(reason), "\(message)")
    }

    /// A refusal quotes the value and the item at most 40 characters each: the longest message, with escapes and
    /// the longest numbers, stays under the 300 characters the spec fuzzer allows (it found one of 329).
    @Test func refusalsStayShort() throws {
        let escapes = String(repeating: "%01", count: 40)
        let huge = "1.7976931348623157e308"
        for query in [
            "map=0:down:red,1..5:up:green,null\(escapes)lta", "map=-\(huge)..\(huge):a,\(huge)..\(huge):b",
            "map=\(escapes):\(escapes)", "map=" + (0..<17).map { "\($0):\(escapes)" }.joined(separator: ","),
            "map=-\(huge)..-\(huge)\(escapes):x",
        ] {
            let message = try #require(ringMessage(query))
            #expect(message.unicodeScalars.count <= 300, "\(message.unicodeScalars.count): \(message)")
        }
    }
}
