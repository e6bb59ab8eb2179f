import RingKit
import TestSupport
import Testing

/// WebPs read back by libwebp's `dwebp` and compared with the PNG of the same drawing: lossless, so pixel for pixel.
struct WebPTests {
    /// Every kind's WebP holds the PNG's pixels exactly (the colors under a clear pixel are no part of the image).
    @Test(arguments: [
        (Drawing.Kind.ring, "value=72"), (.ring, "value=72&size=256&scale=2&gradient=red"),
        (.ring, "value=72&color=2563eb80&background=fef3c7"), (.ring, "value=30,60,90&theme=dark"),
        (.bar, "value=40&width=240"), (.badge, "label=coverage&value=72&logo=github"),
        (.spark, "points=3,5,4,8,6,9,7&label=auto"),
    ])
    func aWebPHoldsThePNGsPixelsExactly(kind: Drawing.Kind, query: String) throws {
        let drawing = try Drawing.parse(.init(kind: kind, query: Substring(query)))
        let png = try #require(LibPNGImage(png: try drawing.render(.png)))
        let webp = try DecodedWebP(try drawing.render(.webp))
        #expect(webp.width == png.width && webp.height == png.height)
        var differing = 0
        for index in 0..<(png.width * png.height) {
            let (a, b) = (png.rgba[index * 4..<index * 4 + 4], webp.rgba[index * 4..<index * 4 + 4])
            if png.rgba[index * 4 + 3] == 0 {
                if webp.rgba[index * 4 + 3] != 0 { differing += 1 }
            } else if !a.elementsEqual(b) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ (\(query))")
    }

    /// The WebP is smaller than the PNG: at most 0.8 of its bytes for a labelled 128 px ring.
    @Test func aWebPIsSmallerThanItsPNG() throws {
        let drawing = try Drawing.parse(.init(kind: .ring, query: "value=72"))
        let (png, webp) = (try drawing.render(.png).count, try drawing.render(.webp).count)
        #expect(Double(webp) <= 0.8 * Double(png), "WebP \(webp) bytes, PNG \(png)")
    }
}
