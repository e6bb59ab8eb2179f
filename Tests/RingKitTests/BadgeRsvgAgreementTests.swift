import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// Our PNG against librsvg's drawing of our SVG, for the same badge.
struct BadgeRsvgAgreementTests {
    /// The SVG drawn by librsvg's `rsvg-convert` and our PNG show the same badge, with the ring tests' tolerances:
    /// outside the texts, pixels agree within 32 levels, all but one in a thousand; each text (laid out by Pango
    /// there and by Cairo here) has the same ink (±12 %, measured ±5 %) centred at the same point (±1 px, measured
    /// ≤ 0.31 px), which holds only when both honour the reserved `textLength`.
    @Test(arguments: [
        "label=coverage&value=72", "label=build&value=100&color=brightgreen", "label=&value=0",
        "label=docs&value=50&labelColor=white&color=yellow&decimals=1", "label=tests&value=5&style=flat-square&scale=2",
        "label=Wide+WWW+label&value=33.3&decimals=2&color=%23c2410c80",
        "label=a&value=99.9&thresholds=50:orange,99:green", "label=coverage&value=72&style=plastic",
        "label=&value=33&style=plastic&icon=bar&scale=2", "label=docs&value=50&labelColor=white&style=plastic",
        "label=coverage&value=72&style=for-the-badge", "label=&value=7.5&decimals=1&style=for-the-badge&scale=2",
        "label=stra%C3%9Fe&value=40&style=for-the-badge&icon=bar&theme=dark",
        "label=stars&value=72&style=social", "label=&value=33&style=social&icon=bar&scale=2",
        "label=Wide+WWW+label&value=33.3&decimals=2&style=social&thresholds=30:green",
    ])
    func svgThroughRsvgMatchesOurPNG(_ query: String) throws {
        let spec = try parse(query)
        try expectAgreement(
            BadgeLayout(spec), svg: BadgeRenderer.svg(spec), png: BadgeRenderer.png(spec), scale: spec.scale)
    }

    /// Random badges from a fixed seed: every parameter in its accepted range, every style, labels of Latin text.
    @Test func randomBadgesAgreeWithRsvg() throws {
        var rng = SeededRandom(seed: 0xBAD6_E2026)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_:/()éüßçñ%&<>\"'")
        for _ in 0..<20 {
            var spec = BadgeSpec()
            spec.label = String(
                (0..<Int.random(in: 0...24, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            spec.labelColor = RGBAColor(
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng))
            spec.color = RGBAColor(
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng), Bool.random(using: &rng) ? 255 : 160)
            spec.reading.min = Double(Int.random(in: -50...50, using: &rng))
            spec.reading.max = spec.reading.min + Double(Int.random(in: 1...500, using: &rng))
            spec.reading.value = Double.random(in: spec.reading.min...spec.reading.max, using: &rng)
            spec.valueStyle.decimals = Int.random(in: 0...3, using: &rng)
            spec.style = BadgeSpec.Style.allCases.randomElement(using: &rng)!
            spec.scale = Int.random(in: 1...2, using: &rng)
            let svg = BadgeRenderer.svg(spec)
            expectNoActiveContent(svg)
            try expectAgreement(BadgeLayout(spec), svg: svg, png: BadgeRenderer.png(spec), scale: spec.scale)
        }
    }

    @Test func errorBadgeAgreesWithRsvgToo() throws {
        let message = "size: 5000 is out of range 16…1024"
        try expectAgreement(
            BadgeRenderer.errorLayout(message: message), svg: BadgeRenderer.errorSVG(message: message),
            png: BadgeRenderer.errorPNG(message: message, scale: 2), scale: 2)
    }

    func expectAgreement(
        _ layout: BadgeLayout, svg: [UInt8], png: [UInt8], scale: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ours = try #require(DecodedPNG(png))
        let theirs = try #require(DecodedPNG(try RSVG.render(svg, zoom: scale)))
        #expect(theirs.width == ours.width && theirs.height == ours.height, sourceLocation: sourceLocation)
        guard theirs.width == ours.width && theirs.height == ours.height else { return }
        expectSamePicture(layout, ours: ours, theirs: { theirs[$0, $1] }, scale: scale, sourceLocation: sourceLocation)
    }

    /// Compares our PNG with another renderer's pixels of the same badge (see `svgThroughRsvgMatchesOurPNG`).
    func expectSamePicture(
        _ layout: BadgeLayout, ours: DecodedPNG, theirs pixel: (Int, Int) -> Pixel, scale: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let tolerance = Tolerance.librsvg
        let k = Double(scale)
        let texts = [layout.label, layout.value].compactMap { $0 }
        func box(_ x: Int, _ y: Int) -> Int? {
            let px = (Double(x) + 0.5) / k
            let py = (Double(y) + 0.5) / k
            guard py >= 2, py <= Double(layout.height) - 2 else { return nil }
            return texts.firstIndex { abs(px - $0.centerX) <= Double($0.length) / 2 + 2 }
        }
        var pixels = 0
        var differing = 0
        var worst = 0
        var ink = texts.map { _ in (ours: Ink(), theirs: Ink()) }
        // Each text's background, row by row: the pixel just left of its box, in padding or in the icon's gap.
        let backgroundX = texts.map { Int((($0.centerX - Double($0.length) / 2 - 2) * k).rounded(.down)) - 1 }
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                if let index = box(x, y) {
                    ink[index].ours.add(ours[x, y], over: ours[backgroundX[index], y], x, y)
                    ink[index].theirs.add(pixel(x, y), over: pixel(backgroundX[index], y), x, y)
                    continue
                }
                pixels += 1
                let distance = ours[x, y].visibleDistance(to: pixel(x, y))
                if distance > 32 { differing += 1 }
                worst = Swift.max(worst, distance)
            }
        }
        #expect(worst <= tolerance.worstLevel, "a pixel differs by \(worst) levels", sourceLocation: sourceLocation)
        #expect(
            differing <= pixels / tolerance.differingOneIn,
            "\(differing) of \(pixels) pixels differ by more than 32 levels",
            sourceLocation: sourceLocation)
        for (text, sums) in zip(texts, ink) {
            #expect(
                sums.ours.weight > 0 && sums.theirs.weight > 0, "no ink for \(text.text)",
                sourceLocation: sourceLocation)
            let ratio = sums.ours.weight / Swift.max(sums.theirs.weight, 1)
            #expect(abs(ratio - 1) < tolerance.ink, "\(text.text): ink ratio \(ratio)", sourceLocation: sourceLocation)
            // librsvg (2.54) ignores `textLength`: for-the-badge's letter spacing, a pixel or two between letters,
            // moves the ink's centre as the letters' weights fall, so its place is Chromium's to check
            // (Tests/Browser/badge_fidelity.py) and BadgeStyleTests checks that the ink fills its box.
            #expect(
                layout.style == .forTheBadge || abs(sums.ours.centerX - sums.theirs.centerX) <= k,
                "\(text.text): x \(sums.ours.centerX) vs \(sums.theirs.centerX)", sourceLocation: sourceLocation)
            #expect(
                abs(sums.ours.centerY - sums.theirs.centerY) <= k,
                "\(text.text): y \(sums.ours.centerY) vs \(sums.theirs.centerY)", sourceLocation: sourceLocation)
        }
    }

    /// How closely another renderer must draw the badge.
    struct Tolerance {
        /// At most one pixel in this many (text aside) may differ by more than 32 levels of 255…
        var differingOneIn: Int
        /// …and none by more than this.
        var worstLevel: Int
        /// Each text's ink may differ by this share.
        var ink: Double

        /// Cairo under both: only arc flattening and text hinting differ (measured: ink ±5 %, centres ≤ 0.31 px).
        /// Chromium's tolerances are in Tests/Browser/badge_fidelity.py.
        static let librsvg = Tolerance(differingOneIn: 1000, worstLevel: 255, ink: 0.12)
    }

    /// Ink of a text: how far each pixel's brightness lies from its background, and where that weight centres.
    struct Ink {
        var weight = 0.0
        var x = 0.0
        var y = 0.0
        var centerX: Double { x / Swift.max(weight, 1e-9) }
        var centerY: Double { y / Swift.max(weight, 1e-9) }

        mutating func add(_ p: Pixel, over background: Pixel, _ px: Int, _ py: Int) {
            func luminance(_ c: Pixel) -> Double {
                (0.299 * Double(c.red) + 0.587 * Double(c.green) + 0.114 * Double(c.blue)) * Double(c.alpha) / 65025
            }
            let w = abs(luminance(p) - luminance(background))
            weight += w
            x += w * (Double(px) + 0.5)
            y += w * (Double(py) + 0.5)
        }
    }
}
