import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Ticks across the track (`markers`, `target`) and progress grown from a neutral point (`neutral`), read from the
/// pixels of our PNG and of rsvg-convert's drawing of our SVG.
struct MarksTests {
    /// Our PNG and rsvg's picture of our SVG of a ring.
    static func images(_ query: String) throws -> [DecodedPNG] {
        let spec = try RingSpec.parse(query: query)
        return [
            try #require(DecodedPNG(PNGRenderer.render(spec))),
            try #require(DecodedPNG(RSVG.render(SVGRenderer.render(spec)))),
        ]
    }

    /// The pixel on the track's centre line of a 128 px ring at `share` of a full turn from 12 o'clock.
    static func onTrack(_ image: DecodedPNG, share: Double) -> Pixel {
        let g = RingGeometry(RingSpec())
        let p = g.point(atDegrees: 360 * share)
        return image.pixel(p.x, p.y)
    }

    static func near(_ p: Pixel, _ c: RGBAColor?, within levels: Int = 40) -> Bool {
        guard let c else { return false }
        return abs(Int(p.red) - Int(c.red)) <= levels && abs(Int(p.green) - Int(c.green)) <= levels
            && abs(Int(p.blue) - Int(c.blue)) <= levels && p.alpha > 200
    }

    /// A threshold's tick is drawn in its color where the track shows, a target's in the label's color; without
    /// `markers` the thresholds draw none.
    @Test func ticksMarkThresholdsAndTheTarget() throws {
        let light = RingSpec.Theme.light
        for image in try Self.images("value=20&thresholds=50:orange&markers=true&target=75&label=none") {
            #expect(Self.near(Self.onTrack(image, share: 0.5), RGBAColor.parse("orange")))
            #expect(Self.near(Self.onTrack(image, share: 0.75), light.textColor))
            #expect(Self.near(Self.onTrack(image, share: 0.6), light.track))
        }
        for image in try Self.images("value=20&thresholds=50:orange&label=none") {
            #expect(Self.near(Self.onTrack(image, share: 0.5), light.track))
        }
    }

    /// Around a neutral point the progress runs from it to the value: clockwise above it, back against the
    /// direction below it; the label is the value signed.
    @Test func progressGrowsFromTheNeutralPoint() throws {
        let light = RingSpec.Theme.light
        let blue = RingSpec().color
        // min −100, max 100, neutral 0 at 6 o'clock of a full ring (share 0.5); −50 is at share 0.25.
        let below = try Self.images("value=-50&min=-100&max=100&neutral=0&label=none")
        for image in below {
            #expect(Self.near(Self.onTrack(image, share: 0.375), blue))
            #expect(Self.near(Self.onTrack(image, share: 0.125), light.track))
            #expect(Self.near(Self.onTrack(image, share: 0.625), light.track))
        }
        for image in try Self.images("value=50&min=-100&max=100&neutral=0&label=none") {
            #expect(Self.near(Self.onTrack(image, share: 0.625), blue))
            #expect(Self.near(Self.onTrack(image, share: 0.375), light.track))
        }
        #expect(try RingGeometry(RingSpec.parse(query: "value=-5&min=-100&max=100&neutral=0&unit=ms")).label == "−5 ms")
        #expect(try RingGeometry(RingSpec.parse(query: "value=5&min=-100&max=100&neutral=0")).label == "+5")
        #expect(try RingGeometry(RingSpec.parse(query: "value=0&min=-100&max=100&neutral=0")).label == "0")
        // The label is the deviation from the neutral point, as the docs promise, not the value with a sign.
        #expect(try RingGeometry(RingSpec.parse(query: "value=40&neutral=50")).label == "−10")
        #expect(try RingGeometry(RingSpec.parse(query: "value=50&neutral=50")).label == "0")
        #expect(
            try RingGeometry(RingSpec.parse(query: "value=50.3&neutral=50.1&unit=suffix:%20%C2%B0C")).label == "+0.2 °C"
        )
        #expect(try BadgeSpec.parse(query: "value=40&neutral=50").valueText == "−10")
        // A neutral point at min is the default, so a value below it is clamped as without one: the key parses back
        // to the same ring (the spec fuzzer found a key that did not).
        let atMin = try RingSpec.parse(query: "value=-5&neutral=0")
        #expect(try RingSpec.parse(query: atMin.canonicalKey) == atMin)
        #expect(atMin.canonicalKey == (try RingSpec.parse(query: "value=0")).canonicalKey)
        // Growing from min is the default: the same image and key.
        #expect(
            try RingSpec.parse(query: "value=5&neutral=0").canonicalKey == RingSpec.parse(query: "value=5").canonicalKey
        )
    }

    /// A bar: ticks across it at the thresholds and target; a fill from the neutral point to the value.
    @Test func barsTakeTicksAndANeutralPoint() throws {
        func image(_ query: String) throws -> DecodedPNG {
            try #require(DecodedPNG(BarRenderer.png(BarSpec.parse(query: query + "&width=200&height=20&label=none"))))
        }
        let light = RingSpec.Theme.light
        let marked = try image("value=20&thresholds=50:orange&markers=true&target=75")
        #expect(Self.near(marked.pixel(100.5, 10), RGBAColor.parse("orange")))
        #expect(Self.near(marked.pixel(150.5, 10), light.textColor))
        #expect(Self.near(marked.pixel(120, 10), light.track))
        let below = try image("value=-50&min=-100&max=100&neutral=0")
        #expect(Self.near(below.pixel(75, 10), RingSpec().color))
        #expect(Self.near(below.pixel(30, 10), light.track))
        #expect(Self.near(below.pixel(130, 10), light.track))
    }

    /// A badge around a neutral point shows the value signed, and its icon grows from the neutral point.
    @Test func badgesShowTheValueSignedAroundANeutralPoint() throws {
        let spec = try BadgeSpec.parse(query: "value=-12&min=-50&max=50&neutral=0&unit=ms&icon=bar")
        #expect(spec.valueText == "−12 ms")
        guard case .bar(let from, let to) = BadgeLayout(spec).icon else {
            Issue.record("no bar icon")
            return
        }
        #expect(abs(from - 0.38) < 1e-9 && abs(to - 0.5) < 1e-9)
        #expect(
            try BadgeSpec.parse(query: "value=5&neutral=0").canonicalKey
                == BadgeSpec.parse(query: "value=5").canonicalKey)
    }

    /// Bad marks are refused by name.
    @Test(arguments: [
        ("markers=true", "markers: true has nothing to mark"),
        ("markers=yes", #"markers: "yes" is not one of true, false"#),
        ("target=150", "target: 150 is out of range 0…100 (min…max)"),
        ("neutral=-1", "neutral: -1 is out of range 0…100 (min…max)"),
        ("min=-10&neutral=0&gradient=red", "neutral: 0 cannot be combined with gradient"),
        ("thresholds=0:red&markers=true", "markers: true has nothing to mark"),
    ])
    func badMarksAreRefused(query: String, message: String) {
        #expect(ringMessage(query)?.hasPrefix(message) == true, "\(ringMessage(query) ?? "accepted")")
    }
}
