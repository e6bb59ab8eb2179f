import CCairo
import CGif
import CWebP
import RingKit

/// libFuzzer entry for the GIF and WebP writers, each read back by its own library's decoder. The first byte
/// chooses: even, an image of up to 64 × 64 pixels (any straight RGBA a drawn surface can hold) as lossless WebP at
/// the product's settings and at a method the bytes choose, which libwebp must decode to the same alpha everywhere and
/// the same colors wherever a pixel is not clear; odd, one to three frames of opaque or clear pixels as a GIF, which
/// giflib must read back as that many frames of that size whose pictures, disposal applied, are clear exactly where
/// the frames are, and are the frames' colors exactly where they hold no more colors than a palette does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 3 else { return 0 }
    var bytes = Pixels(Array(UnsafeBufferPointer(start: data, count: size)))
    if bytes.mode & 1 == 0 { checkWebP(&bytes) } else { checkGIF(&bytes) }
    return 0
}

/// Pictures grown from the bytes, so short inputs make whole images: colors read four bytes at a time, laid out in
/// runs, rows repeated from the one above, shifted or not, and single pixels, as a generator seeded with the bytes
/// chooses.
struct Pixels {
    let mode: UInt8
    let width: Int
    let height: Int
    /// Straight R, G, B, A.
    private var colors: [(UInt8, UInt8, UInt8, UInt8)] = [(0, 0, 0, 0)]
    private var state: UInt64

    init(_ bytes: [UInt8]) {
        mode = bytes[0]
        width = Int(bytes[1] % 64) + 1
        height = Int(bytes[2] % 64) + 1
        var i = 3
        while i + 4 <= bytes.count && colors.count < 300 {
            colors.append((bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]))
            i += 4
        }
        state = bytes.reduce(UInt64(0x9E37_79B9_7F4A_7C15)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    /// A picture of `width × height` colors, each made by `pixel` from a straight RGBA color.
    mutating func picture<P>(_ pixel: ((UInt8, UInt8, UInt8, UInt8)) -> P) -> [P] {
        var out = [P]()
        out.reserveCapacity(width * height)
        for y in 0..<height {
            if y > 0 && next(2) == 0 {
                let shift = next(3) - 1
                for x in 0..<width { out.append(out[(y - 1) * width + Swift.min(Swift.max(x + shift, 0), width - 1)]) }
                continue
            }
            var x = 0
            while x < width {
                let run = Swift.min(width - x, next(4) == 0 ? 1 : next(width) + 1)
                let color = pixel(colors[next(colors.count)])
                for _ in 0..<run { out.append(color) }
                x += run
            }
        }
        return out
    }
}

func checkWebP(_ bytes: inout Pixels) {
    let (width, height) = (bytes.width, bytes.height)
    // Premultiplied, as Cairo holds a drawn surface: what `RGBAImage` unpremultiplies for the writer.
    let argb = bytes.picture { r, g, b, a -> UInt32 in
        let alpha = UInt32(a)
        return alpha << 24 | Swift.min(UInt32(r), alpha) << 16 | Swift.min(UInt32(g), alpha) << 8
            | Swift.min(UInt32(b), alpha)
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for (i, p) in argb.enumerated() {
        (data + (i / width) * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0[i % width] = p }
    }
    cairo_surface_mark_dirty(surface)
    guard let image = try? RGBAImage(surface: surface) else { fatalError("no RGBA image of \(width)×\(height)") }
    for method in [WebPEncoder.method, Int32(bytes.next(7))] {
        guard let webp = try? WebPEncoder.encode(image, method: method) else {
            fatalError("WebP method \(method) refused \(width)×\(height)")
        }
        var (w, h): (Int32, Int32) = (0, 0)
        guard let decoded = webp.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h) }) else {
            fatalError("libwebp refused the WebP of \(width)×\(height), method \(method)")
        }
        defer { WebPFree(decoded) }
        guard Int(w) == width && Int(h) == height else { fatalError("\(width)×\(height) decodes as \(w)×\(h)") }
        for i in 0..<width * height {
            let alpha = image.bytes[i * 4 + 3]
            let channels = alpha == 0 ? 3...3 : 0...3
            // Lossless, but the colors under a clear pixel are no part of the image (`exact` off).
            for c in channels where decoded[i * 4 + c] != image.bytes[i * 4 + c] {
                fatalError("WebP method \(method), \(width)×\(height): pixel \(i) channel \(c) differs")
            }
        }
    }
}

func checkGIF(_ bytes: inout Pixels) {
    let (width, height) = (bytes.width, bytes.height)
    let count = Int(bytes.mode >> 1) % 3 + 1
    // A color of alpha under 128 is clear: GIF has one transparent color and no partial transparency.
    let frames = (0..<count).map { _ in
        bytes.picture { r, g, b, a in a < 128 ? GIFEncoder.clear : UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
    }
    guard
        let gif = try? GIFEncoder.encode(
            width: width, height: height, frames: frames.map { GIFEncoder.Frame(pixels: $0, delay: 4) })
    else { fatalError("GIF refused \(count) frames of \(width)×\(height)") }
    let distinct = Set(frames.joined()).subtracting([GIFEncoder.clear]).count
    let clear = count > 1 || frames.joined().contains(GIFEncoder.clear)
    let exact = distinct <= (clear ? 255 : 256)
    let shown = decodeGIF(gif, width: width, height: height)
    guard shown.count == count else { fatalError("\(count) frames decode as \(shown.count)") }
    for (index, (picture, frame)) in zip(shown, frames).enumerated() {
        for i in 0..<width * height {
            let clearness = (picture[i] == GIFEncoder.clear) != (frame[i] == GIFEncoder.clear)
            let wrong = exact ? picture[i] != frame[i] : clearness
            if wrong { fatalError("frame \(index) of \(count), \(width)×\(height), \(distinct) colors: pixel \(i)") }
        }
    }
}

/// Reads a GIF from memory for giflib.
final class GIFReader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let read: InputFunc = { file, buffer, length in
        guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
        let reader = Unmanaged<GIFReader>.fromOpaque(user).takeUnretainedValue()
        let n = Swift.min(Int(length), reader.bytes.count - reader.offset)
        for k in 0..<n { buffer[k] = reader.bytes[reader.offset + k] }
        reader.offset += n
        return Int32(n)
    }
}

/// Every frame of `gif` as a viewer shows it, by giflib: each frame's rectangle drawn over the picture before (its
/// transparent index leaving what is there), then cleared where its disposal says so. `0x00RRGGBB` or clear.
func decodeGIF(_ gif: [UInt8], width: Int, height: Int) -> [[UInt32]] {
    let reader = GIFReader(gif)
    var error: Int32 = 0
    guard let file = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), GIFReader.read, &error) else {
        fatalError("giflib refused the GIF's header: \(error)")
    }
    defer { DGifCloseFile(file, &error) }
    guard DGifSlurp(file) == GIF_OK else { fatalError("giflib refused the GIF: \(file.pointee.Error)") }
    guard Int(file.pointee.SWidth) == width && Int(file.pointee.SHeight) == height else {
        fatalError("\(width)×\(height) decodes as \(file.pointee.SWidth)×\(file.pointee.SHeight)")
    }
    var canvas = [UInt32](repeating: GIFEncoder.clear, count: width * height)
    var shown: [[UInt32]] = []
    for index in 0..<Int(file.pointee.ImageCount) {
        let image = file.pointee.SavedImages[index]
        let desc = image.ImageDesc
        guard let map = desc.ColorMap ?? file.pointee.SColorMap, let raster = image.RasterBits else {
            fatalError("frame \(index) has no colors or no pixels")
        }
        var control = GraphicsControlBlock()
        if DGifSavedExtensionToGCB(file, Int32(index), &control) != GIF_OK {
            control.DisposalMode = DISPOSAL_UNSPECIFIED
            control.TransparentColor = NO_TRANSPARENT_COLOR
        }
        let (left, top, w, h) = (Int(desc.Left), Int(desc.Top), Int(desc.Width), Int(desc.Height))
        guard left >= 0, top >= 0, left + w <= width, top + h <= height else { fatalError("frame \(index) outside") }
        for y in 0..<h {
            for x in 0..<w {
                let entry = Int32(raster[y * w + x])
                if entry == control.TransparentColor { continue }
                guard entry < map.pointee.ColorCount else { fatalError("frame \(index): entry \(entry) past the map") }
                let c = map.pointee.Colors[Int(entry)]
                canvas[(top + y) * width + left + x] = UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
            }
        }
        shown.append(canvas)
        if control.DisposalMode == DISPOSE_BACKGROUND {
            for y in top..<top + h {
                for x in left..<left + w { canvas[y * width + x] = GIFEncoder.clear }
            }
        }
    }
    return shown
}
