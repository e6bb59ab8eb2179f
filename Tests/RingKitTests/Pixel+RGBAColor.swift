import RingKit
import TestSupport

/// Decoded pixels compared with RingKit's colors, so a test states the color it expects as the renderer does.
extension Pixel {
    init(_ color: RGBAColor) { self.init(color.red, color.green, color.blue, color.alpha) }

    func isClose(to color: RGBAColor, tolerance: Int = 2) -> Bool { isClose(to: Pixel(color), tolerance: tolerance) }

    func distance(to color: RGBAColor) -> Int { distance(to: Pixel(color)) }

    static func == (pixel: Pixel, color: RGBAColor) -> Bool { pixel == Pixel(color) }
}
