import Testing

@testable import RingKit

/// `thresholdsMode=absolute` reads `thresholds` in the value's own units, as Grafana's default mode does.
struct ThresholdsModeTests {
    func stroke(_ query: String) throws -> RGBAColor { try RingSpec.parse(query: query).effectiveColor }

    /// The contract's example: 420 of 1000 with steps at 200 and 500 is orange; 520 is red; 42 keeps its color.
    @Test func absoluteStepsAreValuesOfTheValuesOwnUnits() throws {
        let steps = "max=1000&thresholds=200:orange,500:red&thresholdsMode=absolute"
        #expect(try stroke("value=420&\(steps)") == RGBAColor.parse("orange"))
        #expect(try stroke("value=520&\(steps)") == RGBAColor.parse("red"))
        #expect(try stroke("value=42&\(steps)") == RingSpec().color)
        #expect(try BadgeSpec.parse(query: "value=520&\(steps)").valueColor == RGBAColor.parse("red", names: .shields))
    }

    /// An absolute step is the percentage it stands for: one image, one key, whichever way the steps were written;
    /// `percentage` is the default.
    @Test func anAbsoluteStepHasThePercentagesKey() throws {
        let absolute = try RingSpec.parse(query: "value=42&max=1000&thresholds=200:orange&thresholdsMode=absolute")
        let percent = try RingSpec.parse(query: "value=42&max=1000&thresholds=20:orange")
        #expect(absolute.canonicalKey == percent.canonicalKey)
        #expect(
            try RingSpec.parse(query: "value=42&max=1000&thresholds=20:orange&thresholdsMode=percentage") == percent)
    }

    /// Steps below min apply from the start (the highest such one); steps above max are never reached.
    @Test func stepsOutsideTheRangeAreFoldedIn() throws {
        let spec = try RingSpec.parse(
            query: "value=5&min=-10&max=10&thresholds=-30:blue,-20:green,0:red,50:black&thresholdsMode=absolute")
        #expect(spec.thresholds?.canonicalText == "0:008000,50:ff0000")
        #expect(try RingSpec.parse(query: "value=5&thresholds=500:red&thresholdsMode=absolute").thresholds == nil)
    }

    /// Bad modes and bad absolute steps are refused by name.
    @Test func badModesAndStepsAreRefused() {
        #expect(
            ringMessage("thresholdsMode=relative") == #"thresholdsMode: "relative" is not one of percentage, absolute"#)
        #expect(
            ringMessage("thresholds=20:red&thresholdsMode=Absolute")
                == #"thresholdsMode: "Absolute" is not one of percentage, absolute"#)
        #expect(
            ringMessage("max=1000&thresholds=500:red,200:blue&thresholdsMode=absolute")
                == #"thresholds: "500:red,200:blue" must be ascending: 200 follows 500 (accepted: up to 8 value:color pairs, values ascending, such as 200:orange,500:red)"#
        )
        #expect(ringMessage("thresholds=200:red&thresholdsMode=absolute") == nil)
        #expect(ringMessage("thresholds=200:red")?.hasPrefix("thresholds:") == true)
    }
}
