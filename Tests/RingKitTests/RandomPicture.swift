import TestSupport

/// Seeded random images shaped like what the renderers draw, and unlike it: runs of a few colors, rows that repeat
/// the one above or shift it by a pixel, translucent colors, noise, and more colors than a palette holds.
enum RandomPicture {
    /// An image of a random kind and size (mostly small, so thousands run quickly).
    static func make(_ rng: inout SeededRandom) -> TestPixels {
        let width =
            Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 1...260, using: &rng)
        let height = Int.random(in: 1...(width > 100 ? 24 : 60), using: &rng)
        return make(&rng, width: width, height: height, kind: Int.random(in: 0...4, using: &rng))
    }

    /// kind 0: one color; 1: runs of a few colors; 2: runs of up to 400 colors; 3: noise; 4: runs and noise mixed.
    static func make(_ rng: inout SeededRandom, width: Int, height: Int, kind: Int) -> TestPixels {
        let colorCount = [1, Int.random(in: 1...8, using: &rng), Int.random(in: 1...400, using: &rng), 0, 6][kind]
        var colors: [UInt32] = [0]
        for _ in 0..<colorCount { colors.append(randomPixel(&rng)) }
        var argb = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            if kind == 0 {
                for x in 0..<width { argb[y * width + x] = colors[1] }
                continue
            }
            // Half the rows repeat the row above, as it is or shifted by one pixel, as edges of a ring do.
            if y > 0 && kind != 3 && Bool.random(using: &rng) {
                let shift = Int.random(in: -1...1, using: &rng)
                for x in 0..<width {
                    argb[y * width + x] = argb[(y - 1) * width + Swift.min(Swift.max(x + shift, 0), width - 1)]
                }
                continue
            }
            var x = 0
            while x < width {
                let noisy = kind == 3 || (kind == 4 && Int.random(in: 0..<4, using: &rng) == 0)
                let run = noisy ? 1 : Int.random(in: 1...Swift.max(1, width / 2), using: &rng)
                let color = noisy ? randomPixel(&rng) : colors[Int.random(in: 0..<colors.count, using: &rng)]
                for i in x..<Swift.min(width, x + run) { argb[y * width + i] = color }
                x += run
            }
        }
        return TestPixels(width: width, height: height, argb: argb)
    }

    /// A valid premultiplied pixel: clear, opaque or translucent, its channels at most its alpha.
    static func randomPixel(_ rng: inout SeededRandom) -> UInt32 {
        let alpha: UInt32 = [0, 255, UInt32.random(in: 1...254, using: &rng)][Int.random(in: 0...2, using: &rng)]
        let rgb = (
            UInt32.random(in: 0...255, using: &rng), UInt32.random(in: 0...255, using: &rng),
            UInt32.random(in: 0...255, using: &rng)
        )
        return TestPixels.premultiplied(rgb, alpha: alpha)
    }
}
