import CCairo
import PNGVariants
import RingKit

/// libFuzzer entry for the PNG paths: the exact-coverage rasterizer and the PNG writer. The first byte chooses
/// what the rest is: even, premultiplied pixels for the writer, which Cairo's loader (libpng) must read back exactly;
/// odd, a ring at the extremes of its parameters (16…2048 px, every cap, arc, thickness and value), whose PNG must
/// decode at its size, come out the same twice, and keep its ink inside the image's inscribed circle.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes[0] & 1 == 0 { checkPixels(Array(bytes.dropFirst())) } else { checkRing(Array(bytes.dropFirst())) }
    return 0
}

/// An image of up to 64 × 64 pixels grown from the bytes (so short inputs make whole images): its colors are the
/// bytes read four at a time (valid premultiplied: no channel above alpha), laid out in runs, rows repeated from
/// the one above, shifted or not, and single pixels, as a generator seeded with the bytes chooses.
func checkPixels(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let width = Int(bytes[0] % 64) + 1
    let height = Int(bytes[1] % 64) + 1
    var colors: [UInt32] = [0]
    var i = 2
    while i + 4 <= bytes.count && colors.count < 300 {
        let alpha = UInt32(bytes[i + 3])
        let (r, g, b) = (UInt32(bytes[i]), UInt32(bytes[i + 1]), UInt32(bytes[i + 2]))
        colors.append(alpha << 24 | Swift.min(r, alpha) << 16 | Swift.min(g, alpha) << 8 | Swift.min(b, alpha))
        i += 4
    }
    var state = bytes.reduce(UInt64(0x9E37_79B9_7F4A_7C15)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
    var argb = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
        if y > 0 && next(2) == 0 {
            let shift = next(3) - 1
            for x in 0..<width {
                argb[y * width + x] = argb[(y - 1) * width + Swift.min(Swift.max(x + shift, 0), width - 1)]
            }
            continue
        }
        var x = 0
        while x < width {
            let run = next(4) == 0 ? 1 : next(width) + 1
            let color = colors[next(colors.count)]
            for k in x..<Swift.min(width, x + run) { argb[y * width + k] = color }
            x += run
        }
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    store(argb, into: surface)
    let encoders = [
        PNGVariant.tuned, .shapes, .scanline(filter: .paeth, palette: true),
        .zlib(level: 1, strategy: .rle, filter: .none, palette: true),
    ]
    for encoder in encoders {
        guard let png = try? encoder.encode(surface) else { fatalError("\(encoder) refused \(width)×\(height)") }
        guard let back = decode(png) else { fatalError("\(encoder): libpng refused the PNG") }
        // Unpremultiplied with rounding, then premultiplied again with rounding, a valid pixel comes back as it was.
        if back.width != width || back.height != height || back.argb != argb {
            fatalError("\(encoder): \(width)×\(height) decodes to other pixels")
        }
    }
}

/// A ring read from bytes, its parameters pushed to the ends of what the contract accepts.
func checkRing(_ bytes: [UInt8]) {
    var b = bytes + [UInt8](repeating: 0, count: 12)
    func next() -> Int {
        defer { b.removeFirst() }
        return Int(b[0])
    }
    let size = [16, 17, 31, 64, 100, 128, 255, 512, 1024][next() % 9]
    let scale = size * 2 <= 2048 && next() % 8 == 0 ? 2 : 1
    let maximum = Double(size) / 2
    let thickness = [1, 1.0001, maximum, maximum - 0.0001, maximum * Double(next()) / 255, 0.5][next() % 6]
    let cap = ["round", "butt", "square"][next() % 3]
    let arc = [1, 360, 359.999, 0.5 + 359.5 * Double(next()) / 255, 180][next() % 5]
    let value = [0, 0.0001, 100, 99.9999, 100 * Double(next()) / 255][next() % 5]
    let start = -360 + 720 * Double(next()) / 255
    let direction = next() % 2 == 0 ? "cw" : "ccw"
    var query = "size=\(size)&scale=\(scale)&thickness=\(thickness)&cap=\(cap)&arc=\(arc)&value=\(value)"
    query += "&start=\(start)&direction=\(direction)&label=none"
    switch next() % 4 {
    case 0: query += "&gradient=red"
    case 1: query += "&value=\(value),\(100 - value),50&color=red,green,blue"
    case 2: query += "&color=2563eb80&track=00ff0040"
    default: break
    }
    // Out-of-range combinations (a thickness too wide for several rings) are refused with a message: not here.
    guard let spec = try? RingSpec.parse(query: query) else { return }
    guard let png = try? PNGRenderer.render(spec) else { fatalError("no PNG for \(query)") }
    guard let again = try? PNGRenderer.render(spec), again == png else { fatalError("two PNGs for \(query)") }
    guard let image = decode(png) else { fatalError("libpng refused the PNG of \(query)") }
    let side = size * scale
    guard image.width == side && image.height == side else { fatalError("\(query) is \(image.width)×\(image.height)") }
    let half = Double(side) / 2
    for y in 0..<side {
        for x in 0..<side where image.argb[y * side + x] >> 24 > 8 {
            let dx = Double(x) + 0.5 - half
            let dy = Double(y) + 0.5 - half
            if (dx * dx + dy * dy).squareRoot() > half + 0.71 {
                fatalError("ink at \(x), \(y) outside the ring: \(query)")
            }
        }
    }
}

func store(_ argb: [UInt32], into surface: OpaquePointer) {
    let width = Int(cairo_image_surface_get_width(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for (i, p) in argb.enumerated() {
        UnsafeMutableRawPointer(data + (i / width) * stride).assumingMemoryBound(to: UInt32.self)[i % width] = p
    }
    cairo_surface_mark_dirty(surface)
}

/// A PNG read by Cairo's loader (libpng) into premultiplied ARGB32 words.
func decode(_ png: [UInt8]) -> (width: Int, height: Int, argb: [UInt32])? {
    final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(png)
    let surface = cairo_image_surface_create_from_png_stream(
        { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            guard reader.offset + Int(length) <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for i in 0..<Int(length) { data[i] = reader.bytes[reader.offset + i] }
            reader.offset += Int(length)
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())!
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    var argb: [UInt32] = []
    for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { argb.append(opaque ? row[x] | 0xFF00_0000 : row[x]) }
    }
    return withExtendedLifetime(reader) { (width, height, argb) }
}
