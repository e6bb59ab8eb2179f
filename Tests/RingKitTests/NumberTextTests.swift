import Testing

@testable import RingKit

/// How labels print numbers: percentages that never read done before the end (or untouched after the start), and
/// values without exponents.
struct NumberTextTests {
    /// Both ends of the range at every precision: exact ends print as they are; anything strictly between never
    /// rounds to 0 or to 100.
    @Test(arguments: [
        (0.0, 0, "0"), (0.001, 0, "1"), (0.004, 0, "1"), (0.005, 0, "1"), (0.015, 0, "2"), (0.5, 0, "50"),
        (0.994, 0, "99"), (0.995, 0, "99"), (0.9999999, 0, "99"), (1, 0, "100"),
        (0.0, 1, "0.0"), (0.000_1, 1, "0.1"), (0.000_51, 1, "0.1"), (0.9995, 1, "99.9"), (0.999_96, 1, "99.9"),
        (1, 1, "100.0"),
        (0.0, 2, "0.00"), (0.000_001, 2, "0.01"), (0.999_95, 2, "99.99"), (0.999_999, 2, "99.99"), (1, 2, "100.00"),
        (0.0, 3, "0.000"), (0.000_000_1, 3, "0.001"), (0.999_995, 3, "99.999"), (0.999_999_9, 3, "99.999"),
        (1, 3, "100.000"), (0.723_45, 2, "72.35"), (0.724_5, 0, "72"), (0.725, 0, "73"),
    ])
    func percentagesNeverReadDoneOrUntouchedBetweenTheEnds(fraction: Double, decimals: Int, text: String) {
        let percent = PercentText(fraction: fraction, decimals: decimals)
        #expect(percent.text == text)
        #expect(Double(percent.text) == percent.shown)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (72, "72"), (-2.5, "-2.5"), (1500, "1500"), (1e-05, "0.00001"),
        (0.000_001, "0.000001"),
        (1.25e-06, "0.00000125"), (123_456.789, "123456.789"), (1e14, "100000000000000"),
        (0.1 + 0.2, "0.3"), (0.7 + 0.1, "0.8"), (123_456.789_012_345_6, "123456.789012346"),
        (5e20, "5×10²⁰"), (1e15, "1×10¹⁵"), (-1.5e-9, "-1.5×10⁻⁹"), (1.234_567_89e300, "1.23457×10³⁰⁰"),
        // Subnormals hold fewer digits than six: their shortest digits, not printf's (1e-320 read `9.99989×10⁻³²¹`).
        (5e-324, "5×10⁻³²⁴"), (1e-320, "1×10⁻³²⁰"), (2.5e-310, "2.5×10⁻³¹⁰"), (9.999_999e20, "1×10²¹"),
    ])
    func valuesPrintWithoutExponents(value: Double, text: String) {
        #expect(NumberText.plain(value) == text)
        #expect(!NumberText.plain(value).contains("e"))
    }

    @Test func templateValuesUseThePlainForm() throws {
        let tiny = try RingSpec.parse(query: "min=0&max=0.0001&value=0.00001&label={value}/{max}")
        #expect(RingGeometry(tiny).label == "0.00001/0.0001")
        let huge = try RingSpec.parse(query: "max=1e21&value=5e20&label={value}")
        #expect(RingGeometry(huge).label == "5×10²⁰")
    }
}
