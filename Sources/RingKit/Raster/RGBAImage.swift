import CCairo
import CPNG

/// A drawn image as straight RGBA bytes (R, G, B, A; `width × 4` bytes a row): the pixels the PNG writes, for the
/// formats that encode them another way (WebP, GIF).
package struct RGBAImage: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package var bytes: [UInt8]

    /// The pixels of a flushed ARGB32 surface, unpremultiplied as the PNG writer rounds them.
    package init(surface: OpaquePointer) throws(RenderError) {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = cairo_image_surface_get_stride(surface)
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
            throw RenderError("raster encoding: the surface has no pixels")
        }
        self.width = width
        self.height = height
        bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            pr_argb32_to_rgba(data, Int32(width), Int32(height), stride, buffer.baseAddress)
            count = width * height * 4
        }
    }
}
