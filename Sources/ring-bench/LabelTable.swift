import Foundation
import RingKit

/// A labelled 128 px ring with a unit and a locale beside the same ring with its plain label: what parsing, the
/// label's text and drawing cost when numbers are written as people read them (target: at most 1.1 × the plain
/// ring, parse and image together).
func labelTable() throws {
    PNGRenderer.warmUp()
    let pairs: [(plain: String, styled: String)] = [
        ("value=72.5&decimals=1", "value=72.5&decimals=1&locale=de"),
        ("value=1288490188.8&max=2e12&label={value}", "value=1288490188.8&max=2e12&unit=bytes"),
        ("value=1288490188.8&max=2e12&label={value}", "value=1288490188.8&max=2e12&unit=bytes&locale=de"),
        ("value=1234567&max=1e7&label={value}", "value=1234567&max=1e7&label={value}&locale=en-IN"),
        ("value=0.35&max=1&label={value}", "value=0.35&max=1&unit=s&locale=fr-CH"),
    ]
    print("A 128 px ring, one thread; CPU time in µs (medians); ratio = (parse + image) ÷ the plain ring's.\n")
    print("| query | label | parse | SVG | PNG | SVG ratio | PNG ratio |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (plain, styled) in pairs {
        // A binary from before units and locales refuses the styled query; the table then leaves the row out.
        guard let base = try? RingSpec.parse(query: plain), let spec = try? RingSpec.parse(query: styled) else {
            continue
        }
        func row(_ query: String, _ s: RingSpec) throws -> (parse: Double, svg: Double, png: Double) {
            let parse = measure(batch: 50) { (try? RingSpec.parse(query: query))?.size ?? 0 }
            let svg = measure(batch: 50) { SVGRenderer.render(s).count }
            let png = try measure { try PNGRenderer.render(s).count }
            let label = RingGeometry(s).label ?? ""
            print(
                "| `\(query)` | \(label) | \(us(parse.median)) | \(us(svg.median)) | \(us(png.median)) |",
                terminator: "")
            return (parse.median, svg.median, png.median)
        }
        let a = try row(plain, base)
        print(" | |")
        let b = try row(styled, spec)
        let svgRatio = String(format: "%.2f", (b.parse + b.svg) / (a.parse + a.svg))
        let pngRatio = String(format: "%.2f", (b.parse + b.png) / (a.parse + a.png))
        print(" \(svgRatio) | \(pngRatio) |")
    }
}
