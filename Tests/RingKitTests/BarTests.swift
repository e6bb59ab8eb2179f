import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Bars: the ring's parameters with the ring's meaning, plus `width`, `height` and `radius`.
struct BarSpecTests {
    static func message(_ query: String) -> String? {
        do {
            _ = try BarSpec.parse(query: query)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaultsAreA200By20BarWithRoundEnds() throws {
        let spec = try BarSpec.parse(query: "")
        #expect(spec.width == 200 && spec.height == 20 && spec.effectiveRadius == 10 && spec.barCount == 1)
        #expect(spec.imageHeight == 20)
    }

    @Test func oneImageIsOneKeyWhateverTheSpelling() throws {
        let keys = try ["value=72&color=red", "color=RED&value=72.0", "value=72&color=%23f00&width=200&radius=10"].map {
            try BarSpec.parse(query: $0).canonicalKey(for: .svg)
        }
        #expect(Set(keys).count == 1)
        #expect(
            try BarSpec.parse(query: "value=72").canonicalKey(for: .svg)
                != RingSpec.parse(query: "value=72").canonicalKey(for: .svg))
        // A bar's key names its shape; a PNG's key its scale, an SVG's not.
        #expect(try BarSpec.parse(query: "width=300").canonicalKey(for: .svg) != keys[0])
        #expect(try BarSpec.parse(query: "value=72&color=red&scale=2").canonicalKey(for: .svg) == keys[0])
        #expect(
            try BarSpec.parse(query: "value=72&color=red&scale=2").canonicalKey(for: .png)
                != BarSpec.parse(query: "value=72&color=red").canonicalKey(for: .png))
    }

    /// A ring URL's own parameters are unknown to a bar, so they are ignored as any unknown parameter is.
    @Test func ringOnlyParametersAreIgnored() throws {
        let plain = try BarSpec.parse(query: "value=40")
        let withRingOnes = try BarSpec.parse(
            query: "value=40&size=5000&thickness=x&cap=blob&arc=0&start=999&direction=up")
        #expect(plain == withRingOnes)
    }

    @Test func canonicalQueryParsesBackToTheSameBar() throws {
        for query in [
            "", "value=72&width=300", "value=30,60,90&height=12&radius=0", "value=5&gradient=green&theme=auto",
        ] {
            let spec = try BarSpec.parse(query: query)
            #expect(try BarSpec.parse(query: spec.canonicalQuery) == spec, "\(query) → \(spec.canonicalQuery)")
        }
        #expect(try BarSpec.parse(query: "").canonicalQuery == "")
    }

    @Test(arguments: [
        ("width=15", "width: 15 is out of range 16…1024"),
        ("width=abc", "width: \"abc\" is not a number (accepted: an integer 16…1024)"),
        ("width=-5", "width: -5 is out of range 16…1024"), ("width=0", "width: 0 is out of range 16…1024"),
        ("width=1e9", "width: 1e9 is out of range 16…1024"), ("height=3", "height: 3 is out of range 4…128"),
        ("height=200.5", "height: 200.5 is not an integer (accepted: 4…128)"),
        ("radius=11", "radius: 11 is out of range 0…10 (at most half of height 20)"),
        ("radius=-1", "radius: -1 is out of range 0…10 (at most half of height 20)"),
        ("height=40&radius=21", "radius: 21 is out of range 0…20 (at most half of height 40)"),
        ("width=600&scale=4", "scale: 4 is too large for width 600: each side × scale must be at most 2048"),
        (
            "value=1,2,3,4,5&height=128&scale=3",
            "scale: 3 is too large for height 896 (5 bars): each side × scale must be at most 2048"
        ),
        ("width=", "width: \"\" is not a number (accepted: an integer 16…1024)"),
        ("value=72&fontSize=5", "fontSize: 5 is out of range 6…128"),
    ])
    func badShapesAreRefusedNamingTheParameter(query: String, expected: String) {
        #expect(Self.message(query) == expected)
    }

    @Test func aTemplateThatFitsNowhereIsRefusedWithTheWidthItNeeds() throws {
        let message = try #require(Self.message("width=40&height=8&label=Tasks%20done%20this%20sprint"))
        #expect(message.hasPrefix("label: \"Tasks done this sprint\" needs a width of "))
        #expect(message.hasSuffix("px; width is 40 (shorten the label, raise width, or raise height to put it inside)"))
    }
}

struct BarLayoutTests {
    static func layout(_ query: String) throws -> BarLayout { BarLayout(try BarSpec.parse(query: query)) }

    @Test func theFillCoversTheValuesShareOfTheTrack() throws {
        #expect(try Self.layout("value=25").bars[0].fillLength == 50)
        #expect(try Self.layout("value=0").bars[0].fillLength == 0)
        #expect(try Self.layout("value=100&width=300").bars[0].fillLength == 300)
        #expect(try Self.layout("value=7&max=12&width=120").bars[0].fillLength == 70)
    }

    @Test func theLabelSitsInsideWhereItFitsAndBesideWhereItDoesNot() throws {
        let inside = try Self.layout("value=72")
        #expect(inside.placement == .inside && inside.fontSize == 12 && inside.labelX == 100)
        #expect(inside.bars[0].label == "72%" && inside.bars[0].baseline == 14)
        // A thin bar has no room inside: the label goes in a column on the right, and the track gets shorter.
        let thin = try Self.layout("value=72&height=8")
        #expect(thin.placement == .beside && thin.trackLength < 200 && thin.labelX > thin.trackLength)
        #expect(thin.fontSize == 6)
        // Too little width for a label beside a bar: an automatic percentage is left out.
        let narrow = try Self.layout("value=72&height=6&width=20")
        #expect(narrow.placement == .omitted && narrow.bars[0].label == nil && narrow.trackLength == 20)
    }

    /// Beside a thin bar the label ends at the image's right edge (a browser's Verdana, wider than the DejaVu Sans
    /// measured, grows into the gap before it instead of past the edge, where `40%` was cut), its capitals inside the
    /// image (a 5 px bar's label sat 0.3 px above the top); an image lower than the capitals has no label.
    @Test func aLabelBesideAThinBarStaysInsideTheImage() throws {
        for height in 5...8 {
            let spec = try BarSpec.parse(query: "value=40&width=240&height=\(height)")
            let layout = BarLayout(spec)
            #expect(layout.placement == .beside && layout.labelX == 240)
            let baseline = layout.bars[0].baseline
            #expect(baseline - 2 * 0.364 * layout.fontSize >= 0 && baseline <= Double(height), "\(height) px")
            let svg = String(decoding: BarRenderer.svg(spec), as: UTF8.self)
            #expect(svg.contains(#"<text x="240" y="\#(CanonicalNumber.text(baseline))" text-anchor="end""#))
            let png = try #require(DecodedPNG(try BarRenderer.png(spec)))
            var inkRight = 0
            for x in 200..<240 {
                for y in 0..<height where png.pixel(Double(x) + 0.5, Double(y) + 0.5).alpha > 100 { inkRight = x }
            }
            #expect(inkRight >= 236, "the PNG's label ends at the edge too: \(inkRight)")
        }
        let four = BarLayout(try BarSpec.parse(query: "value=40&width=240&height=4"))
        #expect(four.placement == .omitted && four.bars[0].label == nil && four.heightNeededForLabels == 5)
    }

    @Test func stackedBarsEachShowTheirOwnValue() throws {
        let layout = try Self.layout("value=30,60,90&label={value}/{max}")
        #expect(layout.bars.map(\.label) == ["30/100", "60/100", "90/100"])
        #expect(layout.bars.map(\.y) == [0, 30, 60] && layout.height == 80)
        #expect(Set(layout.bars.map(\.fillColor)).count == 3)
    }

    /// An inside label is drawn in whichever of the two text colors reads better on what is behind it.
    @Test func anInsideLabelContrastsWithWhatIsBehindIt() throws {
        let white = RGBAColor(0xff, 0xff, 0xff)
        let dark = RingSpec.Theme.light.textColor
        #expect(try Self.layout("value=90&color=navy").bars[0].textColor == white)
        #expect(try Self.layout("value=90&color=yellow").bars[0].textColor == dark)
        #expect(try Self.layout("value=10&color=navy").bars[0].textColor == dark)
        #expect(try Self.layout("value=10&color=navy&track=black").bars[0].textColor == white)
        // A color of one's own is kept.
        #expect(try Self.layout("value=90&color=navy&textColor=red").bars[0].textColor == RGBAColor(0xff, 0, 0))
        // Under auto, where the track turns dark, the label over it turns light.
        let auto = try Self.layout("value=10&theme=auto").bars[0]
        #expect(auto.textColor == dark && auto.darkTextColor == white)
    }
}

struct BarRendererTests {
    @Test(arguments: ["value=72", "value=30,60,90&gradient=red&animate=2&theme=auto", "value=5&label=%3Cscript%3E"])
    func svgHasNoActiveContent(query: String) throws {
        let svg = BarRenderer.svg(try BarSpec.parse(query: query))
        expectNoActiveContent(svg)
        #expect(try #require(SVGDocument(svg)).first("svg")?.attributes["role"] == "img")
    }

    @Test func animationGrowsTheFillAndStopsUnderReducedMotion() throws {
        let text = unscopedText(BarRenderer.svg(try BarSpec.parse(query: "value=72&animate=1.5&gradient=green")))
        #expect(text.contains("@keyframes p{from{transform:scaleX(0)}}"))
        #expect(text.contains(".p{transform-origin:0 0;animation:p 1.5s ease-out}"))
        #expect(text.contains("@media (prefers-reduced-motion:reduce){.p,.w{animation:none}}"))
        #expect(text.contains("<g class=\"p\">"))
    }

    /// Pixels of the PNG where the shapes must be: fill, track, corners cut by the radius (or not), label.
    @Test func pngDrawsTheFillTrackAndCorners() throws {
        let round = try #require(
            DecodedPNG(try BarRenderer.png(try BarSpec.parse(query: "value=50&label=none&scale=2"))))
        #expect(round.width == 400 && round.height == 40)
        #expect(round[100, 20] == Pixel(0x25, 0x63, 0xeb))
        #expect(round[300, 20] == Pixel(0xe5, 0xe7, 0xeb))
        #expect(round[0, 0].alpha == 0 && round[399, 39].alpha == 0)
        let square = try #require(
            DecodedPNG(try BarRenderer.png(try BarSpec.parse(query: "value=50&label=none&radius=0"))))
        #expect(square[0, 0] == Pixel(0x25, 0x63, 0xeb) && square[199, 19] == Pixel(0xe5, 0xe7, 0xeb))
        // The fill's right end is straight; its left end is the track's round one.
        let small = try #require(DecodedPNG(try BarRenderer.png(try BarSpec.parse(query: "value=2&label=none"))))
        #expect(small[2, 10].alpha == 255 && small[2, 1].alpha < 255)
    }

    /// A radius of a hair, where `length − (length − radius)` rounds to a little more than the radius: every point of
    /// the outline is finite (it once took the root of a negative number, a NaN that made Cairo's arc abort the
    /// process), and the PNG is drawn whole, its ends as square as they look.
    @Test(arguments: ["1e-3", "1e-6", "4.9e-324", "0.1", "0.37"])
    func aRadiusOfAHairDrawsAWholeBar(radius: String) throws {
        for width in [16, 17, 200, 999, 1024] {
            let r = try BarSpec.parse(query: "width=\(width)&radius=\(radius)").effectiveRadius
            for (from, to) in [(0.0, Double(width)), (0, Double(width) / 2), (Double(width) / 3, Double(width))] {
                let shape = BarShape(length: Double(width), y0: 0, height: 20, radius: r, from: from, to: to)
                let points =
                    [shape.start]
                    + shape.steps.map { step in
                        switch step {
                        case .line(let x, let y), .arc(_, _, _, _, _, let x, let y): (x, y)
                        }
                    }
                #expect(points.allSatisfy { $0.0.isFinite && $0.1.isFinite }, "\(radius) \(width) \(from)…\(to)")
            }
            let spec = try BarSpec.parse(query: "value=100&width=\(width)&radius=\(radius)&label=none")
            let png = try #require(DecodedPNG(try BarRenderer.png(spec)))
            #expect(png.width == width && png.height == 20)
            #expect(png[width - 1, 10] == Pixel(0x25, 0x63, 0xeb) && png[0, 10] == Pixel(0x25, 0x63, 0xeb))
        }
    }

    /// The SVG drawn by rsvg-convert and our PNG are the same picture, away from the label.
    @Test(arguments: [
        "value=72", "value=3&radius=0", "value=30,60,90&width=240", "value=72&gradient=green&width=300",
        "value=40&height=8", "value=99&height=40&width=400&radius=6&background=0d1117&color=orange&track=none",
        "value=60&color=%232563eb80&gradient=%23ff000080",
    ])
    func svgThroughRsvgMatchesOurPNG(query: String) throws {
        let spec = try BarSpec.parse(query: query + "&label=none")
        let ours = try #require(DecodedPNG(try BarRenderer.png(spec)))
        let theirs = try #require(DecodedPNG(try RSVG.render(BarRenderer.svg(spec))))
        #expect(ours.width == theirs.width && ours.height == theirs.height)
        var painted = 0
        var differing = 0
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours[x, y]
                let b = theirs[x, y]
                if a.alpha > 0 || b.alpha > 0 { painted += 1 }
                if a.distance(to: b) > 32 && (a.alpha > 8 || b.alpha > 8) { differing += 1 }
            }
        }
        #expect(painted > 0)
        #expect(differing <= painted / 1000, "\(differing) of \(painted) pixels differ: \(query)")
    }
}
