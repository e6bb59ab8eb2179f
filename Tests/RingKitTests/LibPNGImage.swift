import CCairo
import CLibPNG
import Foundation
import PNGVariants
import RingKit

/// A PNG decoded by libpng (the reference decoder) to straight RGBA bytes, exactly as stored: no premultiplication
/// on the way, unlike `DecodedImage`, which reads through Cairo.
struct LibPNGImage {
    let width: Int
    let height: Int
    /// R, G, B, A per pixel, row-major.
    let rgba: [UInt8]

    /// Decodes `png`; `nil` when libpng refuses it.
    init?(png: [UInt8]) {
        var image = png_image()
        image.version = pr_libpng_version()
        let begun = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        image.format = pr_libpng_format_rgba()
        width = Int(image.width)
        height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        png_image_free(&image)
        guard finished != 0 else { return nil }
        rgba = pixels
    }
}

/// Premultiplied ARGB32 pixels (Cairo's format) to encode, and the straight RGBA a decoder must read back.
struct TestPixels {
    let width: Int
    let height: Int
    /// Premultiplied ARGB32 words, row-major.
    var argb: [UInt32]

    /// Straight RGBA bytes of `argb`, rounded as the encoder promises: (c · 255 + a / 2) / a, at most 255.
    var expectedRGBA: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(argb.count * 4)
        for p in argb {
            let a = Int(p >> 24)
            func straight(_ c: UInt32) -> UInt8 {
                a == 0 ? 0 : UInt8(Swift.min(255, (Int(c & 0xFF) * 255 + a / 2) / a))
            }
            out += [straight(p >> 16), straight(p >> 8), straight(p), UInt8(a)]
        }
        return out
    }

    /// The PNG `encoder` writes for these pixels, through a Cairo image surface as the renderers hand it over.
    func encoded(with encoder: PNGVariant) throws -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = argb[y * width + x] }
        }
        cairo_surface_mark_dirty(surface)
        return try encoder.encode(surface)
    }

    /// A premultiplied pixel of straight color `rgb` at `alpha`, rounded as Cairo rounds.
    static func premultiplied(_ rgb: (UInt32, UInt32, UInt32), alpha: UInt32) -> UInt32 {
        func scale(_ c: UInt32) -> UInt32 {
            let t = c * alpha + 0x80
            return ((t >> 8) + t) >> 8
        }
        return alpha << 24 | scale(rgb.0) << 16 | scale(rgb.1) << 8 | scale(rgb.2)
    }
}
