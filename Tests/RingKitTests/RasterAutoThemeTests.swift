import Foundation
import Testing

@testable import RingKit

/// `theme=auto` on a raster reads on light and on dark pages: mail and chat show one PNG on both (issue 43: the light
/// PNG's dark label on Slack's dark theme measured about 1.07:1).
struct RasterAutoThemeTests {
    static let white = RGBAColor(0xff, 0xff, 0xff)
    /// Slack's dark theme, and Discord's.
    static let slackDark = RGBAColor(0x1a, 0x1d, 0x21)
    static let discordDark = RGBAColor(0x31, 0x33, 0x38)
    static let label = RGBAColor(0x11, 0x18, 0x27)

    /// The picture laid over `page`, as a viewer shows it: straight RGBA composited pixel by pixel.
    static func composite(_ image: LibPNGImage, over page: RGBAColor) -> [RGBAColor] {
        (0..<image.width * image.height).map { i in
            let p = Array(image.rgba[i * 4..<i * 4 + 4])
            return RGBAColor(p[0], p[1], p[2], p[3]).composited(over: page)
        }
    }

    /// WCAG contrast of the label against what surrounds it: the label's core (its pixels drawn in `text`, opaque)
    /// against the median luminance of the pixels one and two pixels around that core. Nil when no label is found.
    static func labelContrast(_ image: LibPNGImage, over page: RGBAColor, text: RGBAColor) -> (Double, Int)? {
        let (w, h) = (image.width, image.height)
        let shown = composite(image, over: page)
        var core = [Bool](repeating: false, count: w * h)
        for i in 0..<w * h {
            let p = Array(image.rgba[i * 4..<i * 4 + 4])
            let distance = max(
                abs(Int(p[0]) - Int(text.red)), abs(Int(p[1]) - Int(text.green)), abs(Int(p[2]) - Int(text.blue)))
            core[i] = p[3] >= 250 && distance <= 24
        }
        var around: [Double] = []
        for y in 0..<h {
            for x in 0..<w where !core[y * w + x] {
                var near = false
                for dy in -2...2 where !near {
                    for dx in -2...2 {
                        let (nx, ny) = (x + dx, y + dy)
                        if nx >= 0 && ny >= 0 && nx < w && ny < h && core[ny * w + nx] {
                            near = true
                            break
                        }
                    }
                }
                if near { around.append(shown[y * w + x].relativeLuminance) }
            }
        }
        let count = core.filter { $0 }.count
        guard count > 0, !around.isEmpty else { return nil }
        let median = around.sorted()[around.count / 2]
        let textLuminance = text.relativeLuminance
        return ((max(median, textLuminance) + 0.05) / (min(median, textLuminance) + 0.05), count)
    }

    static func png(_ kind: Drawing.Kind, _ query: String) throws -> LibPNGImage {
        try #require(LibPNGImage(png: try Drawing.parse(.init(kind: kind, query: Substring(query))).render(.png)))
    }

    static let labelled: [(Drawing.Kind, String)] = [
        (.ring, "theme=auto&value=72"), (.ring, "theme=auto&value=72&size=48"),
        (.ring, "theme=auto&value=30,60,90&scale=2"), (.ring, "theme=auto&value=5&label={value} of {max}&size=160"),
        (.bar, "theme=auto&value=72&width=240&height=14&fontSize=16"), (.spark, "theme=auto&points=3,5,4,8&label=auto"),
    ]

    /// The label keeps at least 3:1 against its surroundings on white and on Slack's and Discord's dark themes.
    @Test(arguments: labelled)
    func autoLabelReadsOnLightAndDarkPages(kind: Drawing.Kind, query: String) throws {
        let image = try Self.png(kind, query)
        for page in [Self.white, Self.slackDark, Self.discordDark] {
            let (contrast, pixels) = try #require(Self.labelContrast(image, over: page, text: Self.label))
            #expect(pixels >= 6, "\(kind) \(query): no label found")
            #expect(contrast >= 3, "\(kind) \(query) over \(page.hex): the label's contrast is \(contrast)")
        }
    }

    /// The measure sees the problem auto solves: the light PNG's label vanishes on a dark page.
    @Test func lightLabelFailsOnADarkPage() throws {
        let image = try Self.png(.ring, "value=72")
        let (contrast, _) = try #require(Self.labelContrast(image, over: Self.slackDark, text: Self.label))
        #expect(contrast < 1.5)
        let (onWhite, _) = try #require(Self.labelContrast(image, over: Self.white, text: Self.label))
        #expect(onWhite >= 3)
    }

    /// The default track stands out from white and from dark pages (3:1, WCAG's contrast for graphics); the light
    /// theme's does not on white.
    @Test func autoTrackShowsOnLightAndDarkPages() throws {
        // 72 %: the track shows from 259° round to 360°; sampled at 315°, on the ring's centre line.
        let image = try Self.png(.ring, "theme=auto&value=72&label=none")
        let radius = (128.0 - 13) / 2
        let (x, y) = (64 + radius * sin(-.pi / 4), 64 - radius * cos(-.pi / 4))
        let i = Int(y) * image.width + Int(x)
        for page in [Self.white, Self.slackDark, Self.discordDark] {
            let track = Self.composite(image, over: page)[i]
            #expect(track.contrast(with: page) >= 3, "the track \(track.hex) over \(page.hex)")
        }
    }

    /// A raster of `auto` is its own image, one cache entry apart from the light one; where every color is given
    /// and a background is opaque there is nothing to adapt, and it is the light one.
    @Test func autoRasterIsItsOwnImage() throws {
        let auto = try RingSpec.parse(query: "theme=auto&value=64")
        let light = try RingSpec.parse(query: "value=64")
        #expect(try PNGRenderer.render(auto) != PNGRenderer.render(light))
        for format in [ImageFormat.png, .gif, .webp] {
            #expect(auto.canonicalKey(for: format) != light.canonicalKey(for: format))
        }
        let given = try RingSpec.parse(query: "theme=auto&value=64&color=red&track=none&textColor=black")
        let plain = try RingSpec.parse(query: "value=64&color=red&track=none&textColor=black")
        #expect(try PNGRenderer.render(given) == PNGRenderer.render(plain))
    }

    /// Over an opaque background the label needs no halo: only the track left to the theme changes.
    @Test func opaqueBackgroundDrawsNoHalo() throws {
        let auto = try RingSpec.parse(query: "theme=auto&value=64&background=white&track=e5e7eb")
        let light = try RingSpec.parse(query: "value=64&background=white&track=e5e7eb")
        #expect(try PNGRenderer.render(auto) == PNGRenderer.render(light))
    }
}
