import Foundation
import PNGVariants
import RingKit
import TestSupport
import Testing

struct PNGRendererTests {
    static let progress = RGBAColor(0x25, 0x63, 0xeb)
    static let track = RGBAColor(0xe5, 0xe7, 0xeb)
    static let clear = RGBAColor(0, 0, 0, 0)

    struct Case: CustomTestStringConvertible, Sendable {
        var value: Double
        var start: Double?
        var direction: RingSpec.Direction = .cw
        var arc: Double = 360
        var cap: RingSpec.Cap = .round
        var scale = 1
        var size = 128
        var testDescription: String {
            "value \(value) start \(start.map { "\($0)" } ?? "default") \(direction) arc \(arc) \(cap) ×\(scale)"
        }

        var spec: RingSpec {
            var s = RingSpec()
            s.reading.value = value
            s.start = start
            s.direction = direction
            s.arc = arc
            s.cap = cap
            s.scale = scale
            s.size = size
            s.label = .none
            return s
        }
    }

    static let cases: [Case] = [
        Case(value: 72), Case(value: 25), Case(value: 50, start: 90), Case(value: 40, direction: .ccw),
        Case(value: 60, start: 200, direction: .ccw), Case(value: 30, arc: 270), Case(value: 80, arc: 270),
        Case(value: 50, direction: .ccw, arc: 180), Case(value: 65, arc: 240, cap: .butt),
        Case(value: 45, start: -30, cap: .square), Case(value: 72, scale: 2), Case(value: 33, arc: 270, scale: 3),
        Case(value: 100, arc: 270), Case(value: 10, size: 48),
    ]

    /// Samples the stroke's centre line every 2° and checks progress, track and gap colors away from the ends.
    @Test(arguments: cases)
    func strokeColorsFollowTheAngles(_ c: Case) throws {
        let spec = c.spec
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        #expect(image.width == spec.size * spec.scale && image.height == spec.size * spec.scale)
        let k = Double(spec.scale)
        // A cap reaches t/2 along the tangent past the end of the arc; keep samples clear of that and of the
        // anti-aliased edge.
        let capDegrees = (g.cap == .butt ? 0 : g.thickness / 2 / g.radius * 180 / .pi) + 3
        var checked = (progress: 0, track: 0, gap: 0)
        for step in 0..<180 {
            let angle = Double(step) * 2
            let p = g.point(atDegrees: angle)
            let color = image.pixel(p.x * k, p.y * k)
            let along = g.offsetAlongRing(ofDegrees: angle)
            if g.hasProgress && along > 2 && along < g.progressSweep - 2 {
                #expect(color.isClose(to: Self.progress), "progress at \(angle)° is \(color.hex)")
                checked.progress += 1
            } else if along > g.progressSweep + capDegrees && along < g.trackSweep - capDegrees {
                #expect(color.isClose(to: Self.track), "track at \(angle)° is \(color.hex)")
                checked.track += 1
            } else if along > g.trackSweep + capDegrees && 360 - along > capDegrees {
                #expect(color.alpha == 0, "gap at \(angle)° is \(color.hex)")
                checked.gap += 1
            }
        }
        #expect(checked.progress > 0)
        if g.progressSweep < g.trackSweep - 20 { #expect(checked.track > 0) }
        if g.trackSweep < 330 { #expect(checked.gap > 0) }
    }

    @Test(arguments: cases)
    func outsideAndInsideTheRingStayTransparent(_ c: Case) throws {
        let spec = c.spec
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let k = Double(spec.scale)
        for corner in [(0.0, 0.0), (g.size - 0.5, 0), (0, g.size - 0.5), (g.size - 0.5, g.size - 0.5)] {
            #expect(image.pixel(corner.0 * k, corner.1 * k) == Self.clear)
        }
        for angle in stride(from: 15.0, to: 360, by: 30) {
            let outside = g.point(atDegrees: angle, radius: g.radius + g.thickness / 2 + 2)
            let inside = g.point(atDegrees: angle, radius: g.radius - g.thickness / 2 - 2)
            if outside.x >= 0 && outside.y >= 0 && outside.x < g.size && outside.y < g.size {
                #expect(image.pixel(outside.x * k, outside.y * k).alpha == 0, "outside at \(angle)°")
            }
            #expect(image.pixel(inside.x * k, inside.y * k).alpha == 0, "inside at \(angle)°")
        }
    }

    @Test(arguments: [0.0, -5])
    func zeroDrawsNoProgressNotEvenACap(_ value: Double) throws {
        for cap in RingSpec.Cap.allCases {
            var spec = RingSpec()
            spec.reading.value = value
            spec.cap = cap
            spec.label = .none
            let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
            var blue = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    // Faint edge pixels carry little color precision once unpremultiplied; judge the solid ones.
                    if p.alpha > 64 && Int(p.blue) - Int(p.red) > 40 { blue += 1 }
                }
            }
            #expect(blue == 0, "\(cap): \(blue) progress-colored pixels")
        }
    }

    @Test func fullValueDrawsAClosedRingWithoutTrack() throws {
        var spec = RingSpec()
        spec.reading.value = 100
        spec.label = .none
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        for angle in stride(from: 0.0, to: 360, by: 1) {
            let p = g.point(atDegrees: angle)
            #expect(image.pixel(p.x, p.y).isClose(to: Self.progress), "at \(angle)°")
            // The outer third of the stroke: a butt end or cap seam would show the track there.
            let q = g.point(atDegrees: angle, radius: g.radius + g.thickness / 3)
            #expect(image.pixel(q.x, q.y).isClose(to: Self.progress), "outer edge at \(angle)°")
        }
    }

    /// With square caps the corners reach furthest; none of the ink may lie beyond the image's inscribed circle,
    /// which is where a clipped cap would show.
    @Test(arguments: [RingSpec.Cap.square, .round, .butt], [12.5, 37.5, 62.5, 87.5])
    func capsAreNeverClipped(_ cap: RingSpec.Cap, _ value: Double) throws {
        var spec = RingSpec()
        spec.reading.value = value
        spec.cap = cap
        spec.thickness = 32
        spec.label = .none
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let half = Double(spec.size) / 2
        var beyond = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 8 {
                let dx = Double(x) + 0.5 - half
                let dy = Double(y) + 0.5 - half
                if (dx * dx + dy * dy).squareRoot() > half + 0.71 { beyond += 1 }
            }
        }
        #expect(beyond == 0)
    }

    @Test func backgroundFillsTheSquare() throws {
        var spec = RingSpec()
        spec.reading.value = 50
        spec.background = RGBAColor(0x10, 0x20, 0x30)
        spec.track = nil
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        #expect(image[0, 0] == RGBAColor(0x10, 0x20, 0x30))
        #expect(image[127, 127] == RGBAColor(0x10, 0x20, 0x30))
        // No track: the unfilled half of the ring shows the background.
        let g = RingGeometry(spec)
        let p = g.point(atDegrees: 270)
        #expect(image.pixel(p.x, p.y) == RGBAColor(0x10, 0x20, 0x30))
    }

    @Test func translucentColorsComeBackStraight() throws {
        var spec = RingSpec()
        spec.reading.value = 100
        spec.color = RGBAColor(0xff, 0x80, 0x00, 0x80)
        spec.track = nil
        spec.label = .none
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let p = g.point(atDegrees: 90)
        #expect(image.pixel(p.x, p.y).isClose(to: RGBAColor(0xff, 0x80, 0x00, 0x80), tolerance: 2))
    }

    @Test func labelIsDrawnCentredInTextColor() throws {
        var spec = RingSpec()
        spec.reading.value = 88
        spec.label = .template("{value}{value}")
        spec.textColor = RGBAColor(0xff, 0x00, 0x00)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        var sum = (x: 0.0, y: 0.0, n: 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].isClose(to: RGBAColor(0xff, 0, 0), tolerance: 60) {
                sum.x += Double(x) + 0.5
                sum.y += Double(y) + 0.5
                sum.n += 1
            }
        }
        #expect(sum.n > 100)
        // The ink's centroid sits at the centre: "8888" is symmetric on both axes.
        #expect(abs(sum.x / sum.n - 64) < 1.5)
        #expect(abs(sum.y / sum.n - 64) < 1.5)
    }

    @Test func encoderIsDeterministicAndNoLargerThanCairos() throws {
        for size in [32, 128, 512] {
            var spec = RingSpec()
            spec.reading.value = 72
            spec.size = size
            let ours = try PNGRenderer.render(spec)
            #expect(try PNGRenderer.render(spec) == ours)
            let cairos = try PNGVariant.cairo.render(spec)
            #expect(ours.count <= cairos.count, "\(size) px: \(ours.count) > \(cairos.count)")
            // Same pixels whichever encoder wrote them.
            let a = try #require(DecodedPNG(ours))
            let b = try #require(DecodedPNG(cairos))
            var differing = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 }
            }
            #expect(differing == 0)
        }
    }

    /// At 512 px the encoder deflates the rows in nine chunks; filters that look at the row above must see it
    /// across a chunk boundary too.
    @Test(arguments: PNGVariant.Filter.allCases)
    func everyRowFilterGivesTheSamePixelsAcrossChunks(filter: PNGVariant.Filter) throws {
        var spec = RingSpec()
        spec.reading.value = 72
        spec.size = 512
        let reference = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let png = try PNGVariant.zlib(level: 6, strategy: .standard, filter: filter).render(spec)
        let decoded = try #require(DecodedPNG(png))
        #expect(decoded.width == 512 && decoded.height == 512)
        var differing = 0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width where decoded[x, y] != reference[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// A labelled ring is RGBA; a small one without a label fits a palette (its translucent edges in `tRNS`);
    /// neither carries a time or text chunk, so equal rings are equal bytes.
    @Test(arguments: [
        (RingSpec.Label.auto, ["IHDR", "IDAT", "IEND"]), (.none, ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]),
    ])
    func pngHasNoTimeOrTextChunks(label: RingSpec.Label, chunks: [String]) throws {
        var spec = RingSpec()
        spec.reading.value = 72
        spec.label = label
        let png = try PNGRenderer.render(spec)
        var offset = 8
        var types: [String] = []
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(types == chunks)
        #expect(offset == png.count)
    }

    @Test func rendersConcurrentlyFromManyThreads() async throws {
        var base = RingSpec()
        base.reading.value = 61
        let spec = base
        let expected = try PNGRenderer.render(spec)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    var other = spec
                    other.reading.value = Double(i)
                    for _ in 0..<20 { _ = try PNGRenderer.render(other) }
                    return try PNGRenderer.render(spec) == expected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }
}
