import TestSupport
import Testing

@testable import RingKit

struct ThresholdsTests {
    static let orange = RGBAColor(0xff, 0xa5, 0x00)
    static let green = RGBAColor(0x00, 0x80, 0x00)
    static let blue = RGBAColor(0x25, 0x63, 0xeb)

    static let accepted: [(String, [Thresholds.Step])] = [
        ("50:orange,80:green", [.init(percent: 50, color: orange), .init(percent: 80, color: green)]),
        ("50.0:%23FFA500", [.init(percent: 50, color: orange)]),
        ("0:orange,100:green", [.init(percent: 0, color: orange), .init(percent: 100, color: green)]),
        ("12.5:f80", [.init(percent: 12.5, color: RGBAColor(0xff, 0x88, 0x00))]),
        ("-0:orange", [.init(percent: 0, color: orange)]),
        (
            "1:red,2:red,3:red,4:red,5:red,6:red,7:red,8:red",
            (1...8).map { .init(percent: Double($0), color: RGBAColor(255, 0, 0)) }
        ),
    ]

    @Test(arguments: accepted)
    func parsesAscendingPairs(query: String, steps: [Thresholds.Step]) throws {
        let spec = try RingSpec.parse(query: "thresholds=" + query)
        #expect(spec.thresholds == Thresholds(steps))
    }

    static let accepts =
        "(accepted: up to 8 percent:color pairs, percents ascending in 0…100, such as 50:orange,80:green)"
    static let refused: [(String, String)] = [
        ("thresholds=80:green,50:red", #"thresholds: "80:green,50:red" must be ascending: 50 follows 80 "# + accepts),
        ("thresholds=50:red,50:green", #"thresholds: "50:red,50:green" must be ascending: 50 follows 50 "# + accepts),
        ("thresholds=", #"thresholds: "" is empty "# + accepts),
        ("thresholds=50", #"thresholds: "50" has "50", which is not a percent:color pair "# + accepts),
        ("thresholds=50:red,", #"thresholds: "50:red," has "", which is not a percent:color pair "# + accepts),
        (
            "thresholds=half:red",
            #"thresholds: "half:red" has "half:red", whose percent "half" is not a number "# + accepts
        ),
        (
            "thresholds=50:orange,150:red",
            #"thresholds: "50:orange,150:red" has "150:red", whose percent is out of range 0…100 "# + accepts
        ),
        ("thresholds=-1:red", #"thresholds: "-1:red" has "-1:red", whose percent is out of range 0…100 "# + accepts),
        (
            "thresholds=50:purplish",
            #"thresholds: "50:purplish" has "50:purplish", whose color "purplish" is not a color "# + accepts
        ),
        (
            "thresholds=1:red,2:red,3:red,4:red,5:red,6:red,7:red,8:red,9:red",
            // The value is shortened in messages; the count says what is wrong.
            #"thresholds: "1:red,2:red,3:red,4:red,5:red,6:red,7:re…" has 9 pairs "# + accepts
        ),
        ("thresholds=50:red&thresholds=60:red", "thresholds: given twice"),
    ]

    @Test(arguments: refused)
    func refusesWithAMessageNamingThePairAtFault(query: String, expected: String) {
        #expect(ringMessage(query) == expected)
    }

    /// A value and its decimals, the color, and the label: the color is the one of the number the label shows.
    static let colorAtPercent: [(String, RGBAColor, String)] = [
        ("value=0", blue, "0%"), ("value=49.4", blue, "49%"), ("value=49.5", orange, "50%"),
        ("value=49.99&decimals=2", blue, "49.99%"), ("value=49.995&decimals=2", orange, "50.00%"),
        ("value=50", orange, "50%"), ("value=79.9", green, "80%"), ("value=79.9&decimals=1", orange, "79.9%"),
        ("value=80", green, "80%"), ("value=100", green, "100%"),
    ]

    @Test(arguments: colorAtPercent)
    func eachStepStartsAtThePercentTheLabelShows(query: String, expected: RGBAColor, label: String) throws {
        let spec = try RingSpec.parse(query: "thresholds=50:orange,80:green&\(query)")
        #expect(spec.effectiveColor == expected)
        #expect(RingGeometry(spec).label == label)
    }

    @Test func percentsAreSharesOfTheRange() throws {
        // 150 of 100…200 is 50 %.
        let spec = try RingSpec.parse(query: "min=100&max=200&value=150&thresholds=50:orange")
        #expect(spec.effectiveColor == Self.orange)
        let below = try RingSpec.parse(query: "min=100&max=200&value=148.9&thresholds=50:orange")
        #expect(below.effectiveColor == Self.blue)
    }

    /// 99.5 of 100 is not done: it shows 99 % and takes the color of 99, not of a step at 100.
    @Test func aThresholdAt100IsReachedOnlyWhenDone() throws {
        let almost = try RingSpec.parse(query: "value=99.5&thresholds=50:orange,100:green")
        #expect(RingGeometry(almost).label == "99%" && almost.effectiveColor == Self.orange)
        let done = try RingSpec.parse(query: "value=100&thresholds=50:orange,100:green")
        #expect(RingGeometry(done).label == "100%" && done.effectiveColor == Self.green)
    }

    /// Decoded PNG pixels on the stroke's centre line just below and at each breakpoint.
    @Test(arguments: [(49.0, blue), (50.0, orange), (79.0, orange), (80.0, green)])
    func pngStrokeTakesTheThresholdColor(value: Double, expected: RGBAColor) throws {
        let spec = try RingSpec.parse(query: "thresholds=50:orange,80:green&label=none&value=\(value)")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        for degrees in [10.0, g.progressSweep / 2, g.progressSweep - 10] {
            let p = g.point(atDegrees: degrees)
            #expect(image.pixel(p.x, p.y).isClose(to: expected), "at \(degrees)°: \(image.pixel(p.x, p.y).hex)")
        }
    }

    @Test func svgStrokeTakesTheThresholdColor() throws {
        let spec = try RingSpec.parse(query: "thresholds=50:orange,80:green&value=85")
        let svg = String(decoding: SVGRenderer.render(spec), as: UTF8.self)
        #expect(svg.contains("stroke=\"#008000\""))
        #expect(!svg.contains("#2563eb"))
    }

    static let sameKey: [(String, String)] = [
        ("thresholds=50:orange", "thresholds=50.0:%23ffa500"),
        ("thresholds=50:orange,80:green", "thresholds=5e1:FFA500,80.000:%23008000ff"),
        ("thresholds=0:red", "thresholds=-0:f00"),
    ]

    @Test(arguments: sameKey)
    func equivalentPairsShareAKey(first: String, second: String) throws {
        #expect(try RingSpec.parse(query: first).canonicalKey == RingSpec.parse(query: second).canonicalKey)
        #expect(try RingSpec.parse(query: first) == RingSpec.parse(query: second))
    }

    @Test func keyListsThePairsAndParsesBack() throws {
        let spec = try RingSpec.parse(query: "value=60&thresholds=50:orange,80:green")
        #expect(spec.canonicalKey.hasSuffix("&thresholds=50:ffa500,80:008000"))
        #expect(spec.canonicalQuery == "value=60&thresholds=50:ffa500,80:008000")
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        // The list is part of the key even where it does not change the color.
        let plain = try RingSpec.parse(query: "value=10")
        let below = try RingSpec.parse(query: "value=10&thresholds=50:orange")
        #expect(plain.canonicalKey != below.canonicalKey)
    }
}
