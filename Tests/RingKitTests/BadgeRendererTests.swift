import CCairo
import Foundation
import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// `over` painted on `under` at `opacity`, as a viewer composes them.
private func blend(_ under: RGBAColor, _ over: RGBAColor, _ opacity: Double) -> RGBAColor {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - opacity) + Double(b) * opacity).rounded()) }
    return RGBAColor(mix(under.red, over.red), mix(under.green, over.green), mix(under.blue, over.blue))
}

struct BadgeRendererTests {
    @Test func layoutMatchesShieldsWidthsForItsOwnExamples() throws {
        // shields.io draws `build` in a 37 px left half and `coverage` in 61 px (Verdana 11 px, odd widths).
        #expect(BadgeLayout(try parse("label=build")).labelWidth == 37)
        #expect(BadgeLayout(try parse("label=coverage")).labelWidth == 61)
        let layout = BadgeLayout(try parse("label=coverage&value=72"))
        #expect(layout.label?.centerX == 31.5)
        #expect(layout.label?.length == 51)
        #expect(layout.value.text == "72%")
        #expect(layout.width == 61 + 5 + 12 + 4 + layout.value.length + 6)
        #expect(layout.iconX == 66 && layout.iconY == 4)
    }

    @Test func svgIsAShieldsStyleBadgeWithTitleTextsAndRingIcon() throws {
        let spec = try parse("label=coverage&value=72")
        let layout = BadgeLayout(spec)
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let root = try #require(document.first("svg"))
        #expect(root.attributes["width"] == String(layout.width))
        #expect(root.attributes["height"] == "20")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-label"] == "coverage: 72%")
        #expect(document.first("title")?.text == "coverage: 72%")
        let texts = document.all("text")
        #expect(texts.map(\.text) == ["coverage", "coverage", "72%", "72%"])
        // Shadows first, 1 px lower, hidden from screen readers; every text has the width the layout reserved.
        #expect(texts[0].attributes["aria-hidden"] == "true" && texts[0].attributes["y"] == "15")
        #expect(texts[0].attributes["fill-opacity"] == "0.3" && texts[0].attributes["fill"] == "#010101")
        #expect(texts[1].attributes["aria-hidden"] == nil && texts[1].attributes["y"] == "14")
        #expect(texts[1].attributes["fill"] == "#ffffff")
        #expect(texts.map { $0.attributes["textLength"] } == ["51", "51", "25", "25"].map(Optional.some))
        let font = try #require(document.all("g").last)
        #expect(font.attributes["font-size"] == "11")
        #expect(font.attributes["font-family"] == "Verdana,Geneva,DejaVu Sans,sans-serif")
        #expect(font.attributes["text-anchor"] == "middle")
        let fills = document.all("path").compactMap { $0.attributes["fill"] }
        #expect(fills.prefix(2) == ["#555555", "#2563eb"])
        // The flat style's shade: four bands from light to dark, 10 % each.
        #expect(document.all("path").filter { $0.attributes["fill-opacity"] == "0.1" }.count == 4)
        #expect(document.first("circle")?.attributes["r"] == "5")
        #expect(document.first("g")?.attributes["transform"] == "translate(66 4)")
    }

    @Test func flatSquareHasSquareCornersNoShadeAndNoShadows() throws {
        let document = try #require(SVGDocument(BadgeRenderer.svg(try parse("style=flat-square&value=40"))))
        #expect(document.all("text").count == 2)
        #expect(document.all("text").allSatisfy { $0.attributes["aria-hidden"] == nil })
        let panels = document.all("path").filter { $0.attributes["fill"] != nil && $0.attributes["fill"] != "none" }
        #expect(panels.count == 2)
        #expect(panels.allSatisfy { $0.attributes["d"]?.contains("A") == false })
    }

    @Test(arguments: SVGRendererTests.hostile)
    func hostileLabelStaysInertText(_ text: String) throws {
        var spec = BadgeSpec()
        spec.label = text
        spec.value = 30
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        let printable = SVGRendererTests.shown(text)
        #expect(document.first("title")?.text == printable + ": 30%")
        #expect(document.first("svg")?.attributes["aria-label"] == printable + ": 30%")
        #expect(document.all("text").first?.text == printable)
    }

    @Test(arguments: [
        "label=%3C%2Ftext%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", "label=%22%3E%3Csvg+onload%3Dalert(1)%3E",
        "label=url(%23x)+%40import", "label=a%27b%26c",
    ])
    func hostileQueryNeverReachesMarkupUnescaped(_ query: String) throws {
        let svg = BadgeRenderer.svg(try parse(query))
        expectNoActiveContent(svg)
        let bytes = String(decoding: svg, as: UTF8.self)
        #expect(!bytes.contains("<script") && !bytes.contains("onload=") && !bytes.contains("url("))
    }

    @Test func pngHasTheLayoutSizeTimesScale() throws {
        for scale in 1...3 {
            let spec = try parse("label=tests&value=5&scale=\(scale)")
            let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
            #expect(image.width == BadgeLayout(spec).width * scale)
            #expect(image.height == 20 * scale)
        }
    }

    @Test(arguments: [1, 2])
    func pngShowsLabelColorLeftValueColorRightAndTheRingIcon(_ scale: Int) throws {
        let spec = try parse("label=coverage&value=72&labelColor=%23663399&color=%23c2410c&scale=\(scale)")
        let layout = BadgeLayout(spec)
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let k = Double(scale)
        func at(_ x: Double, _ y: Double) -> Pixel { image.pixel(x * k, y * k) }
        // Rows 0…4 carry the shade's lightest band, rows 15…19 its darkest.
        let topShade = RGBAColor(164, 164, 164)
        let bottomShade = RGBAColor(23, 23, 23)
        #expect(at(4.5, 2.5).isClose(to: blend(spec.labelColor, topShade, 0.1), tolerance: 3))
        #expect(at(4.5, 17.5).isClose(to: blend(spec.labelColor, bottomShade, 0.1), tolerance: 3))
        let right = Double(layout.width) - 4.5
        #expect(at(right, 2.5).isClose(to: blend(spec.color, topShade, 0.1), tolerance: 3))
        #expect(at(right, 17.5).isClose(to: blend(spec.color, bottomShade, 0.1), tolerance: 3))
        // Rounded corners: the corner pixel is mostly transparent, its neighbour inside opaque.
        #expect(at(0.5, 0.5).alpha < 128)
        #expect(at(Double(layout.width) - 0.5, 19.5).alpha < 128)
        #expect(at(3.5, 3.5).alpha == 255)

        // The icon: 72 % of the ring drawn in white from 12 o'clock clockwise, the rest a faint track.
        let cx = layout.iconX + 6
        let cy = layout.iconY + 6
        let white = RGBAColor(255, 255, 255)
        let shadeAtCentre = blend(spec.color, RGBAColor(117, 117, 117), 0.1)
        for degrees in [10.0, 90, 180, 250] {
            let rad = degrees * Double.pi / 180
            let p = at(cx + 5 * sin(rad), cy - 5 * cos(rad))
            #expect(p.distance(to: white) <= 40, "progress at \(degrees)°: \(p)")
        }
        // 300° lies past the progress and its round cap (which reaches about 11° beyond 259°).
        let track = at(cx + 5 * sin(300 * Double.pi / 180), cy - 5 * cos(300 * Double.pi / 180))
        #expect(track.distance(to: white) > 60 && track.distance(to: shadeAtCentre) > 30, "track \(track)")
        #expect(at(cx, cy).isClose(to: shadeAtCentre, tolerance: 8), "hole \(at(cx, cy))")

        // White text on both halves: bright pixels inside each text box, none in the padding.
        func brightPixels(_ x0: Double, _ x1: Double) -> Int {
            var count = 0
            for y in Int(4 * k)..<Int(15 * k) {
                for x in Int(x0 * k)..<Int(x1 * k) where image[x, y].red > 200 && image[x, y].green > 200 {
                    count += 1
                }
            }
            return count
        }
        let label = try #require(layout.label)
        #expect(brightPixels(label.centerX - 20, label.centerX + 20) > 30 * scale * scale)
        #expect(brightPixels(1, 5) == 0)
        #expect(brightPixels(layout.value.centerX - 8, layout.value.centerX + 8) > 10 * scale * scale)
    }

    @Test func darkTextAndRingOnLightFills() throws {
        let spec = try parse("label=docs&value=50&labelColor=white&color=yellow")
        let layout = BadgeLayout(spec)
        #expect(layout.label?.fill == RGBAColor(0x33, 0x33, 0x33))
        #expect(layout.value.fill == RGBAColor(0x33, 0x33, 0x33))
        #expect(layout.iconColor == RGBAColor(0x33, 0x33, 0x33))
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let p = image.pixel(layout.iconX + 11, layout.iconY + 6)
        #expect(p.red < 100 && p.green < 100 && p.blue < 100, "progress at 3 o'clock \(p)")
    }

    @Test func badgeGrowsWithItsLabelAndValue() throws {
        var widths: [Int] = []
        for label in ["", "a", "aa", "build", "coverage", "code coverage", "WWWWWWWWWWWWWW"] {
            let spec = try parse("label=\(label.replacingOccurrences(of: " ", with: "+"))")
            let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
            #expect(image.width == BadgeLayout(spec).width)
            widths.append(image.width)
        }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count, "\(widths)")
        let short = BadgeLayout(try parse("value=5")).width
        let long = BadgeLayout(try parse("value=55.55&decimals=2")).width
        #expect(long > short)
    }

    @Test func noLabelDrawsTheValueHalfAloneWithFourRoundCorners() throws {
        let spec = try parse("label=&value=33")
        let layout = BadgeLayout(spec)
        #expect(layout.labelWidth == 0 && layout.label == nil)
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        #expect(image.pixel(0.5, 0.5).alpha < 128 && image.pixel(0.5, 19.5).alpha < 128)
        #expect(image.pixel(4.5, 10).isClose(to: blend(spec.color, RGBAColor(70, 70, 70), 0.1), tolerance: 3))
    }

    @Test func errorBadgeStatesTheProblemWhereABadgeWasExpected() throws {
        let message = "style: \"plastic\" is not one of flat, flat-square"
        let svg = BadgeRenderer.errorSVG(message: message)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        #expect(document.first("svg")?.attributes["height"] == "20")
        #expect(document.first("title")?.text == "error: " + message)
        #expect(document.all("text").map(\.text) == ["error", "error", message, message])
        #expect(document.first("circle") == nil)
        #expect(document.all("path").compactMap { $0.attributes["fill"] }.prefix(2) == ["#555555", "#e05d44"])

        let layout = BadgeRenderer.errorLayout(message: message)
        let image = try #require(DecodedPNG(try BadgeRenderer.errorPNG(message: message, scale: 1)))
        #expect(image.width == layout.width && image.height == 20)
        let red = RGBAColor(0xe0, 0x5d, 0x44)
        #expect(
            image.pixel(Double(layout.width) - 3.5, 2.5).isClose(
                to: blend(red, RGBAColor(164, 164, 164), 0.1), tolerance: 3))
    }

    @Test(arguments: SVGRendererTests.hostile)
    func errorBadgeKeepsAnyMessageInertAndShort(_ message: String) throws {
        let svg = BadgeRenderer.errorSVG(message: message)
        expectNoActiveContent(svg)
        let layout = BadgeRenderer.errorLayout(message: message)
        #expect(layout.value.text.unicodeScalars.count <= 140)
        #expect(layout.width < 2048)
        #expect(DecodedPNG(try BadgeRenderer.errorPNG(message: message, scale: 4)) != nil)
    }

    /// The SVG drawn by librsvg's `rsvg-convert` and our PNG show the same badge, with the ring tests' tolerances:
    /// outside the texts, pixels agree within 32 levels, all but one in a thousand; each text (laid out by Pango
    /// there and by Cairo here) has the same ink (±12 %, measured ±5 %) centred at the same point (±1 px, measured
    /// ≤ 0.31 px), which holds only when both honour the reserved `textLength`.
    @Test(arguments: [
        "label=coverage&value=72", "label=build&value=100&color=brightgreen", "label=&value=0",
        "label=docs&value=50&labelColor=white&color=yellow&decimals=1", "label=tests&value=5&style=flat-square&scale=2",
        "label=Wide+WWW+label&value=33.3&decimals=2&color=%23c2410c80",
        "label=a&value=99.9&thresholds=50:orange,99:green",
    ])
    func svgThroughRsvgMatchesOurPNG(_ query: String) throws {
        let spec = try parse(query)
        try expectAgreement(
            BadgeLayout(spec), svg: BadgeRenderer.svg(spec), png: BadgeRenderer.png(spec), scale: spec.scale)
    }

    /// Random badges from a fixed seed: every parameter in its accepted range, labels of Latin text.
    @Test func randomBadgesAgreeWithRsvg() throws {
        var rng = SeededRandom(seed: 0xBAD6_E2026)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_:/()éüßçñ%&<>\"'")
        for _ in 0..<12 {
            var spec = BadgeSpec()
            spec.label = String(
                (0..<Int.random(in: 0...24, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            spec.labelColor = RGBAColor(
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng))
            spec.color = RGBAColor(
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng), Bool.random(using: &rng) ? 255 : 160)
            spec.min = Double(Int.random(in: -50...50, using: &rng))
            spec.max = spec.min + Double(Int.random(in: 1...500, using: &rng))
            spec.value = Double.random(in: spec.min...spec.max, using: &rng)
            spec.decimals = Int.random(in: 0...3, using: &rng)
            spec.style = Bool.random(using: &rng) ? .flat : .flatSquare
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
            guard py >= 2, py <= 18 else { return nil }
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
            #expect(
                abs(sums.ours.centerX - sums.theirs.centerX) <= k,
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

    /// The committed width table is what the installed DejaVu Sans says, measured through Cairo (unhinted).
    @Test func widthTableMatchesTheInstalledFont() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
        defer { cairo_font_face_destroy(face) }
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_face(cr, face)
        cairo_set_font_options(cr, options)
        cairo_set_font_size(cr, Double(BadgeTextWidths.unitsPerEm))
        var checked = 0
        var wrong: [String] = []
        for block in BadgeTextWidths.blocks {
            for (offset, advance) in block.advances.enumerated() where advance != BadgeTextWidths.missing {
                let scalar = Unicode.Scalar(block.first + UInt32(offset))!
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, String(Character(scalar)), &extents)
                if abs(extents.x_advance - Double(advance)) > 0.5 {
                    wrong.append("U+\(String(scalar.value, radix: 16)): \(advance) vs \(extents.x_advance)")
                }
                checked += 1
            }
        }
        #expect(checked > 1500)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(BadgeTextWidths.width(of: "build") == 5036.0 * 11 / 2048)
    }
}
