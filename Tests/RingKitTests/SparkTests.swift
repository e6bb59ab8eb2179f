import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Sparklines: `points` drawn left to right between their lowest and highest, with the ring's colors, theme,
/// thresholds and label.
struct SparkSpecTests {
    static func message(_ query: String) -> String? {
        do {
            _ = try SparkSpec.parse(query: query)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaultsAreA120By24LineWithItsAreaAndNoLabel() throws {
        let spec = try SparkSpec.parse(query: "points=3,5,4,8")
        #expect(spec.width == 120 && spec.height == 24 && spec.fill == .area && spec.series.label == .none)
        #expect(spec.points == [3, 5, 4, 8] && spec.series.reading.value == 8)
        #expect(spec.series.reading.min == 3 && spec.series.reading.max == 8)
    }

    @Test func oneImageIsOneKeyWhateverTheSpelling() throws {
        let keys = try ["points=3,5,4,8", "points=3.0,5,4e0,8&width=120", "fill=area&points=3,5,4,8.00&height=24"].map {
            try SparkSpec.parse(query: $0).canonicalKey(for: .svg)
        }
        #expect(Set(keys).count == 1)
        #expect(try SparkSpec.parse(query: "points=3,5,4,9").canonicalKey(for: .svg) != keys[0])
        #expect(try SparkSpec.parse(query: "points=3,5,4,8&fill=none").canonicalKey(for: .svg) != keys[0])
        #expect(try SparkSpec.parse(query: "points=3,5,4,8&scale=2").canonicalKey(for: .svg) == keys[0])
        #expect(
            try SparkSpec.parse(query: "points=3,5,4,8&scale=2").canonicalKey(for: .png)
                != SparkSpec.parse(query: "points=3,5,4,8").canonicalKey(for: .png))
        #expect(try BarSpec.parse(query: "value=8").canonicalKey(for: .svg) != keys[0])
    }

    @Test func canonicalQueryParsesBackToTheSameSparkline() throws {
        for query in [
            "points=3,5,4,8", "points=80,82&max=100&label=auto&unit=percent", "points=1,2&theme=auto&label={delta}",
            "points=5&thresholds=50:red&thresholdsMode=absolute&min=0&max=10&fill=none&scale=2&cacheSeconds=600",
        ] {
            let spec = try SparkSpec.parse(query: query)
            #expect(try SparkSpec.parse(query: spec.canonicalQuery) == spec, "\(query) → \(spec.canonicalQuery)")
        }
    }

    static let tooMany = (0...SparkSpec.Limits.points).map(String.init).joined(separator: ",")

    @Test(arguments: [
        (
            "",
            "points: is missing (accepted: 1…512 finite decimals separated by commas, oldest first, such as 3,5,4,8; "
                + "or value=@name for a stored value's history)"
        ),
        (
            "points=3,x",
            "points: \"3,x\" has \"x\", which is not a number (accepted: 1…512 finite decimals separated by "
                + "commas, oldest first, such as 3,5,4,8)"
        ),
        (
            "points=3,1e999",
            "points: \"3,1e999\" has 1e999, which is not a finite number (accepted: 1…512 finite decimals "
                + "separated by commas, oldest first, such as 3,5,4,8)"
        ),
        (
            "points=3,,4",
            "points: \"3,,4\" has \"\", which is not a number (accepted: 1…512 finite decimals separated "
                + "by commas, oldest first, such as 3,5,4,8)"
        ),
        (
            "points=\(tooMany)",
            "points: \"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16…\" lists 513 numbers (accepted: "
                + "1…512 finite decimals separated by commas, oldest first, such as 3,5,4,8)"
        ),
        ("points=1&width=15", "width: 15 is out of range 16…1024"),
        ("points=1&height=300", "height: 300 is out of range 8…256"),
        ("points=1&fill=dots", "fill: \"dots\" is not one of area, none"),
        (
            "points=1&value=3",
            "value: \"3\" is one number, and a sparkline draws a series (accepted: value=@name for a "
                + "stored value's history over window, or points=3,5,4,8)"
        ),
        ("points=1,2&min=5&max=4", "max: 4 must be greater than min 5"),
        (
            "points=1&width=1024&scale=4",
            "scale: 4 is too large for width 1024 and height 24: each side × scale must be "
                + "at most 2048"
        ),
        (
            "points=1&width=30&label=a%20long%20label",
            "label: \"a long label\" needs a width of 116 px beside the line "
                + "at 14 px; width is 30 (shorten the label, lower fontSize, or raise width)"
        ),
    ])
    func badInputNamesTheParameterTheValueAndWhatIsAccepted(query: String, expected: String) {
        #expect(Self.message(query) == expected)
    }

    @Test func aGivenBoundWinsAndAFlatLineSitsInTheMiddle() throws {
        let high = try SparkSpec.parse(query: "points=80,82&max=100")
        #expect(high.series.reading.min == 80 && high.series.reading.max == 100)
        let flat = SparkLayout(try SparkSpec.parse(query: "points=5,5,5"))
        #expect(flat.points.allSatisfy { $0.y == 12 })
        // Only max given, below every point: the line runs along the top.
        let below = try SparkSpec.parse(query: "points=50,60&max=10")
        #expect(below.series.reading.min == 9 && SparkLayout(below).points.allSatisfy { $0.y == 2.25 })
    }

    @Test func theLabelWritesTheLastValueInItsUnitAndDeltaIsTheChangeSinceTheFirst() throws {
        #expect(SparkLayout(try SparkSpec.parse(query: "points=3,5,4,8.25&label=auto")).label == "8.25")
        #expect(
            SparkLayout(try SparkSpec.parse(query: "points=1,2.5&label=auto&unit=percent&decimals=1&locale=de")).label
                == "2,5\u{a0}%")
        #expect(SparkLayout(try SparkSpec.parse(query: "points=3,5,4,8&label={delta}")).label == "▲5")
        #expect(SparkLayout(try SparkSpec.parse(query: "points=3,5,4,8&label={delta}&previous=9")).label == "▼1")
        #expect(SparkLayout(try SparkSpec.parse(query: "points=3,5,4,8")).title == "Sparkline: 8")
    }

    @Test func theLineTakesTheThresholdColorOfTheLastPoint() throws {
        let red = RGBAColor(0xff, 0, 0)
        #expect(SparkLayout(try SparkSpec.parse(query: "points=90,10,60&min=0&max=100&thresholds=50:red")).color == red)
        #expect(
            SparkLayout(try SparkSpec.parse(query: "points=90,10&min=0&max=100&thresholds=50:red")).color
                == RingSpec().color)
        let absolute = "points=50,85&thresholds=80:red&thresholdsMode=absolute"
        #expect(SparkLayout(try SparkSpec.parse(query: absolute)).color == red)
        #expect(
            SparkLayout(try SparkSpec.parse(query: "points=1,2&theme=dark")).color == RingSpec.Theme.dark.ringColors[0])
    }
}

/// The sparkline drawn: the SVG read as XML, the PNG decoded to pixels.
struct SparkRenderTests {
    @Test func theSVGDrawsTheAreaTheLineTheDotAndTheLabel() throws {
        let svg = SparkRenderer.svg(try SparkSpec.parse(query: "points=0,10,5&label=auto&width=160"))
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        #expect(document.first("svg")?.attributes["width"] == "160")
        #expect(document.first("svg")?.attributes["height"] == "24")
        let paths = document.all("path")
        #expect(paths.count == 2 && paths[0].attributes["fill"] == "#2563eb33")
        #expect(paths[1].attributes["d"]?.filter { $0 == "L" }.count == 2)
        #expect(paths[1].attributes["stroke"] == "#2563eb")
        #expect(document.first("circle")?.attributes["cy"] == "12")
        #expect(document.first("text")?.text == "5" && document.first("title")?.text == "Sparkline: 5")
        let lineOnly = try #require(SVGDocument(SparkRenderer.svg(try SparkSpec.parse(query: "points=0,10&fill=none"))))
        #expect(lineOnly.all("path").count == 1)
    }

    /// The SVG switches by a media query; the PNG cannot, and reads on light and dark pages instead (its label
    /// over a halo, measured by `RasterAutoThemeTests`), so it is not the light one.
    @Test func autoThemeSwitchesTheLineByAMediaQueryAndThePNGReadsOnBoth() throws {
        let spec = try SparkSpec.parse(query: "points=1,2&theme=auto&label=auto")
        let text = String(decoding: SparkRenderer.svg(spec), as: UTF8.self)
        #expect(text.contains("@media (prefers-color-scheme:dark)") && text.contains("{stroke:#60a5fa}"))
        #expect(text.contains("{fill:#f9fafb}"))
        let png = try #require(DecodedPNG(try SparkRenderer.png(spec)))
        let light = try #require(DecodedPNG(try SparkRenderer.png(try SparkSpec.parse(query: "points=1,2&label=auto"))))
        #expect(png.pixels != light.pixels)
    }

    @Test func thePNGRisesFromBottomLeftToTopRightWithTheAreaBelow() throws {
        let png = try #require(DecodedPNG(try SparkRenderer.png(try SparkSpec.parse(query: "points=0,10&scale=2"))))
        #expect(png.width == 240 && png.height == 48)
        let blue = Pixel(0x25, 0x63, 0xeb)
        // The dot on the last point, top right; the first point, bottom left, on the line.
        #expect(png.pixel(117.75 * 2, 2.25 * 2).isClose(to: blue, tolerance: 4))
        #expect(png.pixel(2.25 * 2, 21.75 * 2).isClose(to: blue, tolerance: 40))
        // Above the line: nothing; below it: the area, a fifth as opaque.
        #expect(png.pixel(20 * 2, 2 * 2).alpha == 0)
        let area = png.pixel(110 * 2, 22 * 2)
        #expect(area.visibleDistance(to: Pixel(0x25, 0x63, 0xeb, 51)) <= 2, "\(area)")
        let none = try #require(
            DecodedPNG(try SparkRenderer.png(try SparkSpec.parse(query: "points=0,10&scale=2&fill=none"))))
        #expect(none.pixel(110 * 2, 22 * 2).alpha == 0)
    }

    @Test func theLabelIsDrawnRightOfTheLineInTheTextColor() throws {
        let spec = try SparkSpec.parse(query: "points=0,10&label=auto&textColor=red&background=white")
        let layout = SparkLayout(spec)
        let png = try #require(DecodedPNG(try SparkRenderer.png(spec)))
        let columns = Int(layout.labelX)..<png.width
        var reds = 0
        for x in columns {
            for y in 0..<png.height {
                let pixel = png[x, y]
                if pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 { reds += 1 }
            }
        }
        #expect(reds > 0)
        #expect(png[0, 0] == Pixel(255, 255, 255))
    }
}
