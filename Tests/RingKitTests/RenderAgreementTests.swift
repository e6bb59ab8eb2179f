import Foundation
import RingKit
import TestSupport
import Testing

/// The SVG (drawn by librsvg's `rsvg-convert`) and our PNG show the same ring.
///
/// Tolerances: both sides rasterize with Cairo, but librsvg turns SVG arcs into its own Bézier segments from
/// coordinates rounded to 0.01 px, so the anti-aliased pixels along stroke edges differ slightly (measured: at most
/// 21 levels of 255 on these cases, never inside a stroke). Away from the label pixels must agree within 32
/// levels, all but one in a thousand (200 random rings showed one pixel at the centre of a stroke thicker than the
/// hole, where the two stroke paths fold differently); a ring turned by 2° already fails on 1 % of its pixels. Text is
/// laid out by Pango on both sides, but librsvg positions each glyph run itself, so the label is compared by its ink:
/// the same amount (±12 %) centred at the same point (±1 px).
struct RenderAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var value: Double
        var arc: Double = 360
        var direction: RingSpec.Direction = .cw
        var cap: RingSpec.Cap = .round
        var start: Double? = nil
        var size = 128
        var scale = 1
        var background: RGBAColor? = nil
        var label: RingSpec.Label = .auto
        var testDescription: String { "value \(value) arc \(arc) \(direction) \(cap) size \(size)×\(scale)" }

        var spec: RingSpec {
            var s = RingSpec()
            s.reading.value = value
            s.arc = arc
            s.direction = direction
            s.cap = cap
            s.start = start
            s.size = size
            s.scale = scale
            s.background = background
            s.label = label
            return s
        }
    }

    static let cases: [Case] = [
        Case(value: 72), Case(value: 0), Case(value: 100), Case(value: 5, cap: .square),
        Case(value: 50, arc: 270), Case(value: 35, direction: .ccw, start: 45),
        Case(value: 66, cap: .butt, background: RGBAColor(0xff, 0xff, 0xff)), Case(value: 90, size: 256),
        Case(value: 12.5, size: 64, scale: 2), Case(value: 80, arc: 200, direction: .ccw, cap: .square),
        Case(value: 42, label: .template("{value} of {max}")), Case(value: 99.5, size: 32),
        // Sweeps so small that the arc's ends coincide in the SVG: both still draw the cap.
        Case(value: 0.001, label: .none), Case(value: 0.001, cap: .square, label: .none),
        Case(value: 99.999, cap: .butt, label: .none), Case(value: 0.3, arc: 90, cap: .square),
        // A template that wraps onto two lines.
        Case(value: 37, label: .template("1234 of 5678 tasks done")),
    ]

    /// Labels in other scripts: right-to-left, joined, combining and CJK, laid out alike by both renderers (emoji
    /// are compared with Chromium in the browser tests: librsvg draws color glyphs as one-color masks, browsers and
    /// our PNG in color). Runs of another direction or font are placed by each renderer itself, so the ink's centre
    /// may differ by 1.5 px here.
    static let scripts: [String] = [
        "התקדמות {value}%", "تقدم {value}%", "进度 {value}%", "進捗 {value}％", "진행 {value}%",
        "e\u{301}\u{302}te\u{301}", "30% שלום abc",
    ]

    @Test(arguments: scripts)
    func labelsInEveryScriptAgreeWithRsvg(_ template: String) throws {
        var spec = RingSpec()
        spec.reading.value = 30
        spec.size = 256
        spec.label = .template(template)
        try expectAgreement(spec, labelOffset: 1.5)
    }

    @Test(arguments: cases)
    func svgThroughRsvgMatchesOurPNG(_ c: Case) throws {
        try expectAgreement(c.spec)
    }

    /// Random rings from a fixed seed: every parameter the renderers read, in its accepted range.
    @Test func randomRingsAgree() throws {
        var rng = SeededRandom(seed: 0x5EED_2026)
        func color(_ rng: inout SeededRandom, alpha: Bool) -> RGBAColor {
            RGBAColor(
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng), alpha ? UInt8.random(in: 40...255, using: &rng) : 255)
        }
        for _ in 0..<24 {
            var s = RingSpec()
            s.size = Int.random(in: 16...200, using: &rng)
            s.reading.min = Double(Int.random(in: -50...50, using: &rng))
            s.reading.max = s.reading.min + Double(Int.random(in: 1...500, using: &rng))
            s.reading.value = Double.random(in: s.reading.min...s.reading.max, using: &rng)
            if Bool.random(using: &rng) { s.thickness = Double.random(in: 1...(Double(s.size) / 2), using: &rng) }
            s.cap = RingSpec.Cap.allCases.randomElement(using: &rng)!
            s.direction = Bool.random(using: &rng) ? .cw : .ccw
            s.arc = Bool.random(using: &rng) ? 360 : Double(Int.random(in: 30...359, using: &rng))
            if Bool.random(using: &rng) { s.start = Double(Int.random(in: -360...360, using: &rng)) }
            s.color = color(&rng, alpha: Bool.random(using: &rng))
            s.track = Bool.random(using: &rng) ? color(&rng, alpha: true) : nil
            s.background = Bool.random(using: &rng) ? color(&rng, alpha: false) : nil
            s.scale = Int.random(in: 1...2, using: &rng)
            s.label = .none
            try expectAgreement(s)
        }
    }

    func expectAgreement(
        _ spec: RingSpec, labelOffset: Double = 1, png: RingSpec? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ours = try #require(DecodedPNG(try PNGRenderer.render(png ?? spec)))
        let theirs = try #require(DecodedPNG(try RSVG.render(SVGRenderer.render(spec), zoom: spec.scale)))
        #expect(theirs.width == ours.width && theirs.height == ours.height, sourceLocation: sourceLocation)
        guard theirs.width == ours.width && theirs.height == ours.height else { return }

        let g = RingGeometry(spec)
        let k = Double(spec.scale)
        // The label's box, from the geometry, with a margin; everything else is ring, background or empty.
        let longest = g.labelLayout?.lines.map(\.count).max() ?? 0
        let labelHalfWidth = g.label == nil ? 0 : g.fontSize * 0.75 * Double(longest) + 2
        let labelTop = (g.labelBaseline - g.fontSize) * k - 2
        let labelBottom = ((g.labelLayout?.baselines.last ?? g.labelBaseline) + g.fontSize * 0.3) * k + 2
        func inLabel(_ x: Int, _ y: Int) -> Bool {
            abs(Double(x) + 0.5 - g.center * k) <= labelHalfWidth * k && Double(y) >= labelTop
                && Double(y) <= labelBottom
        }

        var ringPixels = 0
        var ringDiffering = 0
        var ink = (ours: InkSum(), theirs: InkSum())
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours[x, y]
                let b = theirs[x, y]
                if inLabel(x, y) {
                    ink.ours.add(a, spec.textColor, x, y)
                    ink.theirs.add(b, spec.textColor, x, y)
                    continue
                }
                if a.alpha > 0 || b.alpha > 0 { ringPixels += 1 }
                if a.visibleDistance(to: b) > 32 { ringDiffering += 1 }
            }
        }
        #expect(ringPixels > 0 || !RingGeometry(spec).hasProgress, sourceLocation: sourceLocation)
        #expect(
            ringDiffering <= ringPixels / 1000,
            "\(ringDiffering) of \(ringPixels) ring pixels differ by more than 32 levels: \(spec)",
            sourceLocation: sourceLocation)
        if g.label != nil {
            #expect(ink.ours.weight > 0 && ink.theirs.weight > 0)
            let ratio = ink.ours.weight / Swift.max(ink.theirs.weight, 1)
            #expect(ratio > 0.88 && ratio < 1.12, "ink ratio \(ratio)")
            #expect(
                abs(ink.ours.centerX - ink.theirs.centerX) <= labelOffset * k,
                "x \(ink.ours.centerX) vs \(ink.theirs.centerX)")
            #expect(
                abs(ink.ours.centerY - ink.theirs.centerY) <= labelOffset * k,
                "y \(ink.ours.centerY) vs \(ink.theirs.centerY)")
        }
    }

    /// Coverage-weighted centroid of the pixels that carry the text color.
    struct InkSum {
        var weight = 0.0
        var x = 0.0
        var y = 0.0
        var centerX: Double { x / Swift.max(weight, 1) }
        var centerY: Double { y / Swift.max(weight, 1) }

        mutating func add(_ p: Pixel, _ text: RGBAColor, _ px: Int, _ py: Int) {
            // Pixels close to the text color, weighted by opacity: text over transparency or over the background.
            guard p.distance(to: Pixel(text.red, text.green, text.blue, p.alpha)) < 48 else { return }
            let w = Double(p.alpha) / 255
            weight += w
            x += w * (Double(px) + 0.5)
            y += w * (Double(py) + 0.5)
        }
    }
}
