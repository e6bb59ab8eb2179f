import Foundation
import RingKit
import TestSupport
import Testing

/// GIFs read back by Pillow, a decoder of their own, and compared with the PNG of the same drawing.
///
/// Tolerance: a GIF holds at most 256 colors, so where the drawing has more (labels' anti-aliased text) near shades
/// share an entry (`ColorQuantizer`): a channel may be off by the palette's rounding. Flat fills get entries of their
/// own and come back exact. So every pixel must be within 24 levels of the PNG laid over the matte, and all but 1 %
/// within 8; clear pixels must be clear in both. Measured: at most 4 levels off on the images below, but for the
/// gradient with a color emoji (1,555 colors): 14 levels at worst, 48 of its 5,838 drawn pixels over 8.
struct GIFTests {
    static let white = Pixel(255, 255, 255)

    /// The PNG's pixel as the GIF must show it: clear stays clear, anything else laid over `matte` and opaque.
    static func matted(_ p: Pixel, over matte: Pixel) -> Pixel {
        guard p.alpha > 0 else { return Pixel(0, 0, 0, 0) }
        let a = Int(p.alpha)
        func channel(_ c: UInt8, _ m: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(m) * (255 - a) + 127) / 255) }
        return Pixel(channel(p.red, matte.red), channel(p.green, matte.green), channel(p.blue, matte.blue))
    }

    /// Checks one decoded frame against the PNG of `kind?query`, with the tolerance above.
    static func expectFrame(
        _ frame: DecodedGIF.Frame, equals kind: Drawing.Kind, _ query: String, matte: Pixel = white,
        _ comment: String = ""
    ) throws {
        let png = try #require(
            LibPNGImage(png: try Drawing.parse(.init(kind: kind, query: Substring(query))).render(.png)))
        #expect(frame.width == png.width && frame.height == png.height, "\(comment) size")
        guard frame.width == png.width && frame.height == png.height else { return }
        var (worst, over, clearMismatch) = (0, 0, 0)
        for index in 0..<(png.width * png.height) {
            let p = Pixel(
                png.rgba[index * 4], png.rgba[index * 4 + 1], png.rgba[index * 4 + 2], png.rgba[index * 4 + 3])
            let expected = matted(p, over: matte)
            let got = frame.pixels[index]
            if (expected.alpha == 0) != (got.alpha == 0) {
                clearMismatch += 1
                continue
            }
            guard got.alpha > 0 else { continue }
            let d = got.distance(to: expected)
            worst = Swift.max(worst, d)
            if d > 8 { over += 1 }
        }
        #expect(clearMismatch == 0, "\(comment) \(clearMismatch) pixels clear in one and not the other (\(query))")
        #expect(worst <= 24, "\(comment) a pixel \(worst) levels off (\(query))")
        #expect(over * 100 <= png.width * png.height, "\(comment) \(over) pixels over 8 levels off (\(query))")
    }

    static func gif(_ kind: Drawing.Kind, _ query: String) throws -> DecodedGIF {
        try DecodedGIF(try Drawing.parse(.init(kind: kind, query: Substring(query))).render(.gif))
    }

    /// A still GIF of every kind is its PNG, translucent edges laid over the matte, up to palette error.
    @Test(arguments: [
        (Drawing.Kind.ring, "value=72"), (.ring, "value=33&label=none"), (.ring, "value=72&size=256&scale=2"),
        (.ring, "value=72&background=fef3c7"), (.ring, "value=72&color=2563eb80"), (.ring, "value=30,60,90"),
        (.ring, "value=72&gradient=red&label=%E2%9A%A1%20{percent}"), (.bar, "value=40&width=240"),
        (.badge, "label=coverage&value=72"), (.badge, "label=build&value=72&style=for-the-badge&logo=github"),
        (.spark, "points=3,5,4,8,6,9,7&label=auto"),
    ])
    func aStillGIFIsItsPNGMattedUpToPaletteError(kind: Drawing.Kind, query: String) throws {
        let decoded = try Self.gif(kind, query)
        #expect(decoded.frames.count == 1)
        try Self.expectFrame(#require(decoded.frames.first), equals: kind, query)
    }

    /// `matte` is what translucent edges are laid over: a ring for a dark page gets dark edges.
    @Test func edgesAreMattedAgainstTheMatteColor() throws {
        let dark = Pixel(0x1a, 0x1d, 0x21)
        let decoded = try Self.gif(.ring, "value=72&matte=1a1d21")
        try Self.expectFrame(#require(decoded.frames.first), equals: .ring, "value=72", matte: dark)
        // And not against white: the same edges differ from the white matte's.
        let onWhite = try Self.gif(.ring, "value=72").frames[0]
        let differing = zip(decoded.frames[0].pixels, onWhite.pixels).filter { $0.0.distance(to: $0.1) > 32 }.count
        #expect(differing > 50)
    }

    /// CSS's ease-out, `cubic-bezier(0, 0, 0.58, 1)`: the share of the fill shown at `time`, worked out here on its
    /// own to check the frames.
    static func easeOut(_ time: Double) -> Double {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let s = (low + high) / 2
            if 3 * (1 - s) * s * s * 0.58 + s * s * s < time { low = s } else { high = s }
        }
        let s = (low + high) / 2
        return 3 * (1 - s) * s * s + s * s * s
    }

    /// With `animate`, a ring's GIF is the SVG's fill as frames: 15 a second, each the PNG of the value reached at
    /// its time along ease-out (the label the final value's throughout, as in the SVG), played once, the durations
    /// adding up to `animate`, and the last frame the still image.
    @Test func anAnimatedRingGIFShowsTheFillFrameByFrame() throws {
        let decoded = try Self.gif(.ring, "value=72&animate=1")
        #expect(decoded.loop == nil, "a loop extension: the animation would repeat")
        #expect(decoded.frames.count == 16)
        #expect(decoded.frames.map(\.duration).reduce(0, +) == 1000)
        for (index, frame) in decoded.frames.enumerated() {
            let value = 72 * Self.easeOut(Double(index) / 15)
            try Self.expectFrame(frame, equals: .ring, "value=\(value)&label=72%25", "frame \(index)")
        }
        try Self.expectFrame(#require(decoded.frames.last), equals: .ring, "value=72", "last frame")
    }

    /// Several rings fill together, and a bar's fill grows from the left, its last frame the still bar.
    @Test func severalRingsAndBarsAnimateToTheirStillImage() throws {
        let rings = try Self.gif(.ring, "value=30,60,90&animate=0.5&label=none")
        #expect(rings.frames.count == 9)
        try Self.expectFrame(
            rings.frames[4], equals: .ring,
            {
                let share = Self.easeOut(0.5)
                return "value=\(30 * share),\(60 * share),\(90 * share)&label=none"
            }(), "middle frame")
        try Self.expectFrame(#require(rings.frames.last), equals: .ring, "value=30,60,90&label=none")
        let bar = try Self.gif(.bar, "value=60&animate=2&label=none")
        #expect(bar.frames.count == 21)
        try Self.expectFrame(bar.frames[10], equals: .bar, "value=\(60 * Self.easeOut(0.5))&label=none", "bar middle")
        try Self.expectFrame(#require(bar.frames.last), equals: .bar, "value=60&label=none")
    }

    /// A 128 px animated ring stays small: every frame after the first holds only what changed.
    @Test func anAnimatedRingGIFStaysUnder30KB() throws {
        let bytes = try Drawing.parse(.init(kind: .ring, query: "value=99&animate=10")).render(.gif)
        #expect(bytes.count < 30_000)
        #expect(try DecodedGIF(bytes).frames.count == 21)
    }

    /// A large animation steps more coarsely, so one holds at most 8 Mi pixels of frames while it is encoded: a
    /// 1024 px ring has 8 steps, a 2048 px one goes from empty to the value in one; a wide bar keeps its steps.
    @Test func aLargeAnimationTakesFewerFrames() throws {
        #expect(try Self.gif(.ring, "value=72&size=1024&animate=2&label=none").frames.count == 8)
        #expect(try Self.gif(.ring, "value=72&size=1024&scale=2&animate=2&label=none").frames.count == 2)
        #expect(try Self.gif(.bar, "value=72&width=1024&animate=2&label=none").frames.count == 21)
    }
}
