import Foundation
import TestSupport
import Testing

@testable import RingKit

struct GradientTests {
    static let blue = RGBAColor(0x25, 0x63, 0xeb)
    static let red = RGBAColor(0xff, 0, 0)

    static let refused: [(String, String)] = [
        (
            "gradient=purplish",
            #"gradient: "purplish" is not a color (accepted: none, hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "gradient=ff000080",
            "gradient: #ff000080 has another opacity than color #2563eb (accepted: a color of the same alpha, "
                + "as a gradient fades the hue, not the opacity)"
        ),
        (
            "gradient=red&thresholds=50:ff800080",
            "gradient: #ff0000 has another opacity than a thresholds color #ff800080 (accepted: a color of the "
                + "same alpha, as a gradient fades the hue, not the opacity)"
        ),
        (
            "value=1,2&gradient=red,green,blue",
            #"gradient: "red,green,blue" lists 3 colors for 2 rings (accepted: one for every value, or one for all)"#
        ),
        (
            "gradient=purple,none",
            #"gradient: "purple,none" lists 2 colors for 1 ring (accepted: one for every value, or one for all)"#
        ),
        (
            "value=1,2&gradient=none,purplish",
            #"gradient: "none,purplish" has "purplish", which is not a color (accepted: none, hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
    ]

    @Test(arguments: refused)
    func refusesWithAMessageNamingTheParameter(query: String, expected: String) {
        #expect(ringMessage(query) == expected)
    }

    @Test func translucentEndsOfOneOpacityAreAccepted() throws {
        let spec = try RingSpec.parse(query: "color=2563eb80&gradient=ff000080")
        #expect(spec.gradient == RGBAColor(255, 0, 0, 0x80))
    }

    /// The progress fades from `color` to `gradient`: samples on the centre line near the start, the middle and the
    /// end of the arc, drawn over nothing (no track) so any seam between pieces would show as missing alpha.
    @Test(arguments: [RingSpec.Cap.round, .butt, .square], [RingSpec.Direction.cw, .ccw])
    func pngFadesAlongTheArcWithoutSeams(cap: RingSpec.Cap, direction: RingSpec.Direction) throws {
        let spec = try RingSpec.parse(
            query: "value=75&gradient=red&track=none&label=none&size=200&cap=\(cap)&direction=\(direction)")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let sign = direction == .cw ? 1.0 : -1.0
        func sample(_ offset: Double) -> Pixel {
            let p = g.point(atDegrees: g.startAngle + offset * sign)
            return image.pixel(p.x, p.y)
        }
        #expect(sample(1).isClose(to: Self.blue, tolerance: 4), "start \(sample(1).hex)")
        #expect(sample(g.progressSweep - 1).isClose(to: Self.red, tolerance: 4), "end \(sample(269).hex)")
        let middle = GradientStroke.mix(Self.blue, Self.red, 0.5)
        #expect(sample(g.progressSweep / 2).isClose(to: middle, tolerance: 4), "middle \(sample(135).hex)")
        var previous = sample(0.5)
        var offset = 0.75
        while offset < g.progressSweep - 0.5 {
            let color = sample(offset)
            #expect(color.alpha == 255, "seam at \(offset)°: \(color.hex)")
            // Red rises and blue falls steadily: no band steps more than a few levels.
            #expect(Int(color.red) >= Int(previous.red) - 1 && Int(color.red) - Int(previous.red) <= 6)
            #expect(Int(color.blue) <= Int(previous.blue) + 1)
            previous = color
            offset += 0.25
        }
        if cap != .butt {
            // The caps, reached along the tangent beyond each end, are in the end colors.
            let t = g.thickness / 2 * 0.6
            let rad = g.startAngle * Double.pi / 180
            let start = g.point(atDegrees: g.startAngle)
            let before = image.pixel(start.x - cos(rad) * t * sign, start.y - sin(rad) * t * sign)
            #expect(before.isClose(to: Self.blue, tolerance: 2), "start cap \(before.hex)")
            let endRad = g.progressEndAngle * Double.pi / 180
            let end = g.point(atDegrees: g.progressEndAngle)
            let after = image.pixel(end.x + cos(endRad) * t * sign, end.y + sin(endRad) * t * sign)
            #expect(after.isClose(to: Self.red, tolerance: 2), "end cap \(after.hex)")
        } else {
            let rad = g.startAngle * Double.pi / 180
            let start = g.point(atDegrees: g.startAngle)
            #expect(image.pixel(start.x - cos(rad) * 3 * sign, start.y - sin(rad) * 3 * sign).alpha == 0)
        }
    }

    /// librsvg draws the SVG's pieces without hairlines between them either.
    @Test(arguments: [RingSpec.Direction.cw, .ccw])
    func rsvgDrawsTheFadeWithoutSeams(direction: RingSpec.Direction) throws {
        let spec = try RingSpec.parse(
            query: "value=100&gradient=red&track=none&label=none&size=200&direction=\(direction)")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try RSVG.render(SVGRenderer.render(spec))))
        var offset = 0.0
        while offset < 360 {
            let p = g.point(atDegrees: offset)
            #expect(image.pixel(p.x, p.y).alpha == 255, "seam at \(offset)°: \(image.pixel(p.x, p.y).hex)")
            offset += 0.25
        }
    }

    /// Overlapping pieces are laid down as one group: a translucent fade keeps one opacity, even at the seams.
    @Test func translucentFadeHasOneOpacityEverywhere() throws {
        let spec = try RingSpec.parse(query: "value=100&color=2563eb80&gradient=ff000080&track=none&label=none")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        var offset = 0.0
        while offset < 360 {
            let p = g.point(atDegrees: offset)
            let alpha = Int(image.pixel(p.x, p.y).alpha)
            #expect(abs(alpha - 0x80) <= 1, "alpha \(alpha) at \(offset)°")
            offset += 0.5
        }
    }

    @Test func svgHasNoPaintServerAndStaysInert() throws {
        for query in [
            "value=72&gradient=red", "value=100&gradient=orange&cap=square", "value=40&gradient=red&cap=butt",
            "value=60,30&gradient=red,green&theme=auto", "value=50&color=2563eb80&gradient=ff000080",
        ] {
            let svg = SVGRenderer.render(try RingSpec.parse(query: query))
            expectNoActiveContent(svg)
            let text = unscopedText(svg)
            #expect(!text.contains("Gradient"), "\(query)")
            #expect(text.contains("<g fill=\"none\"") || text.contains("<g class=\"gl\" fill=\"none\""), "\(query)")
        }
    }

    @Test func colorAndThresholdsChooseWhereTheFadeStarts() throws {
        let spec = try RingSpec.parse(query: "value=90&thresholds=80:green&gradient=red")
        let svg = String(decoding: SVGRenderer.render(spec), as: UTF8.self)
        #expect(svg.contains("fill=\"#008000\" stroke=\"none\""))
        #expect(svg.contains("fill=\"#ff0000\" stroke=\"none\""))
        #expect(!svg.contains("#2563eb"))
    }

    /// rsvg-convert draws our SVG's pieces as Cairo draws them in the PNG.
    static let agreement = [
        "value=72&gradient=red", "value=100&gradient=orange", "value=35&gradient=green&cap=square&direction=ccw",
        "value=60&gradient=ff0000&cap=butt&arc=270", "value=0.5&gradient=red&label=none",
        "value=80&color=2563eb80&gradient=ff000080&size=200&thickness=30&scale=2",
        "value=30,60,90&gradient=red&size=256", "value=99&gradient=yellow&background=black&track=333",
    ]

    @Test(arguments: agreement)
    func svgThroughRsvgMatchesOurPNG(query: String) throws {
        try RenderAgreementTests().expectAgreement(try RingSpec.parse(query: query))
    }

    static let sameKey: [(String, String)] = [
        ("gradient=red", "gradient=%23FF0000"),
        ("value=1,2&gradient=red,red", "value=1,2&gradient=f00"),
        ("gradient=none", ""),
        ("value=1,2&gradient=none,none", "value=1,2"),
        ("value=1,2,3&gradient=NONE,none,red", "value=1,2,3&gradient=none,none,%23ff0000"),
    ]

    @Test(arguments: sameKey)
    func equivalentGradientsShareAKey(first: String, second: String) throws {
        #expect(try RingSpec.parse(query: first).canonicalKey == RingSpec.parse(query: second).canonicalKey)
    }

    /// A fade animates: each piece draws itself in turn over its share of the time, after the pieces before it, so
    /// the pieces sweep from the start as one stroke; the end cap shows at the end; reduced motion shows the end.
    @Test func aFadeIsRevealedPieceByPieceAndStillUnderReducedMotion() throws {
        let spec = try RingSpec.parse(query: "value=50&gradient=red&animate=2")
        #expect(spec.animate == 2)
        #expect(
            try RingSpec.parse(query: "gradient=red&animate=3").canonicalKey
                != RingSpec.parse(query: "gradient=red").canonicalKey)
        let text = unscopedText(SVGRenderer.render(spec))
        let pieces = text.components(separatedBy: "class=\"q\" style=\"animation:q ").dropFirst()
        #expect(pieces.count > 10)
        // Delays grow from 0 and every piece finishes by the ring's time.
        let timings = pieces.map { piece -> (Double, Double) in
            let fields = piece.prefix { $0 != "\"" }.split(separator: " ")
            return (Double(fields[0].dropLast()) ?? -1, Double(fields[2].dropLast()) ?? -1)
        }
        #expect(timings.first?.1 == 0)
        #expect(zip(timings, timings.dropFirst()).allSatisfy { $0.1 <= $1.1 })
        #expect(timings.allSatisfy { $0.0 > 0 && $0.1 + $0.0 <= 2.002 })
        #expect(text.contains("class=\"e\" style=\"animation:e 0.01s linear 2s backwards\""))
        #expect(text.contains("@media (prefers-reduced-motion:reduce){.q,.e{animation:none!important}}"))
        expectNoActiveContent(SVGRenderer.render(spec))
    }

    @Test func keyNamesTheGradientAndParsesBack() throws {
        let spec = try RingSpec.parse(query: "value=72&gradient=red")
        #expect(spec.canonicalKey.hasSuffix("&gradient=ff0000"))
        #expect(spec.canonicalQuery == "value=72&gradient=ff0000")
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        #expect(try RingSpec.parse(query: "value=72").canonicalKey != spec.canonicalKey)
    }
}
