import Foundation
import TestSupport
import Testing

@testable import RingKit

struct ThemeTests {
    static let darkColor = RGBAColor(0x60, 0xa5, 0xfa)
    static let darkTrack = RGBAColor(0x37, 0x41, 0x51)
    static let darkText = RGBAColor(0xf9, 0xfa, 0xfb)
    static let lightColor = RGBAColor(0x25, 0x63, 0xeb)
    static let lightTrack = RGBAColor(0xe5, 0xe7, 0xeb)

    @Test func darkChangesOnlyTheDefaults() throws {
        let dark = try RingSpec.parse(query: "theme=dark")
        #expect((dark.color, dark.track, dark.textColor) == (Self.darkColor, Self.darkTrack, Self.darkText))
        let mixed = try RingSpec.parse(query: "theme=dark&color=red&track=none")
        #expect((mixed.color, mixed.track, mixed.textColor) == (RGBAColor(255, 0, 0), nil, Self.darkText))
        // A color given explicitly stays, even when it is the light default.
        let explicit = try RingSpec.parse(query: "theme=dark&color=2563eb")
        #expect(explicit.color == Self.lightColor)
        #expect(explicit.track == Self.darkTrack)
        #expect(try RingSpec.parse(query: "theme=dark&background=white").background == RGBAColor(255, 255, 255))
    }

    @Test func unknownThemeIsRefusedWithTheAcceptedNames() {
        #expect(
            throws: ParameterError(parameter: "theme", value: #""Dark""#, reason: "is not one of light, dark, auto")
        ) {
            try RingSpec.parse(query: "theme=Dark")
        }
        #expect(throws: ParameterError(parameter: "theme", value: "", reason: "given twice")) {
            try RingSpec.parse(query: "theme=dark&theme=light")
        }
    }

    /// Decoded PNG of the dark theme: progress, track and label in the dark defaults.
    @Test func pngDrawsTheDarkDefaults() throws {
        let spec = try RingSpec.parse(query: "theme=dark&value=50&size=200&label={value}")
        let g = RingGeometry(spec)
        let image = try #require(DecodedPNG(try PNGRenderer.render(spec)))
        let onProgress = g.point(atDegrees: 90)
        let onTrack = g.point(atDegrees: 270)
        #expect(image.pixel(onProgress.x, onProgress.y).isClose(to: Self.darkColor))
        #expect(image.pixel(onTrack.x, onTrack.y).isClose(to: Self.darkTrack))
        var textPixels = 0
        for y in 80..<120 {
            for x in 70..<130 where image[x, y].isClose(to: Self.darkText, tolerance: 4) { textPixels += 1 }
        }
        #expect(textPixels > 20, "\(textPixels) label pixels in #f9fafb")
    }

    @Test func autoSwitchesOnlyTheDefaultsInDarkMode() throws {
        let all = unscopedText(SVGRenderer.render(try RingSpec.parse(query: "theme=auto&value=40")))
        #expect(
            all.contains(
                "<style>@media (prefers-color-scheme:dark){.c{stroke:#60a5fa}.t{stroke:#374151}.x{fill:#f9fafb}}</style>"
            ))
        #expect(all.contains("<circle class=\"t\""))
        #expect(all.contains("<path class=\"c\""))
        #expect(all.contains("<text class=\"x\""))
        // The light colors stay in the attributes, for renderers without media queries.
        #expect(all.contains("stroke=\"#2563eb\""))

        let some = unscopedText(
            SVGRenderer.render(try RingSpec.parse(query: "theme=auto&value=40&color=red&textColor=black")))
        #expect(some.contains("@media (prefers-color-scheme:dark){.t{stroke:#374151}}"))
        #expect(!some.contains("class=\"c\"") && !some.contains("class=\"x\""))

        // With every color given, auto has nothing to switch: the light image, byte for byte.
        let none = try RingSpec.parse(query: "theme=auto&value=40&color=red&track=none&textColor=black")
        let light = try RingSpec.parse(query: "value=40&color=red&track=none&textColor=black")
        #expect(SVGRenderer.render(none) == SVGRenderer.render(light))
        #expect(none.canonicalKey == light.canonicalKey)
    }

    @Test func autoWithAnimationSharesOneStyleElement() throws {
        let svg = SVGRenderer.render(try RingSpec.parse(query: "theme=auto&value=40&animate=2"))
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(Array(unscopedText(svg).utf8)))
        #expect(document.all("style").count == 1)
        #expect(document.first("path")?.attributes["class"] == "p c")
    }

    @Test(arguments: ["theme=auto", "theme=dark", "theme=auto&value=30,60&animate=1", "theme=dark&label=none"])
    func svgStaysInertAndWellFormed(query: String) throws {
        expectNoActiveContent(SVGRenderer.render(try RingSpec.parse(query: query)))
    }

    /// librsvg ignores `prefers-color-scheme`, so it shows the light colors the attributes carry: the light PNG's
    /// (a PNG of `auto` reads on dark pages too, `RasterAutoThemeTests`).
    @Test func rsvgDrawsAutoAsLight() throws {
        try RenderAgreementTests().expectAgreement(
            try RingSpec.parse(query: "theme=auto&value=64"), png: try RingSpec.parse(query: "value=64"))
        try RenderAgreementTests().expectAgreement(try RingSpec.parse(query: "theme=dark&value=64&background=0d1117"))
    }

    static let sameKey: [(String, String)] = [
        ("theme=light", ""),
        ("theme=dark", "color=60a5fa&track=374151&textColor=f9fafb"),
        ("theme=dark&color=red", "theme=dark&color=ff0000"),
        ("theme=auto&label=none", "theme=auto&label=none&textColor=red"),
        ("theme=auto&color=red&track=none&textColor=black", "color=red&track=none&textColor=black"),
    ]

    @Test(arguments: sameKey)
    func queriesThatMeanOneImageShareAKey(first: String, second: String) throws {
        #expect(try RingSpec.parse(query: first).canonicalKey == RingSpec.parse(query: second).canonicalKey)
        #expect(try RingSpec.parse(query: first) == RingSpec.parse(query: second))
    }

    static let differentKeys: [(String, String)] = [
        // A fade's default start switches with the scheme; one given stays.
        ("theme=auto&gradient=red", "theme=auto&gradient=red&color=2563eb"),
        ("theme=auto", ""),
        ("theme=auto", "theme=auto&color=2563eb"),
        ("theme=auto", "theme=auto&track=e5e7eb"),
        ("theme=dark", ""),
    ]

    @Test(arguments: differentKeys)
    func queriesThatDrawDifferentSVGsHaveDifferentKeys(first: String, second: String) throws {
        let a = try RingSpec.parse(query: first)
        let b = try RingSpec.parse(query: second)
        #expect(a.canonicalKey(for: .svg) != b.canonicalKey(for: .svg))
        #expect(SVGRenderer.render(a) != SVGRenderer.render(b))
    }

    @Test(arguments: ["theme=auto", "theme=auto&color=2563eb", "theme=auto&value=30,60&track=red", "theme=dark"])
    func keyParsesBackToTheSameSpec(query: String) throws {
        let spec = try RingSpec.parse(query: query)
        #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        #expect(try RingSpec.parse(query: spec.canonicalQuery) == spec)
    }

    @Test func autoKeyLeavesOutTheThemedColors() throws {
        #expect(try RingSpec.parse(query: "theme=auto").canonicalQuery == "theme=auto")
        let key = try RingSpec.parse(query: "theme=auto&color=red").canonicalKey
        #expect(key.contains("&color=ff0000&") && !key.contains("track=") && key.hasSuffix("&theme=auto"))
    }

    /// A spec built by hand with a theme draws what the parsed query draws.
    @Test func handBuiltSpecsFollowTheirTheme() throws {
        var spec = RingSpec()
        spec.reading.value = 40
        spec.theme = .dark
        spec.color = RGBAColor(255, 0, 0)
        let parsed = try RingSpec.parse(query: "value=40&theme=dark&color=red")
        #expect(SVGRenderer.render(spec) == SVGRenderer.render(parsed))
        #expect(try PNGRenderer.render(spec) == PNGRenderer.render(parsed))
        #expect(spec.canonicalKey == parsed.canonicalKey)
    }
}

/// Under `theme=auto` (and in `theme=dark`), threshold and gradient colors switch too: those that would vanish on a
/// dark page are lightened until they stand out (3:1), the others stay.
struct DarkSchemeColorTests {
    @Test func aThresholdColorThatWouldVanishOnADarkPageIsLightenedThere() throws {
        let navy = try RingSpec.parse(query: "value=90&thresholds=50:navy&theme=auto")
        let adapted = try #require(navy.darkThresholdColor(ofRing: 0))
        #expect(adapted.contrast(with: RGBAColor.darkPage) >= 3 && adapted != RGBAColor(0, 0, 0x80))
        let svg = unscopedText(SVGRenderer.render(navy))
        #expect(svg.contains(".c{stroke:\(adapted.hex)}") && svg.contains("stroke=\"#000080\""))
        // Orange stands out on both pages: it stays, and with nothing else to switch the image is light.
        let orange = try RingSpec.parse(query: "value=90&thresholds=50:orange&theme=auto&track=none&label=none")
        #expect(orange.darkThresholdColor(ofRing: 0) == nil && orange.theme == .light)
        // theme=dark draws the adapted colors.
        #expect(try RingSpec.parse(query: "value=90&thresholds=50:navy&theme=dark").effectiveColor == adapted)
    }

    @Test func aFadeSwitchesAsAWholeAndARendererWithoutCSSShowsTheLightOne() throws {
        let spec = try RingSpec.parse(query: "value=60&gradient=darkred&theme=auto")
        let ends = try #require(spec.darkGradientEnds(ofRing: 0))
        #expect(ends.start == RingSpec.Theme.dark.ringColors[0] && ends.end.contrast(with: RGBAColor.darkPage) >= 3)
        let svg = unscopedText(SVGRenderer.render(spec))
        #expect(svg.contains("<g class=\"gl\" fill=\"none\"") && svg.contains("<g class=\"gd\" display=\"none\""))
        #expect(svg.contains(".gl{display:none}.gd{display:inline}"))
        // librsvg has no dark scheme: it draws the light fade, as the light PNG does.
        try RenderAgreementTests().expectAgreement(
            spec, png: try RingSpec.parse(query: "value=60&gradient=darkred"))
        let bar = unscopedText(BarRenderer.svg(try BarSpec.parse(query: "value=60&gradient=darkred&theme=auto")))
        #expect(bar.contains("class=\"gd\" display=\"none\"") && bar.contains(".gl{display:none}.gd{display:inline}"))
    }
}
