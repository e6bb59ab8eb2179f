// Measures the per-image cost of the renderers in this (release) binary and prints Markdown tables:
//   ring-bench              SVG and PNG at 64/128/256/512 px, with Cairo's own PNG writer beside ours, badges, and
//                           bars at 200×20 and 400×40 beside rings of the same pixel count
//   ring-bench --encoders   the zlib level × strategy × filter choices behind PNGVariant.tuned
//   ring-bench --features   parse, key, SVG and PNG for thresholds, gradients, themes and several rings
//   ring-bench --labels     a labelled ring with a unit and a locale beside the same ring's plain label
//   ring-bench --logos      badges with a logo (named and custom) beside the same badges without one, parse and draw
//   ring-bench --live       a live value's lookup when cached, its parameters' parsing, and one fetch over libcurl
//   ring-bench --signed-hits  a cached hit unsigned, signed, signed with exp, and a private value signed
//   ring-bench --misses [--images N] [--only "ring, labelled 128×128"]
//                           a PNG miss split into draw, encode and the service's own work, per image kind and size
//   ring-bench --formats    a miss in each output format (PNG, WebP, GIF still and animated), and libwebp's levels
//   ring-bench --accuracy   how far the exact coverage and Cairo's are from the true area of each edge pixel
// Every loop is bounded in time and iterations, so a run takes a few seconds.
import CCairo
import Foundation
import PNGVariants
import RingKit

func spec(size: Int, value: Double = 72) -> RingSpec {
    var s = RingSpec()
    s.reading.value = value
    s.size = size
    return s
}

func renderTable() throws {
    PNGRenderer.warmUp()
    print(
        "Per image, one thread, `value=72` with default colors and label; CPU time in µs, sizes in bytes"
            + " (Cairo \(String(cString: cairo_version_string()))).\n")
    print(
        "| size | SVG median | SVG p99 | SVG bytes | PNG median | PNG p99 | PNG bytes | Cairo writer median | Cairo writer p99 | Cairo writer bytes |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in [64, 128, 256, 512] {
        let s = spec(size: size)
        let svg = measure(batch: 50) { SVGRenderer.render(s).count }
        let png = try measure { try PNGRenderer.render(s).count }
        let cairo = try measure { try PNGVariant.cairo.render(s).count }
        let svgBytes = SVGRenderer.render(s).count
        let pngBytes = try PNGRenderer.render(s).count
        let cairoBytes = try PNGVariant.cairo.render(s).count
        print(
            "| \(size) | \(us(svg.median)) | \(us(svg.p99)) | \(svgBytes) | \(us(png.median)) | \(us(png.p99)) | \(pngBytes) | \(us(cairo.median)) | \(us(cairo.p99)) | \(cairoBytes) |"
        )
    }
    print("\nSVG samples are means of 50 renders (the CPU clock costs ~0.7 µs a read); PNG samples are single images.")
}

func encoderTable() throws {
    PNGRenderer.warmUp()
    let images: [(String, String)] = [
        ("ring 72 %", "/ring.png?value=72"), ("ring 33 %, no label", "/ring.png?value=33&label=none"),
        ("gauge on white", "/ring.png?value=40&arc=270&background=white"),
        ("ring 256 px", "/ring.png?value=72&size=256"), ("ring 32 px", "/ring.png?value=55&size=32"),
        ("gradient", "/ring.png?value=72&gradient=red"), ("badge", "/badge.png?label=coverage&value=72"),
    ]
    print("PNG encoders, encoding only (each image drawn once); times in µs (median), sizes in bytes.\n")
    var header = "| encoder |"
    var rule = "|---|"
    for (name, _) in images {
        header += " \(name) | bytes |"
        rule += "---:|---:|"
    }
    print(header)
    print(rule)
    var encoders: [(String, PNGVariant)] = [("tuned", .tuned), ("Cairo writer", .cairo)]
    for level in [1, 2, 3, 6] {
        encoders.append(("zlib \(level), none", .zlib(level: level, strategy: .standard, filter: .none)))
    }
    for strategy in [PNGVariant.Strategy.rle, .filtered, .huffmanOnly] {
        for filter in [PNGVariant.Filter.none, .sub, .up] {
            encoders.append(("zlib 1 \(strategy), \(filter)", .zlib(level: 1, strategy: strategy, filter: filter)))
        }
    }
    encoders += [
        ("zlib 2, none, palette", .zlib(level: 2, strategy: .standard, filter: .none, palette: true)),
        ("zlib 1 rle, none, palette", .zlib(level: 1, strategy: .rle, filter: .none, palette: true)),
        ("scanline, none", .scanline(filter: .none, palette: false)),
        ("scanline, sub", .scanline(filter: .sub, palette: false)),
        ("scanline, up", .scanline(filter: .up, palette: false)),
        ("scanline, none, palette", .scanline(filter: .none, palette: true)),
    ]
    var surfaces: [OpaquePointer] = []
    for (_, target) in images { surfaces.append(try drawing(target).pngSurface().surface) }
    defer { surfaces.forEach { cairo_surface_destroy($0) } }
    for (name, encoder) in encoders {
        var line = "| \(name) |"
        for surface in surfaces {
            let t = try measure(seconds: 0.1, maxIterations: 2000) { try encoder.encode(surface).count }
            line += " \(us(t.median)) | \(try encoder.encode(surface).count) |"
        }
        print(line)
    }
}

func featureTable() throws {
    PNGRenderer.warmUp()
    let queries = [
        "value=72", "value=72&thresholds=50:orange,80:green", "value=72&theme=dark", "value=72&theme=auto",
        "value=72&gradient=red", "value=72&gradient=red&size=512", "value=30,60,90", "value=30,60,90&gradient=red",
    ]
    print("Per image at 128 px unless the query says otherwise, one thread; CPU time in µs, sizes in bytes.\n")
    print("| query | parse | SVG key | SVG median | SVG bytes | PNG median | PNG bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for query in queries {
        // A binary from before a feature refuses its query; the table then leaves the row out.
        guard let s = try? RingSpec.parse(query: query) else { continue }
        let parse = measure(batch: 50) { (try? RingSpec.parse(query: query))?.size ?? 0 }
        let key = measure(batch: 50) { s.canonicalKey(for: .svg).utf8.count }
        let svg = measure(batch: 50) { SVGRenderer.render(s).count }
        let png = try measure { try PNGRenderer.render(s).count }
        let svgBytes = SVGRenderer.render(s).count
        let pngBytes = try PNGRenderer.render(s).count
        print(
            "| `\(query)` | \(us(parse.median)) | \(us(key.median)) | \(us(svg.median)) | \(svgBytes) | \(us(png.median)) | \(pngBytes) |"
        )
    }
}

func badgeTable() throws {
    print("\nBadges, one thread; CPU time in µs, sizes in bytes.\n")
    print("| badge query | SVG median | SVG p99 | SVG bytes | PNG median | PNG p99 | PNG bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for query in [
        "label=coverage&value=72", "label=build+status&value=100&style=flat-square", "label=coverage&value=72&scale=2",
    ] {
        let badge = try BadgeSpec.parse(query: query)
        let svg = measure(batch: 50) { BadgeRenderer.svg(badge).count }
        let png = try measure { try BadgeRenderer.png(badge).count }
        let svgBytes = BadgeRenderer.svg(badge).count
        let pngBytes = try BadgeRenderer.png(badge).count
        print(
            "| `\(query)` | \(us(svg.median)) | \(us(svg.p99)) | \(svgBytes) | \(us(png.median)) | \(us(png.p99)) | \(pngBytes) |"
        )
    }
}

/// The value after `flag` on the command line.
/// Bars beside rings of the same pixel count (a 200×20 bar has the pixels of a 63 px ring): the targets are an SVG
/// within 2 × a ring's and a PNG within a ring's cost.
func barTable() throws {
    print("\nBars, one thread, `value=72` with the default label; CPU time in µs, sizes in bytes; ring = a ring of the")
    print("same pixel count (SVG ratio against the 128 px ring's SVG).\n")
    print(
        "| bar | SVG median | SVG bytes | ring SVG median | SVG ÷ ring | PNG median | PNG bytes | ring | ring PNG median | PNG ÷ ring |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|")
    let ringSVG = spec(size: 128)
    for (width, height) in [(200, 20), (400, 40)] {
        let bar = try BarSpec.parse(query: "value=72&width=\(width)&height=\(height)")
        let side = Int((Double(width * height)).squareRoot().rounded())
        let ring = spec(size: side)
        let svg = measure(batch: 50) { BarRenderer.svg(bar).count }
        let ringSVGTime = measure(batch: 50) { SVGRenderer.render(ringSVG).count }
        let png = try measure { try BarRenderer.png(bar).count }
        let ringPNG = try measure { try PNGRenderer.render(ring).count }
        let svgBytes = BarRenderer.svg(bar).count
        let pngBytes = try BarRenderer.png(bar).count
        let svgRatio = String(format: "%.2f", svg.median / ringSVGTime.median)
        let pngRatio = String(format: "%.2f", png.median / ringPNG.median)
        print(
            "| \(width)×\(height) | \(us(svg.median)) | \(svgBytes) | \(us(ringSVGTime.median)) | \(svgRatio) | \(us(png.median)) | \(pngBytes) | \(side) px | \(us(ringPNG.median)) | \(pngRatio) |"
        )
    }
}

func argument(_ flag: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if CommandLine.arguments.contains("--formats") {
    try formatTable()
} else if CommandLine.arguments.contains("--accuracy") {
    try accuracyTable()
} else if CommandLine.arguments.contains("--misses") {
    try missTable(images: argument("--images").flatMap { Int($0) } ?? 300, only: argument("--only"))
} else if let path = argument("--surfaces") {
    try dumpSurfaces(
        to: path, images: argument("--images").flatMap { Int($0) } ?? 300,
        only: argument("--only") ?? "ring, labelled 128x128")
} else if CommandLine.arguments.contains("--encoders") {
    try encoderTable()
} else if CommandLine.arguments.contains("--features") {
    try featureTable()
} else if CommandLine.arguments.contains("--labels") {
    try labelTable()
} else if CommandLine.arguments.contains("--logos") {
    try logoTable()
} else if CommandLine.arguments.contains("--stored-hits") {
    try storedHitTable(rounds: argument("--rounds").flatMap { Int($0) } ?? 9)
} else if CommandLine.arguments.contains("--signed-hits") {
    try signedHitTable(rounds: argument("--rounds").flatMap { Int($0) } ?? 9)
} else if CommandLine.arguments.contains("--live") {
    try liveTable()
} else {
    try renderTable()
    try badgeTable()
    try barTable()
}
