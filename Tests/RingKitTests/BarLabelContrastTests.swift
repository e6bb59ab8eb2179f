import TestSupport
import Testing

@testable import RingKit

/// A bar's label stays legible where the fill's edge passes under it: every glyph pixel's color contrasts 3:1 or
/// more with what is behind that pixel, at every value.
struct BarLabelContrastTests {
    /// The colors a label inside a bar is drawn in: the light theme's text, white, the dark theme's text.
    static let inks = [RGBAColor(0x11, 0x18, 0x27), RGBAColor(0xff, 0xff, 0xff), RGBAColor(0xf9, 0xfa, 0xfb)]

    static func color(_ p: Pixel, over page: RGBAColor) -> RGBAColor {
        RGBAColor(p.red, p.green, p.blue, p.alpha).composited(over: page)
    }

    /// Of the inks, the one that explains `pixel` best as ink of some coverage over `background`, with the coverage.
    static func ink(of pixel: RGBAColor, over background: RGBAColor) -> (ink: RGBAColor, coverage: Double) {
        func channels(_ c: RGBAColor) -> [Double] { [Double(c.red), Double(c.green), Double(c.blue)] }
        let p = channels(pixel)
        let b = channels(background)
        var best = (ink: inks[0], coverage: 0.0, residual: Double.infinity)
        for ink in inks {
            let t = channels(ink)
            let d = zip(t, b).map { $0 - $1 }
            let length = d.reduce(0) { $0 + $1 * $1 }
            let a =
                length < 1
                ? 1
                : Swift.min(Swift.max(zip(zip(p, b).map { $0 - $1 }, d).reduce(0) { $0 + $1.0 * $1.1 } / length, 0), 1)
            let residual = (0..<3).reduce(0.0) { $0 + abs(p[$1] - (b[$1] + a * d[$1])) }
            if residual < best.residual { best = (ink, a, residual) }
        }
        return (best.ink, best.coverage)
    }

    /// Our PNG at `scale`, or rsvg-convert's drawing of our SVG.
    enum Renderer {
        case png, rsvg

        func image(_ spec: BarSpec, scale: Int) throws -> DecodedPNG {
            let bytes =
                switch self {
                case .png: try BarRenderer.png(spec)
                case .rsvg: try RSVG.render(BarRenderer.svg(spec), zoom: scale)
                }
            return try #require(DecodedPNG(bytes))
        }
    }

    /// Renders `query` with each of `values` and checks every well-inked label pixel; returns the values that fail.
    static func failingValues(
        _ query: String, page: RGBAColor, values: some Sequence<Int> = 0...100, scale: Int = 2,
        renderer: Renderer = .png
    ) throws -> [String] {
        var failures: [String] = []
        for value in values {
            let spec = try BarSpec.parse(query: "\(query)&value=\(value)&scale=\(scale)")
            var plain = spec
            plain.series.label = .none
            let image = try renderer.image(spec, scale: scale)
            let behind = try renderer.image(plain, scale: scale)
            let layout = BarLayout(spec.normalized())
            let edge = layout.bars[0].fillLength * Double(scale)
            var inked = 0
            var worst: (contrast: Double, x: Int, y: Int)? = nil
            for y in 0..<image.height {
                for x in 0..<image.width where abs(Double(x) + 0.5 - edge) > 1.5 {
                    guard image[x, y].distance(to: behind[x, y]) > 8 else { continue }
                    let background = color(behind[x, y], over: page)
                    let (ink, coverage) = ink(of: color(image[x, y], over: page), over: background)
                    guard coverage >= 0.5 else { continue }
                    inked += 1
                    let contrast = ink.contrast(with: background)
                    if contrast < 3 && contrast < (worst?.contrast ?? 3) { worst = (contrast, x, y) }
                }
            }
            if inked == 0 { failures.append("value \(value): no label drawn") }
            if let worst {
                let ratio = (worst.contrast * 100).rounded() / 100
                failures.append("value \(value): \(ratio):1 at (\(worst.x), \(worst.y))")
            }
        }
        return failures
    }

    @Test(arguments: [
        ("", RGBAColor(0xff, 0xff, 0xff)),
        ("theme=dark", RGBAColor.darkPage),
        ("theme=auto", RGBAColor(0xff, 0xff, 0xff)),
        ("radius=0", RGBAColor(0xff, 0xff, 0xff)),
        ("radius=0&theme=dark", RGBAColor.darkPage),
        ("width=300&label={value} of {max} tasks done", RGBAColor(0xff, 0xff, 0xff)),
        ("width=300&label={value} of {max} tasks done&theme=dark", RGBAColor.darkPage),
        ("animate=2", RGBAColor(0xff, 0xff, 0xff)),
    ])
    func everyGlyphPixelContrastsThreeToOneAtEveryValue(query: String, page: RGBAColor) throws {
        let failures = try Self.failingValues(query, page: page)
        #expect(failures.isEmpty, "\(query): \(failures.joined(separator: "; "))")
    }

    /// The SVG's two clipped copies, as librsvg draws them (it has no dark scheme: `auto` is the light image).
    @Test(arguments: ["", "theme=dark", "theme=auto", "radius=0&label={value} of {max}"])
    func theSVGsLabelHoldsTheSameContrastThroughRsvg(query: String) throws {
        let page = query.contains("dark") ? RGBAColor.darkPage : RGBAColor(0xff, 0xff, 0xff)
        let failures = try Self.failingValues(
            query, page: page, values: stride(from: 38, through: 62, by: 3), renderer: .rsvg)
        #expect(failures.isEmpty, "\(query): \(failures.joined(separator: "; "))")
    }

    /// Under `theme=auto` the SVG gives each side of a split label its dark-scheme color; while `animate` grows the
    /// fill under it, the label waits hidden, and shows at once under reduced motion.
    @Test func theSVGSwitchesBothSidesAndHidesASplitLabelWhileTheFillGrows() throws {
        let auto = unscopedText(BarRenderer.svg(try BarSpec.parse(query: "value=50&theme=auto")))
        #expect(auto.contains(".y{fill:#ffffff}.z{fill:#111827}"), "\(auto)")
        #expect(auto.contains("<svg x=\"100\" width=\"100\" height=\"20\" viewBox=\"100 0 100 20\"><text class=\"y\""))
        #expect(auto.contains("<svg width=\"100\" height=\"20\"><text class=\"z\""))
        let animated = unscopedText(BarRenderer.svg(try BarSpec.parse(query: "value=80&animate=2")))
        #expect(animated.contains("@keyframes w{from,to{opacity:0}}.w{animation:w 2s}"), "\(animated)")
        #expect(animated.contains("{.p,.w{animation:none}}"))
        #expect(animated.contains("<g class=\"w\"><svg x=\"160\" width=\"40\""))
        #expect(animated.contains("<svg width=\"160\" height=\"20\">"))
        // A label the fill passes by far from it is drawn once.
        let static80 = unscopedText(BarRenderer.svg(try BarSpec.parse(query: "value=80")))
        #expect(static80.components(separatedBy: "<text").count == 2)
    }
}
