import CCairo
import Foundation
import HTTPServer
import RingKit
import RingService
import Synchronization

/// One kind of PNG miss: the image URL of its `n`th distinct request.
struct MissCase {
    var name: String
    /// The target of request `n`; each `n` gives another image, so every request misses the cache.
    var target: (Int) -> String
}

/// The value of request `n`, as `.ci/bench/bench.sh`'s all-miss PNG rows ask for it: (37 n mod 100) + (n div 100) × 1e-9,
/// so any run of requests spreads its values over the whole ring, 0 to 99 %, and no two ask for the same image.
func spreadValue(_ n: Int) -> String { "\(n * 37 % 100)." + String(format: "%09d", (n / 100) % 1_000_000_000) }

/// The 30 points of sparkline `n`: spread as the rings' values, the first one `n`'s own, so no two are alike.
func sparkPoints(_ n: Int) -> String { (0..<30).map { spreadValue(n + $0 * 101) }.joined(separator: ",") }

/// Rings labelled and not at 64/128/256 px, badges at scale 1, 2 and 4, bars of 200×20 and 400×40, and sparklines
/// of 30 points at 120×24 (with its last value at the end) and 240×48.
func missCases() -> [MissCase] {
    var cases: [MissCase] = []
    for (name, extra) in [("ring, labelled", ""), ("ring, no label", "&label=none")] {
        for size in [64, 128, 256] {
            cases.append(MissCase(name: name) { "/ring.png?size=\(size)&value=\(spreadValue($0))\(extra)" })
        }
    }
    for scale in [1, 2, 4] {
        cases.append(MissCase(name: "badge") { "/badge.png?label=coverage&value=\(spreadValue($0))&scale=\(scale)" })
    }
    for (width, height) in [(200, 20), (400, 40)] {
        cases.append(
            MissCase(name: "bar") { "/bar.png?width=\(width)&height=\(height)&value=\(spreadValue($0))" })
    }
    for (width, height, label) in [(120, 24, "&label=auto&decimals=1"), (240, 48, "")] {
        cases.append(
            MissCase(name: "spark") { "/spark.png?width=\(width)&height=\(height)&points=\(sparkPoints($0))\(label)" })
    }
    return cases
}

/// The drawing a target asks for, parsed as the service parses it.
func drawing(_ target: String) throws -> Drawing {
    let path = target.prefix { $0 != "?" }
    let query = target.drop { $0 != "?" }.dropFirst()
    let kind: Drawing.Kind =
        path.hasPrefix("/badge") ? .badge : path.hasPrefix("/bar") ? .bar : path.hasPrefix("/spark") ? .spark : .ring
    return try Drawing.parse(Drawing.Request(kind: kind, query: query))
}

// The three stages, each a function of its own so that `valgrind --tool=callgrind` can count each one's
// instructions (`.ci/bench/render-instructions.sh`).
@inline(never)
func drawStage(_ drawing: Drawing) throws -> (surface: OpaquePointer, encoder: PNGEncoder) {
    try drawing.pngSurface()
}

@inline(never)
func encodeStage(_ drawn: (surface: OpaquePointer, encoder: PNGEncoder)) throws -> Int {
    try drawn.encoder.encode(drawn.surface).count
}

@inline(never)
func serviceStage(_ service: RingService, _ target: String) -> Int { answer(service, target) }

/// The first images of a case load fonts and grow buffers: they are drawn here, apart from the stages counted.
@inline(never)
func warmUpStage(_ service: RingService, _ targets: [String]) -> Int {
    targets.reduce(0) { $0 + answer(service, $1) }
}

func answer(_ service: RingService, _ target: String) -> Int {
    let request = HTTPRequest(method: .get, target: target)
    switch service.answer(request) {
    case .now(let response): return response.body.count
    case .later(let work, _, _): return work().body.count
    case .whenReady(let start):
        // Not for these targets (no live values); answered all the same, waiting on this thread.
        let done = DispatchSemaphore(value: 0)
        let count = Mutex(0)
        start { response in
            count.withLock { $0 = response.body.count }
            done.signal()
        }
        done.wait()
        return count.withLock { $0 }
    }
}

/// Mean CPU µs of a PNG miss split into drawing, encoding and the rest of the service's work (routing, parsing,
/// the canonical key, the cache, the ETag and the response), for `images` distinct images per case.
func missTable(images: Int, only: String?) throws {
    PNGRenderer.warmUp()
    let service = try RingService(configuration: ServiceConfiguration(), log: ServiceLog(format: .off, level: .error))
    print(
        "PNG misses, one thread: mean CPU µs per image over \(images) distinct images whose values sweep"
            + " 0–99 %. draw + encode is `Drawing.render(.png)`; service is the rest of a miss through"
            + " `RingService.answer` (route, parse, key, cache, ETag, response); miss is the whole.\n")
    print("| image | pixels | draw | encode | service | miss | PNG bytes |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (index, missCase) in missCases().enumerated() {
        let first = try drawing(missCase.target(1)).pngSurface().surface
        let pixels = "\(cairo_image_surface_get_width(first))×\(cairo_image_surface_get_height(first))"
        cairo_surface_destroy(first)
        // `x` or `×` between width and height, so a shell script can name a case in ASCII.
        if let only, "\(missCase.name) \(pixels)" != only.replacingOccurrences(of: "x", with: "×") { continue }
        // Each case and stage counts through its own block of values, so the service never finds one cached.
        let base = (index + 1) * 10_000_000
        _ = warmUpStage(service, (0..<10).map { missCase.target(base - 100 + $0) })
        var draw: UInt64 = 0
        var encode: UInt64 = 0
        var bytes = 0
        for n in 0..<images {
            let picture = try drawing(missCase.target(base + n))
            let t0 = nanoseconds()
            let drawn = try drawStage(picture)
            let t1 = nanoseconds()
            bytes += try encodeStage(drawn)
            let t2 = nanoseconds()
            cairo_surface_destroy(drawn.surface)
            draw += t1 - t0
            encode += t2 - t1
        }
        var miss: UInt64 = 0
        for n in 0..<images {
            let target = missCase.target(base + n)
            let t0 = nanoseconds()
            _ = serviceStage(service, target)
            miss += nanoseconds() - t0
        }
        let count = Double(images) * 1000
        let (d, e, m) = (Double(draw) / count, Double(encode) / count, Double(miss) / count)
        print(
            "| \(missCase.name) | \(pixels) | \(us(d)) | \(us(e)) | \(us(m - d - e)) | \(us(m)) | \(bytes / images) |"
        )
    }
}

/// Writes the drawn surfaces of `images` distinct misses of one case (`only`, named as `--misses` names it),
/// unencoded, for `.ci/bench/encoder-ab.sh`: for each image its width and height as little-endian 32-bit integers, then its
/// premultiplied ARGB32 rows, `width` words each.
func dumpSurfaces(to path: String, images: Int, only: String) throws {
    PNGRenderer.warmUp()
    for (index, missCase) in missCases().enumerated() {
        let first = try drawing(missCase.target(1)).pngSurface().surface
        let pixels = "\(cairo_image_surface_get_width(first))×\(cairo_image_surface_get_height(first))"
        cairo_surface_destroy(first)
        guard "\(missCase.name) \(pixels)" == only.replacingOccurrences(of: "x", with: "×") else { continue }
        var bytes: [UInt8] = []
        for n in 0..<images {
            let surface = try drawing(missCase.target((index + 1) * 10_000_000 + n)).pngSurface().surface
            defer { cairo_surface_destroy(surface) }
            let (width, height) = (cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
            bytes += [width, height].flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = cairo_image_surface_get_data(surface)!
            for y in 0..<Int(height) {
                bytes += UnsafeBufferPointer(start: data + y * stride, count: Int(width) * 4)
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw RenderError("cannot write \(path)")
        }
        return
    }
    throw RenderError("no case named \(only)")
}
