import Foundation
import PNGVariants
import RingKit
import TestSupport
import Testing

/// Our PNG writer against the reference decoders: libpng must read back exactly the straight RGBA the encoder
/// promises, and `pngcheck` (Debian pngcheck) must find every file well formed, whatever the pixels.
struct PNGVariantTests {
    static let encoders: [PNGVariant] = [
        .tuned, .scanline(filter: .none, palette: false), .scanline(filter: .none, palette: true),
        .scanline(filter: .sub, palette: false), .scanline(filter: .up, palette: true),
        .scanline(filter: .paeth, palette: false), .scanline(filter: .adaptive, palette: true),
        .zlib(level: 2, strategy: .standard, filter: .none, palette: true),
    ]

    /// 3,000 seeded random images of every kind the generator makes (runs of a few colors, rows repeated and
    /// shifted, translucent edges, noise, more than 256 colors), through every encoder.
    @Test func thousandsOfRandomImagesDecodeExactlyWithLibPNGAndPassPngcheck() throws {
        var rng = SeededRandom(seed: 0x0DEF_1A7E)
        var kept: [[UInt8]] = []
        for index in 0..<3000 {
            let pixels = RandomPicture.make(&rng)
            let encoder = Self.encoders[index % Self.encoders.count]
            let png = try pixels.encoded(with: encoder)
            let decoded = try #require(LibPNGImage(png: png), "libpng refused image \(index) (\(encoder))")
            #expect(decoded.width == pixels.width && decoded.height == pixels.height)
            let same = decoded.rgba == pixels.expectedRGBA
            #expect(same, "image \(index), \(pixels.width)×\(pixels.height), \(encoder): other pixels")
            if !same { break }
            if index % 5 == 0 { kept.append(png) }
        }
        try Pngcheck.expectWellFormed(kept)
    }

    /// Every alpha with every channel value below it: the division-free unpremultiply must equal the division.
    @Test(arguments: [PNGVariant.tuned, .scanline(filter: .none, palette: false)])
    func everyAlphaAndChannelValueComesBackExactly(encoder: PNGVariant) throws {
        var argb: [UInt32] = []
        for alpha in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                let v = Swift.min(c, alpha)
                argb.append(alpha << 24 | v << 16 | (alpha - v) << 8 | v / 2)
            }
        }
        let pixels = TestPixels(width: 256, height: 256, argb: argb)
        let decoded = try #require(LibPNGImage(png: try pixels.encoded(with: encoder)))
        #expect(decoded.rgba == pixels.expectedRGBA)
    }

    /// Images larger than one 128 KiB chunk of rows, rows of the widest surface (4096 px, the longest match
    /// distance), and noise that fills several blocks and is stored rather than coded.
    @Test(arguments: [(700, 700, 1), (4096, 3, 1), (2048, 80, 3), (1, 3000, 1), (600, 600, 3)])
    func largeImagesSpanChunksAndBlocks(width: Int, height: Int, kind: Int) throws {
        var rng = SeededRandom(seed: UInt64(width * 31 + height))
        let pixels = RandomPicture.make(&rng, width: width, height: height, kind: kind)
        for encoder in [PNGVariant.tuned, .scanline(filter: .none, palette: true)] {
            let png = try pixels.encoded(with: encoder)
            let decoded = try #require(LibPNGImage(png: png))
            #expect(decoded.rgba == pixels.expectedRGBA, "\(encoder)")
            try Pngcheck.expectWellFormed([png])
        }
    }

    /// A palette is used exactly when the image has at most 256 distinct pixels, and lists alpha only for the
    /// translucent entries.
    @Test func paletteOnlyWhenAtMost256Colors() throws {
        for colors in [1, 2, 255, 256, 257, 600] {
            var argb: [UInt32] = []
            for i in 0..<colors {
                argb.append(
                    TestPixels.premultiplied((UInt32(i % 256), UInt32(i / 256), 7), alpha: i % 3 == 0 ? 128 : 255))
            }
            let pixels = TestPixels(width: colors, height: 2, argb: argb + argb.reversed())
            let png = try pixels.encoded(with: .scanline(filter: .none, palette: true))
            #expect((png[25] == 3) == (colors <= 256), "\(colors) colors: color type \(png[25])")
            #expect(LibPNGImage(png: png)?.rgba == pixels.expectedRGBA)
        }
    }
}

/// Runs Debian's `pngcheck` over PNG files.
enum Pngcheck {
    static func expectWellFormed(_ pngs: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pngcheck-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, png) in pngs.enumerated() {
            let url = directory.appendingPathComponent("\(index).png")
            try Data(png).write(to: url)
            paths.append(url.path)
        }
        // -q: print only the files with errors.
        let run = try ExternalCommand.run("pngcheck", ["-q"] + paths)
        let text = run.text + run.errors
        #expect(
            run.status == 0 && text.isEmpty,
            "pngcheck (Debian pngcheck; make test installs it) on \(paths.count) files: \(text.prefix(2000))",
            sourceLocation: sourceLocation)
    }
}
