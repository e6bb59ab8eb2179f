import Foundation
import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// A badge's PNG: its size, colors, rounded corners, ring icon and texts, read back pixel by pixel.
struct BadgePNGTests {
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
        let spec = try parse("label=docs&value=50&labelColor=white&color=ffff00")
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
}
