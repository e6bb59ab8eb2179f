import TestSupport
import Testing

@testable import RingKit

/// `logo` on rings (in the hole: alone and larger with `label=none`, above the label otherwise) and on bars (at the
/// left end), read back from the layout, the SVG and the PNG's pixels.
struct RingLogoTests {
    /// Alone in the hole, the logo is a square of 1.2 × the hole's radius at the centre, drawn in its color.
    @Test func aLogoAloneFillsTheCentre() throws {
        let spec = try RingSpec.parse(query: "value=72&size=128&label=none&logo=github&logoColor=red")
        let g = RingGeometry(spec)
        let placed = try #require(LogoPlacement.inRing(spec, g))
        #expect(abs(placed.side - g.holeRadius * 1.2) < 1e-9)
        #expect(abs(placed.x + placed.side / 2 - g.center) < 1e-9 && abs(placed.y + placed.side / 2 - g.center) < 1e-9)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        var red = 0
        let box = Int(placed.x)..<Int(placed.x + placed.side)
        let rows = Int(placed.y)..<Int(placed.y + placed.side)
        for y in rows {
            for x in box
            where image.pixel(Double(x) + 0.5, Double(y) + 0.5).isClose(to: Pixel(255, 0, 0), tolerance: 40) {
                red += 1
            }
        }
        #expect(red > box.count * rows.count / 3, "\(red)")
        let svg = String(decoding: SVGRenderer.render(spec), as: UTF8.self)
        #expect(svg.contains(##"fill="#ff0000""##))
        expectNoActiveContent(SVGRenderer.render(spec))
    }

    /// With a label the logo stands above the label's capitals, inside the hole.
    @Test(arguments: [64, 128, 256])
    func aLogoStandsAboveTheLabel(size: Int) throws {
        let spec = try RingSpec.parse(query: "value=72&size=\(size)&logo=python")
        let g = RingGeometry(spec)
        let layout = try #require(g.labelLayout)
        let placed = try #require(LogoPlacement.inRing(spec, g))
        #expect(placed.y + placed.side <= layout.baselines[0] - layout.fontSize * 0.75)
        let corner = (placed.x - g.center) * (placed.x - g.center) + (placed.y - g.center) * (placed.y - g.center)
        #expect(corner <= g.holeRadius * g.holeRadius)
        // Python's brand color is mid-blue: it shows on the light page as it is.
        #expect(placed.color == RGBAColor(0x37, 0x76, 0xab))
    }

    /// Without a logo a ring is drawn as before: no logo, nothing of it in the key.
    @Test func noLogoChangesNothing() throws {
        let spec = try RingSpec.parse(query: "value=72")
        #expect(LogoPlacement.inRing(spec, RingGeometry(spec)) == nil && !spec.canonicalKey.contains("logo"))
        #expect(try RingSpec.parse(query: "value=72&logo=github").canonicalKey.hasSuffix("&logo=github"))
    }

    /// A bar's logo sits at its left end, as far from the end as from its edges, whitesmoke on the dark fill.
    @Test func aBarsLogoSitsAtItsLeftEnd() throws {
        let spec = try BarSpec.parse(query: "value=72&logo=github&width=240&height=24")
        let layout = BarLayout(spec)
        let placed = try #require(LogoPlacement.inBar(spec.series, layout))
        #expect(placed.side == 14 && placed.x == 5 && placed.y == 5)
        #expect(placed.color == RGBAColor(0xf5, 0xf5, 0xf5))
        let image = try #require(DecodedPNG(try BarRenderer.png(spec)))
        var light = 0
        for y in 5..<19 {
            for x in 5..<19
            where image.pixel(Double(x) + 0.5, Double(y) + 0.5).isClose(to: Pixel(0xf5, 0xf5, 0xf5), tolerance: 20) {
                light += 1
            }
        }
        #expect(light > 14 * 14 / 5, "\(light)")
        // Too thin a bar has no room for one.
        let thin = try BarSpec.parse(query: "value=72&logo=github&height=8")
        #expect(LogoPlacement.inBar(thin.series, BarLayout(thin)) == nil)
    }
}
