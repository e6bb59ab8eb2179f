import RingKit

/// Badges with a logo beside the same badges without one, parsed and drawn as a miss is (the logo parsed once and
/// kept by its catalog): the target is at most 1.5 × in SVG and in PNG.
func logoTable() throws {
    print("\nBadges with and without a logo, one thread, parse and draw; CPU time in µs.\n")
    print("| badge query | + logo | SVG | SVG with logo | SVG ratio | PNG | PNG with logo | PNG ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    let square =
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect width='10' height='10' rx='2' fill='red'/></svg>"
    let custom = QueryParameters.encode(Logo.dataURI(svg: square))
    for (query, logo) in [
        ("label=coverage&value=72", "logo=github"), ("label=coverage&value=72&style=social", "logo=python"),
        ("label=coverage&value=72&scale=2", "logo=github"), ("label=build&message=passing", "logo=" + custom),
    ] {
        let plainSVG = measure(batch: 50) { BadgeRenderer.svg(try! BadgeSpec.parse(query: query)).count }
        let logoSVG = measure(batch: 50) { BadgeRenderer.svg(try! BadgeSpec.parse(query: query + "&" + logo)).count }
        let plainPNG = try measure { try BadgeRenderer.png(try BadgeSpec.parse(query: query)).count }
        let logoPNG = try measure { try BadgeRenderer.png(try BadgeSpec.parse(query: query + "&" + logo)).count }
        func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", b / a) }
        print(
            "| `\(query)` | `\(logo.prefix(24))` | \(us(plainSVG.median)) | \(us(logoSVG.median)) | "
                + "\(ratio(plainSVG.median, logoSVG.median)) | \(us(plainPNG.median)) | \(us(logoPNG.median)) | "
                + "\(ratio(plainPNG.median, logoPNG.median)) |")
    }
}
