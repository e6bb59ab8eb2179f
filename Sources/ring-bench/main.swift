// Measures the per-image cost of the renderers in this (release) binary and prints Markdown tables:
//   ring-bench              SVG and PNG at 64/128/256/512 px, with Cairo's own PNG writer beside ours, and badges
//   ring-bench --encoders   the zlib level × strategy × filter choices behind PNGEncoder.tuned
//   ring-bench --features   parse, key, SVG and PNG for thresholds, gradients, themes and several rings
//   ring-bench --live       a live value's lookup when cached, its parameters' parsing, and one fetch over libcurl
// Every loop is bounded in time and iterations, so a run takes a few seconds.
import CCairo
import Foundation
import RingKit

/// Median and 99th percentile of one operation, in microseconds.
struct Timing {
    var median: Double
    var p99: Double
}

// CPU time of this thread: the machine may be shared, and the cost of an image is what we want, not the wait.
func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs `body` until `seconds` have passed or `maxIterations` samples were taken (after a short warm-up).
/// A sample times `batch` calls and counts their mean: reading the thread's CPU clock costs ~0.7 µs, which would
/// swamp a 2 µs SVG timed alone.
func measure(
    seconds: Double = 0.4, maxIterations: Int = 20000, batch: Int = 1, _ body: () throws -> Int
) rethrows
    -> Timing
{
    for _ in 0..<20 { _ = try body() }
    var samples: [UInt64] = []
    samples.reserveCapacity(maxIterations)
    let deadline = nanoseconds() + UInt64(seconds * 1e9)
    var sink = 0
    while samples.count < maxIterations {
        let t0 = nanoseconds()
        for _ in 0..<batch { sink &+= try body() }
        let t1 = nanoseconds()
        samples.append((t1 - t0) / UInt64(batch))
        if t1 > deadline && samples.count >= 50 { break }
    }
    if sink == -1 { print("") }  // keeps the work observable
    samples.sort()
    let median = Double(samples[samples.count / 2]) / 1000
    let p99 = Double(samples[Swift.min(samples.count - 1, samples.count * 99 / 100)]) / 1000
    return Timing(median: median, p99: p99)
}

func us(_ x: Double) -> String { String(format: x < 10 ? "%.2f" : "%.0f", x) }

func spec(size: Int, value: Double = 72) -> RingSpec {
    var s = RingSpec()
    s.value = value
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
        let cairo = try measure { try PNGRenderer.render(s, encoder: .cairo).count }
        let svgBytes = SVGRenderer.render(s).count
        let pngBytes = try PNGRenderer.render(s).count
        let cairoBytes = try PNGRenderer.render(s, encoder: .cairo).count
        print(
            "| \(size) | \(us(svg.median)) | \(us(svg.p99)) | \(svgBytes) | \(us(png.median)) | \(us(png.p99)) | \(pngBytes) | \(us(cairo.median)) | \(us(cairo.p99)) | \(cairoBytes) |"
        )
    }
    print("\nSVG samples are means of 50 renders (the CPU clock costs ~0.7 µs a read); PNG samples are single images.")
}

func encoderTable() throws {
    PNGRenderer.warmUp()
    var specs: [(String, RingSpec)] = [("72 %", spec(size: 128)), ("33 %, no label", spec(size: 128, value: 33))]
    specs[1].1.label = .none
    var gauge = spec(size: 128, value: 40)
    gauge.arc = 270
    gauge.background = RGBAColor(255, 255, 255)
    specs.append(("gauge on white", gauge))
    print("PNG encoders at 128 px (draw + encode); times in µs, sizes in bytes.\n")
    var header = "| encoder |"
    var rule = "|---|"
    for (name, _) in specs {
        header += " \(name) median | bytes |"
        rule += "---:|---:|"
    }
    print(header)
    print(rule)
    var encoders: [(String, PNGEncoder)] = [("tuned", .tuned), ("Cairo writer", .cairo)]
    for strategy in PNGEncoder.Strategy.allCases {
        for level in strategy == .standard ? [1, 2, 3, 6] : [1] {
            for filter in PNGEncoder.Filter.allCases {
                encoders.append(
                    ("zlib \(level) \(strategy), \(filter)", .zlib(level: level, strategy: strategy, filter: filter)))
            }
        }
    }
    for (name, encoder) in encoders {
        var line = "| \(name) |"
        for (_, s) in specs {
            let t = try measure(seconds: 0.15, maxIterations: 3000) {
                try PNGRenderer.render(s, encoder: encoder).count
            }
            line += " \(us(t.median)) | \(try PNGRenderer.render(s, encoder: encoder).count) |"
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

if CommandLine.arguments.contains("--encoders") {
    try encoderTable()
} else if CommandLine.arguments.contains("--features") {
    try featureTable()
} else if CommandLine.arguments.contains("--live") {
    try liveTable()
} else {
    try renderTable()
    try badgeTable()
}
