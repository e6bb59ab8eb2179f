import CCairo

/// A PNG decoded back to straight RGBA pixels by Cairo, so tests read what a viewer would show rather than compare
/// bytes the code under test just produced.
public struct DecodedPNG: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major.
    public let pixels: [Pixel]

    /// Decodes `png`; nil when Cairo refuses the bytes.
    public init?(_ png: [UInt8]) {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                    let n = Int(length)
                    guard reader.offset + n <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    reader.bytes.withUnsafeBufferPointer {
                        data.update(from: $0.baseAddress! + reader.offset, count: n)
                    }
                    reader.offset += n
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            // Cairo keeps premultiplied ARGB32 in native byte order.
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = opaque ? 255 : p >> 24
                func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(Swift.min(255, (c * 255 + a / 2) / a)) }
                pixels.append(
                    Pixel(straight((p >> 16) & 0xFF), straight((p >> 8) & 0xFF), straight(p & 0xFF), UInt8(a)))
            }
        }
        self.pixels = pixels
    }

    /// The pixel covering the point (x, y) in image pixels, clamped to the image.
    public func pixel(_ x: Double, _ y: Double) -> Pixel {
        let ix = Swift.min(Swift.max(Int(x.rounded(.down)), 0), width - 1)
        let iy = Swift.min(Swift.max(Int(y.rounded(.down)), 0), height - 1)
        return pixels[iy * width + ix]
    }

    /// The pixel at column x, row y.
    public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// How many distinct colors the image holds: text and shapes make many, a blank image one.
    public var distinctColors: Int { Set(pixels).count }
}
