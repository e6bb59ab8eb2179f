import Foundation
import TestSupport
import Testing

@testable import RingKit

struct MultiRingTests {
    static let red = RGBAColor(255, 0, 0)
    static let green = RGBAColor(0, 0x80, 0)
    static let blue = RGBAColor(0, 0, 255)
    static let track = RGBAColor(0xe5, 0xe7, 0xeb)

    @Test func listsGiveOneRingPerValue() throws {
        let spec = try RingSpec.parse(query: "value=30,60,90&color=red,green,blue&track=none,eee,none")
        #expect(spec.ringCount == 3)
        #expect((0..<3).map(spec.value(ofRing:)) == [30, 60, 90])
        #expect((0..<3).map(spec.color(ofRing:)) == [Self.red, Self.green, Self.blue])
        #expect((0..<3).map(spec.track(ofRing:)) == [nil, RGBAColor(0xee, 0xee, 0xee), nil])
        #expect(spec.thickness == 11)
    }

    @Test func oneColorServesEveryRingAndDefaultsDifferPerRing() throws {
        let one = try RingSpec.parse(query: "value=30,60&color=red&track=none")
        #expect(one.color(ofRing: 1) == Self.red && one.track(ofRing: 1) == nil)
        let defaults = try RingSpec.parse(query: "value=30,60,90,20,10")
        #expect(Set((0..<5).map(defaults.color(ofRing:))).count == 5)
        #expect((0..<5).allSatisfy { defaults.track(ofRing: $0) == Self.track })
    }

    @Test func valuesAreClampedAndTheSingleRingIsUnchanged() throws {
        let spec = try RingSpec.parse(query: "value=-5,150")
        #expect(spec.reading.value == 0 && spec.reading.more[0].value == 100)
        let single = try RingSpec.parse(query: "value=72")
        #expect(single.innerRings.isEmpty && single.thickness == 13)
    }

    static let refused: [(String, String)] = [
        (
            "value=1,2,3,4,5,6",
            #"value: "1,2,3,4,5,6" lists 6 values (accepted: 1…5 decimals separated by commas, such as 30,60,90)"#
        ),
        (
            "value=30,,60",
            #"value: "30,,60" has "", which is not a number (accepted: 1…5 decimals separated by commas, such as 30,60,90)"#
        ),
        (
            "value=30,1e999",
            #"value: "30,1e999" has 1e999, which is not a finite number (accepted: 1…5 decimals separated by commas, such as 30,60,90)"#
        ),
        (
            "value=30,60,90&color=red,green",
            #"color: "red,green" lists 2 colors for 3 rings (accepted: one for every value, or one for all)"#
        ),
        (
            "value=30&color=red,green",
            #"color: "red,green" lists 2 colors for 1 ring (accepted: one for every value, or one for all)"#
        ),
        (
            "value=30,60&color=red,purplish",
            #"color: "red,purplish" has "purplish", which is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "value=30,60&track=none,none,none",
            #"track: "none,none,none" lists 3 colors for 2 rings (accepted: one for every value, or one for all)"#
        ),
        ("value=30,60,90&thickness=19", "thickness: 19 is out of range 1…18.28 (at most what 3 rings fit in size 128)"),
    ]

    @Test(arguments: refused)
    func refusesWithAMessageNamingTheParameter(query: String, expected: String) {
        #expect(ringMessage(query) == expected)
    }

    /// Decoded PNG: each ring's progress and track at its own radius, and nothing in the gaps between rings.
    @Test(arguments: [1, 2])
    func pngDrawsEachRingAtItsRadius(scale: Int) throws {
        let spec = try RingSpec.parse(
            query: "value=30,60,90&color=red,green,blue&label=none&size=200&scale=\(scale)")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let k = Double(scale)
        let colors = [Self.red, Self.green, Self.blue]
        #expect(g.innerBands.count == 2)
        for (index, band) in g.bands.enumerated() {
            let onProgress = g.point(atDegrees: band.progressSweep / 2, radius: band.radius)
            #expect(image.pixel(onProgress.x * k, onProgress.y * k).isClose(to: colors[index]), "ring \(index)")
            let onTrack = g.point(atDegrees: 340, radius: band.radius)
            #expect(image.pixel(onTrack.x * k, onTrack.y * k).isClose(to: Self.track), "track \(index)")
            if index > 0 {
                // Midway between this ring and the one outside it lies the gap, a quarter stroke wide.
                let gap = g.point(atDegrees: 10, radius: band.radius + RingSpec.ringSpacing(thickness: g.thickness) / 2)
                #expect(image.pixel(gap.x * k, gap.y * k).alpha == 0, "gap outside ring \(index)")
            }
        }
        let hole = g.point(atDegrees: 45, radius: g.innerBands[1].radius - g.thickness)
        #expect(image.pixel(hole.x * k, hole.y * k).alpha == 0)
    }

    /// `thresholds` color each ring by its own value.
    @Test func thresholdsColorEachRingByItsOwnValue() throws {
        let spec = try RingSpec.parse(query: "value=90,60,30&thresholds=50:orange,80:green&color=gray&label=none")
        let expected = [RGBAColor(0, 0x80, 0), RGBAColor(0xff, 0xa5, 0), RGBAColor(0x80, 0x80, 0x80)]
        #expect((0..<3).map(spec.effectiveColor(ofRing:)) == expected)
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        for (index, band) in g.bands.enumerated() {
            let p = g.point(atDegrees: band.progressSweep / 2, radius: band.radius)
            #expect(image.pixel(p.x, p.y).isClose(to: expected[index]), "ring \(index): \(image.pixel(p.x, p.y).hex)")
        }
    }

    @Test func labelShowsTheFirstRingAndTitleNamesAll() throws {
        let spec = try RingSpec.parse(query: "value=30,60,90")
        let document = try #require(SVGDocument(SVGRenderer.render(spec)))
        #expect(document.first("text")?.text == "30%")
        #expect(document.first("title")?.text == "Progress: 30%, 60%, 90%")
        #expect(document.all("circle").count == 3)
        #expect(document.all("path").count == 3)
        let templated = try #require(
            SVGDocument(SVGRenderer.render(try RingSpec.parse(query: "value=3,6&label={value}+done"))))
        #expect(templated.first("text")?.text == "3 done")
    }

    @Test func animationRevealsEveryRing() throws {
        let svg = SVGRenderer.render(try RingSpec.parse(query: "value=30,0,90&animate=2"))
        expectNoActiveContent(svg)
        let text = unscopedText(svg)
        #expect(text.contains("@keyframes p{") && text.contains("@keyframes p2{") && !text.contains("p1"))
        #expect(text.contains("@media (prefers-reduced-motion:reduce){.p,.p2{animation:none}}"))
    }

    static let agreement = [
        "value=30,60,90", "value=30,60,90&color=red,green,blue&size=256", "value=10,95&arc=270&cap=square",
        "value=100,50,25,75,5&direction=ccw&scale=2", "value=40,80&track=none,333&thickness=20&cap=butt",
    ]

    @Test(arguments: agreement)
    func svgThroughRsvgMatchesOurPNG(query: String) throws {
        try RenderAgreementTests().expectAgreement(try RingSpec.parse(query: query))
    }

    static let sameKey: [(String, String)] = [
        ("value=30,60,90&color=red,red,red", "value=30,60,90&color=red"),
        ("value=30,60,90", "value=30,60,90&color=2563eb,16a34a,ea580c&track=e5e7eb"),
        ("value=30.0,6e1", "value=30,60"),
        ("value=30,60,90&thickness=11", "value=30,60,90"),
        ("value=72,150", "value=72,100"),
        ("value=30,40&max=100,100", "value=30,40"),
        ("value=30,40&max=100.0,42", "value=30,40&max=1e2,42.0"),
        ("value=30,50&max=100,42", "value=30,42&max=100,42"),
    ]

    @Test(arguments: sameKey)
    func queriesThatMeanOneImageShareAKey(first: String, second: String) throws {
        #expect(try RingSpec.parse(query: first).canonicalKey == RingSpec.parse(query: second).canonicalKey)
        #expect(try RingSpec.parse(query: first) == RingSpec.parse(query: second))
    }

    @Test func pathValueCarriesTheListToo() throws {
        let spec = try RingSpec.parse(query: "color=red", pathValue: "30,60")
        #expect(spec == (try RingSpec.parse(query: "value=30,60&color=red")))
    }

    /// A spec built by hand with inner rings keys and draws as the query its key spells.
    @Test func handBuiltRingsKeyAndDrawAsTheirQuery() throws {
        var spec = RingSpec()
        spec.reading.value = 20
        spec.reading.more = [ValueReading.Item(value: 150), ValueReading.Item(value: 40)]
        spec.innerRings = [
            RingSpec.InnerRing(color: Self.green, track: nil),
            RingSpec.InnerRing(color: Self.blue, track: Self.track, gradient: Self.red),
        ]
        let parsed = try RingSpec.parse(query: spec.canonicalKey)
        #expect(parsed.canonicalKey == spec.canonicalKey)
        #expect(parsed.reading.more[0].value == 100)
        #expect(SVGRenderer.render(spec) == SVGRenderer.render(parsed))
        #expect(try PNGRenderer.render(spec) == PNGRenderer.render(parsed))
    }

    @Test func keysListTheRingsAndParseBack() throws {
        let spec = try RingSpec.parse(query: "value=30,60&color=red,blue&track=none&gradient=yellow")
        #expect(spec.canonicalQuery == "value=30,60&color=ff0000,0000ff&track=none&gradient=ffff00")
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        #expect(try RingSpec.parse(query: spec.canonicalQuery) == spec)
        #expect(try RingSpec.parse(query: "value=30,60,90").canonicalQuery == "value=30,60,90")
        #expect(
            try RingSpec.parse(query: "value=30,60").canonicalKey != RingSpec.parse(query: "value=60,30").canonicalKey)
    }

    /// Found by the spec fuzzer (`/ring/0,14e-3242.svg?track=none`: the second value underflows to 0): rings all at
    /// their default value still need `value` in the canonical query, or it reads back as one ring.
    @Test(arguments: ["value=0,0", "value=0,0,0&track=none", "value=0,1e-400", "value=-5,0&min=0"])
    func ringsAllAtZeroKeepTheirCountInTheCanonicalQuery(query: String) throws {
        let spec = try RingSpec.parse(query: query)
        #expect(spec.canonicalQuery.hasPrefix("value=0,0"))
        let again = try RingSpec.parse(query: spec.canonicalQuery)
        #expect(again == spec)
        #expect(again.canonicalKey == spec.canonicalKey)
    }

    /// Each ring or bar on its own scale (`max=100,42`, and each stored value's record): its arc, its bar, its label
    /// and its part of the title; the key lists the maxima only where they differ and parses back.
    @Test func eachRingMayHaveItsOwnMax() throws {
        let spec = try RingSpec.parse(query: "value=30,40&max=100,42&label=%7Bvalue%7D/%7Bmax%7D")
        #expect(spec.max(ofRing: 0) == 100 && spec.max(ofRing: 1) == 42)
        let geometry = RingGeometry(spec)
        #expect(abs(geometry.innerBands[0].fraction - 40.0 / 42) < 1e-12)
        #expect(geometry.title == "Progress: 30/100, 40/42")
        #expect(spec.canonicalQuery.contains("max=100,42"))
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        let bar = try BarSpec.parse(query: "value=30,40&max=100,42&width=200")
        let layout = BarLayout(bar)
        #expect(layout.title == "Progress: 30%, 95%")
        // Each value clamped into its own range; a label that writes the value keeps it.
        #expect(try RingSpec.parse(query: "value=30,50&max=100,42").value(ofRing: 1) == 42)
        // One max still serves every ring.
        #expect(try RingSpec.parse(query: "value=30,40&max=42").max(ofRing: 1) == 42)
    }

    static let maxListRefusals: [(String, String)] = [
        ("value=30,40&max=100,42,5", #"max: "100,42,5" lists 3 maxima for 2 values"#),
        ("value=30&max=1,2", #"max: "1,2" lists 2 maxima for 1 value"#),
        ("value=30,40&max=100,0", #"max: "100,0" has "0", which is not greater than min 0"#),
        ("value=30,40&max=100,x", #"max: "100,x" has "x", which is not a number"#),
        ("value=30,40&min=50&max=100,40", #"max: "100,40" has "40", which is not greater than min 50"#),
    ]

    @Test(arguments: maxListRefusals)
    func aListOfMaximaThatDoesNotFitIsRefusedNamingMax(query: String, expected: String) {
        #expect(ringMessage(query)?.hasPrefix(expected) == true, "\(ringMessage(query) ?? "parsed")")
    }
}
