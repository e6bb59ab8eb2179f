import CCairo
import RingKit

/// `ring-bench --formats`: a miss's drawing and encoding (`Drawing.render`) in each output format, values spread
/// 0–99 % as in `make bench` so every sample is a new image; then libwebp's lossless methods and qualities.
func formatTable() throws {
    PNGRenderer.warmUp()
    print(
        "Per image, one thread, a new value each time ((37 n mod 100) %): parse, draw and encode"
            + " (`Drawing.render`); CPU µs, mean bytes.\n")
    print("| image | format | median | p99 | bytes |")
    print("|---|---|---:|---:|---:|")
    let cases: [(String, Drawing.Kind, String)] = [
        ("ring 128 px, labelled", .ring, ""), ("ring 128 px, animate=1", .ring, "&animate=1"),
        ("ring 128 px, animate=10", .ring, "&animate=10"), ("ring 256 px, labelled", .ring, "&size=256"),
        ("badge", .badge, "&label=coverage"), ("bar 200×20", .bar, ""),
    ]
    for (name, kind, extra) in cases {
        let formats: [ImageFormat] = extra.contains("animate") ? [.gif] : [.png, .webp, .gif]
        for format in formats {
            var n = 0
            var bytes = 0
            var images = 0
            let timing = try measure(seconds: 0.6, maxIterations: 2000) {
                n += 1
                let query = "value=\((37 * n) % 100)" + extra
                let count = try Drawing.parse(.init(kind: kind, query: Substring(query))).render(format).count
                bytes += count
                images += 1
                return count
            }
            print("| \(name) | \(format.rawValue) | \(us(timing.median)) | \(us(timing.p99)) | \(bytes / images) |")
        }
    }
    try webpTable()
}

/// libwebp's lossless `method` × `quality` on 100 labelled 128 px rings: the encoding alone.
private func webpTable() throws {
    print("\nlibwebp's lossless method and quality on 100 labelled 128 px rings, 0–99 %, encoding only:\n")
    print("| method | quality | median µs | mean bytes | × PNG bytes |")
    print("|---:|---:|---:|---:|---:|")
    var images: [RGBAImage] = []
    var pngBytes = 0
    for value in 0..<100 {
        let raster = try Drawing.parse(.init(kind: .ring, query: Substring("value=\(value)"))).pngSurface()
        defer { cairo_surface_destroy(raster.surface) }
        images.append(try RGBAImage(surface: raster.surface))
        pngBytes += try raster.encoder.encode(raster.surface).count
    }
    for method in Int32(0)...4 {
        for quality: Float in [0, 25, 50, 75, 100] {
            var n = 0
            let timing = try measure(seconds: 0.3, maxIterations: 1000) {
                n += 1
                return try WebPEncoder.encode(images[n % 100], method: method, quality: quality).count
            }
            let webpBytes = try images.reduce(0) {
                $0 + (try WebPEncoder.encode($1, method: method, quality: quality).count)
            }
            let ratio = Double(webpBytes) / Double(pngBytes)
            print(
                "| \(method) | \(Int(quality)) | \(us(timing.median)) | \(webpBytes / 100) | "
                    + "\(String(format: "%.2f", ratio)) |")
        }
    }
    print("\nPNG: \(pngBytes / 100) bytes a ring on average.")
}
