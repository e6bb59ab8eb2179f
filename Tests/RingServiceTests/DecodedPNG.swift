import CCairo

/// A PNG decoded by Cairo, to read pixels of what the service sent.
struct DecodedPNG {
    let width: Int
    let height: Int
    /// Premultiplied ARGB32 in native byte order, one UInt32 per pixel.
    let pixels: [UInt32]

    init?(_ bytes: [UInt8]) {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let context = Unmanaged.passRetained(reader)
        defer { context.release() }
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard reader.offset + n <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { buffer in
                    data.update(from: buffer.baseAddress! + reader.offset, count: n)
                }
                reader.offset += n
                return CAIRO_STATUS_SUCCESS
            }, context.toOpaque())
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x]) }
        }
        self.pixels = pixels
    }

    /// How many distinct colors the image holds: text and shapes make many, a blank image one.
    var distinctColors: Int { Set(pixels).count }
}
