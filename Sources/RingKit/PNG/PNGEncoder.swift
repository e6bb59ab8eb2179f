import CCairo
import CPNG

/// How `PNGRenderer` turns Cairo's pixels into PNG bytes: the two encoders the product uses. The other settings of
/// the same writer (zlib, row filters) and Cairo's own writer, which benchmarks and tests compare with these, live
/// in the `PNGVariants` target, outside the product.
package enum PNGEncoder: Sendable, Hashable {
    /// The scanline deflate (`Sources/CPNG/pr_deflate.c`), no row filter, no palette; picked with `ring-bench
    /// --encoders` (figures in docs/benchmarks.md, "Rendering"). Filters hurt: rings are flat color and
    /// transparency, which deflate matches directly, while filtered anti-aliased edges become noise. The scanline
    /// deflate finds those matches at the pixel to the left and above, where zlib searches hash chains.
    case tuned
    /// The production choice for an image without text (a ring without a label): `tuned`, written as a palette PNG
    /// when the image has at most 256 distinct pixels. Rings drawn with exact coverage mostly have (about 200 at
    /// 128 px), but text alone brings more, so the colors are counted only where that pays.
    case shapes

    /// Encodes an ARGB32 image surface, already flushed.
    package func encode(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        // Filter 0 is PNG's "none".
        var options = pr_png_options(
            level: 0, strategy: 0, filter: 0, deflater: Int32(PR_PNG_DEFLATE_SCANLINE), palette: self == .shapes ? 1 : 0
        )
        return try PNGEncoder.encode(surface, &options)
    }

    /// Encodes a drawn surface (as `encode(_:)`) and destroys it: the end of a renderer's `png`.
    func encode(consuming surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        defer { cairo_surface_destroy(surface) }
        return try encode(surface)
    }

    /// Encodes an ARGB32 image surface with the writer's `options`.
    package static func encode(_ surface: OpaquePointer, _ options: inout pr_png_options) throws(RenderError) -> [UInt8]
    {
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
            throw RenderError("PNG encoding: the surface has no pixels")
        }
        var length = 0
        guard let png = pr_png_encode_argb32(data, width, height, stride, &options, &length) else {
            throw RenderError("PNG encoding failed (\(width)×\(height))")
        }
        // Copied out at its exact size: the thread's buffer is reused, and a cached image should not keep slack.
        let bytes = Array(UnsafeBufferPointer(start: png, count: length))
        // Large images are drawn on worker threads that may never draw a small one, which was what gave the
        // thread's grown buffers back: give them back now.
        pr_png_release_large_buffers()
        return bytes
    }
}
