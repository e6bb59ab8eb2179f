import CCairo

/// A drawn surface written as one still image of a format other than SVG: one place for the error images and the
/// kinds' still images alike.
enum RasterEncoding {
    /// Encodes `surface` (flushed) as `format` and destroys it; `matte` is what a GIF lays translucent pixels over.
    static func encode(
        _ surface: OpaquePointer, as format: ImageFormat, matte: RGBAColor
    ) throws(RenderError)
        -> [UInt8]
    {
        defer { cairo_surface_destroy(surface) }
        switch format {
        case .svg: throw RenderError("SVG is not drawn on a surface")
        case .png: return try PNGEncoder.tuned.encode(surface)
        case .webp: return try WebPEncoder.encode(RGBAImage(surface: surface))
        case .gif:
            let pixels = try RGBAImage(surface: surface)
            return try GIFEncoder.encode(
                width: pixels.width, height: pixels.height,
                frames: [.init(pixels: GIFAnimation.matted(pixels, against: matte), delay: 0)])
        }
    }
}
