import Foundation
import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String) throws -> BadgeSpec { try BadgeSpec.parse(query: query) }

/// Named logos (Simple Icons, installed by `make deps` into `.build/simple-icons`) on badges: shields.io's
/// geometry and colors, read back from the SVG we write and from the PNG's pixels.
struct BadgeLogoTests {
    /// shields.io's widths with a logo (`badge-maker`: the logo is 14 px and 3 px of padding before a label; without
    /// a label the flat styles widen by 14 + 5 - 1, for-the-badge by the logo and its 6 px gutter, and social gives
    /// the logo a box of 5 + 14 + 5 px and its 1 px border).
    static let shields: [(query: String, labelWidth: Int, added: Int)] = [
        // `build`: a 29 px text in a 37 px half without a logo, 29 + 2 × 5 + 14 + 3 = 56 - 2 = 54 with one.
        ("label=build&message=passing", 54, 17),
        ("label=build&message=passing&style=flat-square", 54, 17),
        ("label=build&message=passing&style=plastic", 54, 17),
        ("label=coverage&value=72", 78, 17),
        ("label=&message=passing", 0, 18),
        ("label=&value=72&style=plastic", 0, 18),
        ("label=build&message=passing&style=for-the-badge", -1, 17),
        ("label=&message=passing&style=for-the-badge", 0, 20),
        ("label=build&message=passing&style=social", -1, 17),
        // Social: the logo's box (25 px) and the 5 px between a box and the bubble.
        ("label=&message=passing&style=social", 25, 30),
    ]

    /// Each badge is as wide as shields.io draws it with `logo=github`: its width without the logo plus shields'
    /// room for one, and the logo is a 14 px square centred vertically, 5 px in (9 px for for-the-badge).
    @Test(arguments: shields)
    func widthsWithALogoAreShields(_ row: (query: String, labelWidth: Int, added: Int)) throws {
        let plain = BadgeLayout(try parse(row.query))
        let layout = BadgeLayout(try parse(row.query + "&logo=github"))
        #expect(layout.width == plain.width + row.added, "\(row.query)")
        if row.labelWidth >= 0 { #expect(layout.labelWidth == row.labelWidth, "\(row.query)") }
        let logo = try #require(layout.logo)
        #expect(logo.x == (row.query.contains("for-the-badge") ? 9 : 5))
        #expect(logo.y == Double(layout.height - 14) / 2)
        // The texts keep their widths; the label moves right by the logo and its padding.
        #expect(layout.value.length == plain.value.length)
        if let label = layout.label, let plainLabel = plain.label {
            #expect(label.centerX == plainLabel.centerX + 17)
        }
    }

    /// A badge without `logo` is laid out as before: the logo changes nothing else.
    @Test func noLogoLeavesTheLayoutAlone() throws {
        let spec = try parse("label=build&value=72")
        #expect(spec.logo == nil && BadgeLayout(spec).logo == nil)
        #expect(!spec.canonicalKey.contains("logo"))
    }

    /// shields.io's default colors: a dark brand color is whitesmoke on the filled styles and itself on social; a
    /// light one is itself on the filled styles and `#333` on social; `logoColor` overrides both.
    @Test func defaultColorsAreShields() throws {
        func color(_ query: String) throws -> String? { BadgeLayout(try parse(query)).logo?.color.hex }
        #expect(try color("value=1&logo=github") == "#f5f5f5")
        #expect(try color("value=1&logo=github&style=social") == "#181717")
        #expect(try color("value=1&logo=javascript") == "#f7df1e")
        #expect(try color("value=1&logo=javascript&style=social") == "#333333")
        // A badge's color names are shields': its red.
        #expect(try color("value=1&logo=github&logoColor=red") == "#e05d44")
        #expect(try color("value=1&logo=github&logoColor=%23abc") == "#aabbcc")
    }

    /// The slug is read as shields.io reads it (any case) and written once in the canonical key, with
    /// `logoColor`.
    @Test func slugIsCanonical() throws {
        let spec = try parse("value=1&logo=GitHub&logoColor=RED")
        #expect(spec.canonicalKey.hasSuffix("&logo=github&logoColor=e05d44"))
        #expect(try parse(spec.canonicalKey) == spec)
        #expect(try parse("value=1&logo=github") != parse("value=1&logo=gitlab"))
    }

    /// An unknown slug, a slug that is a path, and garbage in `logoColor` are refused naming the parameter, the
    /// value and where the slugs are listed or what a color is.
    @Test(arguments: [
        (
            "logo=nosuchlogo",
            "logo: \"nosuchlogo\" is not a Simple Icons slug (the slugs are listed at simpleicons.org)"
        ),
        ("logo=..%2Fetc", "logo: \"../etc\" is not a Simple Icons slug"),
        ("logo=", "logo: \"\" is not a Simple Icons slug"),
        ("logo=github&logoColor=purplish", "logoColor: \"purplish\" is not a color"),
    ])
    func badLogosAreRefused(_ query: String, _ message: String) throws {
        #expect {
            try parse("value=1&" + query)
        } throws: { error in
            (error as? ParameterError)?.message.hasPrefix(message) == true
        }
    }

    /// The SVG draws the logo as paths we write, inside the 14 px square, in the logo's color; nothing of the
    /// source's markup (no `<svg>` inside, no title of its own, no reference).
    @Test func svgDrawsTheLogoInItsSquare() throws {
        let spec = try parse("label=build&value=72&logo=github")
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        #expect(document.all("svg").count == 1 && document.all("title").count == 1)
        let logoPaths = document.all("path").filter { $0.attributes["fill"] == "#f5f5f5" }
        #expect(logoPaths.count == 1)
        let numbers = try #require(logoPaths.first?.attributes["d"]).split { "MLCZ ".contains($0) }.compactMap {
            Double($0)
        }
        #expect(numbers.count > 100)
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        #expect(xs.min()! >= 5 && xs.max()! <= 19 && ys.min()! >= 3 && ys.max()! <= 17)
    }

    /// The PNG draws the same logo: inside its square the logo's color covers about what GitHub's mark covers
    /// (a disc with a cat cut out), and outside it the badge is as it was without the logo but moved.
    @Test(arguments: [1, 2])
    func pngDrawsTheLogoInItsColor(scale: Int) throws {
        let spec = try parse("label=build&value=72&logo=github&logoColor=ff0000&scale=\(scale)")
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        let s = Double(scale)
        var red = 0
        var total = 0
        for y in 3..<17 {
            for x in 5..<19 {
                total += 1
                let p = image.pixel((Double(x) + 0.5) * s, (Double(y) + 0.5) * s)
                if p.red > 200 && p.green < 60 && p.blue < 60 { red += 1 }
            }
        }
        // GitHub's mark fills about half of its square.
        #expect(red > total / 3 && red < total * 3 / 4, "\(red) of \(total)")
        // Outside the square, no red.
        for x in [2.5, 20.5, 40.5] { #expect(image.pixel(x * s, 10 * s).red < 200) }
        // The centre of the mark's face is the logo color; the cat's eye region stays the label's gray.
        #expect(image.pixel(12 * s, 4 * s).isClose(to: Pixel(0xff, 0, 0), tolerance: 40))
    }
}
