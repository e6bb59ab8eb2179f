import Foundation
import Testing

@testable import RingKit

struct RingGeometryTests {
    func spec(_ configure: (inout RingSpec) -> Void) -> RingSpec {
        var s = RingSpec()
        configure(&s)
        return s
    }

    @Test(arguments: [(16, 2.0), (64, 6), (128, 13), (256, 26), (1024, 102)])
    func defaultThicknessIsATenthOfTheSizeRounded(_ size: Int, _ thickness: Double) {
        #expect(RingGeometry(spec { $0.size = size }).thickness == thickness)
    }

    @Test func thicknessIsClampedToHalfTheSize() {
        #expect(RingGeometry(spec { $0.thickness = 500 }).thickness == 64)
        #expect(RingGeometry(spec { $0.thickness = 0 }).thickness == 1)
    }

    /// The farthest point of any stroke, caps included, stays within the image for every end angle.
    @Test(arguments: RingSpec.Cap.allCases, [1.0, 13, 40, 64])
    func strokesFitInsideTheImage(_ cap: RingSpec.Cap, _ thickness: Double) {
        let g = RingGeometry(
            spec {
                $0.cap = cap
                $0.thickness = thickness
            })
        let t2 = g.thickness / 2
        let reach: Double
        // A stroke wider than the ring's radius draws butt ends whatever was asked (see `RingSpec.capDrawn`).
        #expect(g.cap == (thickness > 128 / 3 ? .butt : cap))
        switch g.cap {
        case .square: reach = ((g.radius + t2) * (g.radius + t2) + t2 * t2).squareRoot()
        case .round, .butt: reach = g.radius + t2
        }
        #expect(reach <= g.size / 2 + 1e-9)
        // And it is the largest such radius: no wasted margin.
        #expect(reach > g.size / 2 - 0.01)
        #expect(g.center == 64)
    }

    @Test(arguments: [
        (360.0, RingSpec.Direction.cw, 0.0), (270, .cw, 225), (270, .ccw, 135), (180, .cw, 270), (180, .ccw, 90),
        (300, .cw, 210), (1, .cw, 359.5),
    ])
    func defaultStartCentresTheGapAtSixOClock(_ arc: Double, _ direction: RingSpec.Direction, _ start: Double) {
        let g = RingGeometry(
            spec {
                $0.arc = arc
                $0.direction = direction
            })
        #expect(g.startAngle == start)
        // The gap's middle is 6 o'clock: halfway through the gap, measured along the ring.
        #expect(abs(g.offsetAlongRing(ofDegrees: 180) - (arc + (360 - arc) / 2)) < 1e-9 || arc == 360)
    }

    @Test(arguments: [(-90.0, 270.0), (450, 90), (-360, 0), (360, 0), (0, 0)])
    func givenStartIsNormalised(_ given: Double, _ normalised: Double) {
        let g = RingGeometry(spec { $0.start = given })
        #expect(g.startAngle == normalised)
        #expect(g.startAngle.sign == .plus)
    }

    @Test(arguments: [(0.0, 0.0), (25, 90), (72, 259.2), (100, 360), (150, 360), (-10, 0)])
    func progressSweepIsTheShareOfTheArc(_ value: Double, _ sweep: Double) {
        let g = RingGeometry(spec { $0.reading.value = value })
        #expect(abs(g.progressSweep - sweep) < 1e-9)
        #expect(g.hasProgress == (sweep > 0))
        #expect(g.isProgressClosed == (sweep == 360))
    }

    @Test func gaugeSweepsUseArcAndMinMax() {
        let g = RingGeometry(
            spec {
                $0.arc = 270
                $0.reading.min = 50
                $0.reading.max = 150
                $0.reading.value = 100
            })
        #expect(g.trackSweep == 270)
        #expect(g.progressSweep == 135)
        #expect(!g.isTrackClosed)
        #expect(g.label == "50%")
    }

    @Test(arguments: [
        (RingSpec.Label.auto, 72.0, 0, String?("72%")), (.auto, 72.345, 2, "72.35%"), (.auto, 1.0 / 3, 3, "0.333%"),
        (.none, 72, 0, nil), (.template("{value}/{max} done"), 7, 0, "7/100 done"),
        (.template("{percent}% of {min}–{max}"), 12.5, 1, "12.5% of 0.0–100.0"),
        (.template("{percent}% of {min}–{max}"), 12.5, 0, "13% of 0–100"),
        (.template("{unknown} {value"), 3, 0, "{unknown} {value"),
        (.template(""), 3, 0, nil), (.auto, 0.4, 0, "1%"), (.auto, 99.6, 0, "99%"), (.auto, 100, 0, "100%"),
        (.auto, 0, 0, "0%"),
    ])
    func labelResolvesAutoNoneAndTemplates(_ label: RingSpec.Label, _ value: Double, _ decimals: Int, _ text: String?) {
        let g = RingGeometry(
            spec {
                $0.label = label
                $0.reading.value = value
                $0.valueStyle.decimals = decimals
            })
        #expect(g.label == text)
    }

    @Test func titleDefaultsToProgressPercentAndKeepsGivenText() {
        #expect(RingGeometry(spec { $0.reading.value = 72 }).title == "Progress: 72%")
        #expect(
            RingGeometry(
                spec {
                    $0.reading.value = 72.25
                    $0.valueStyle.decimals = 1
                }
            ).title == "Progress: 72.3%")
        #expect(RingGeometry(spec { $0.title = "CI\u{0}coverage\n" }).title == "CI coverage ")
    }

    /// Every size from 16 to 1024: the label is legible (6 px or more) with its box inside the hole, or absent.
    @Test func defaultFontSizeFitsTheInnerCircleOrTheLabelIsLeftOut() {
        for label in ["0%", "72%", "100%", "99.999%", "1234 of 5678 tasks done"] {
            for size in 16...1024 {
                let g = RingGeometry(
                    spec {
                        $0.size = size
                        $0.label = .template(label)
                    })
                guard let layout = g.labelLayout else {
                    #expect(g.label == nil && g.fontSize == 0)
                    continue
                }
                #expect(g.fontSize >= 6, "\(label) at \(size): font \(g.fontSize)")
                let inner = g.radius - g.thickness / 2
                // The label's box, from the font's advance widths and cap height, has its corners inside the hole.
                let widest = layout.lines.map { Self.boldWidth($0) }.max() ?? 0
                let halfWidth = widest * g.fontSize / 2
                let halfHeight = (0.364 + Double(layout.lines.count - 1) * 0.6) * g.fontSize
                #expect(
                    (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot() <= inner,
                    "\(label) at \(size): font \(g.fontSize)")
            }
        }
        // The percentage is left out below 28 px and drawn from there; a long template wraps before it is left out.
        #expect(RingGeometry(spec { $0.size = 27 }).label == nil)
        #expect(RingGeometry(spec { $0.size = 40 }).label == "0%")
        let wrapped = RingGeometry(
            spec {
                $0.size = 128
                $0.label = .template("1234 of 5678 tasks done")
            })
        #expect(wrapped.labelLayout?.lines == ["1234 of 5678", "tasks done"])
        // Big enough to read: "72%" on the default ring is over a fifth of the image.
        #expect(RingGeometry(spec { $0.reading.value = 72 }).fontSize > 25)
        #expect(RingGeometry(spec { $0.fontSize = 9 }).fontSize == 9)
    }

    /// Chinese, Japanese and Korean text has no spaces: a label of 16 ideographs, refused on a 128 px ring while it
    /// had to stay on one line, breaks between two of them; never before closing punctuation or inside Latin.
    @Test func aCJKLabelBreaksBetweenIdeographs() throws {
        let spec = try RingSpec.parse(query: "value=72&label=" + QueryParameters.encode("进度报告已经完成百分之七十二左右"))
        #expect(RingGeometry(spec).labelLayout?.lines == ["进度报告已经完成", "百分之七十二左右"])
        #expect(LabelLayout.twoLines("完成了。完成了。", bold: true) == ["完成了。", "完成了。"])
        #expect(!LabelLayout.breaksBetween("成", "。") && !LabelLayout.breaksBetween("「", "完"))
        #expect(!LabelLayout.breaksBetween("a", "b") && LabelLayout.breaksBetween("成", "7"))
        #expect(LabelLayout.twoLines("coverage72%", bold: true) == nil)
    }

    /// DejaVu Sans Bold advance widths of the characters used above, in em.
    static func boldWidth(_ text: String) -> Double {
        let widths: [Character: Double] = [
            "0": 0.696, "1": 0.696, "2": 0.696, "3": 0.696, "4": 0.696, "5": 0.696, "6": 0.696, "7": 0.696, "8": 0.696,
            "9": 0.696, "%": 1.002, ".": 0.380, " ": 0.348, "o": 0.687, "f": 0.435, "t": 0.478, "a": 0.675, "s": 0.595,
            "k": 0.665, "d": 0.716, "n": 0.712, "e": 0.678,
        ]
        return text.reduce(0) { $0 + (widths[$1] ?? 1) }
    }

    @Test func pointsFollowClockFaceAngles() {
        let g = RingGeometry(RingSpec())
        let top = g.point(atDegrees: 0)
        let right = g.point(atDegrees: 90)
        let bottom = g.point(atDegrees: 180)
        #expect(abs(top.x - 64) < 1e-9 && abs(top.y - (64 - g.radius)) < 1e-9)
        #expect(abs(right.x - (64 + g.radius)) < 1e-9 && abs(right.y - 64) < 1e-9)
        #expect(abs(bottom.y - (64 + g.radius)) < 1e-9)
    }
}
