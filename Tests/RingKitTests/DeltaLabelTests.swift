import Testing

@testable import RingKit

/// `{delta}` and `{previous}`: the change from `previous`, as a reader scans it, in the label's unit and locale.
struct DeltaLabelTests {
    func label(_ query: String) throws -> String? {
        let spec = try RingSpec.parse(query: query)
        return LabelText.text(
            spec.label, value: spec.reading.value, min: spec.reading.min, max: spec.reading.max, fraction: 0,
            style: spec.valueStyle,
            previous: spec.reading.previous)
    }

    @Test(arguments: [
        ("value=82&previous=80&label=%7Bdelta%7D", "▲2"),
        ("value=79.5&previous=80&label=%7Bdelta%7D", "▼0.5"),
        ("value=80&previous=80&label=%7Bdelta%7D", "±0"),
        ("value=82&previous=80&label=%7Bvalue%7D%20from%20%7Bprevious%7D", "82 from 80"),
        ("value=1610612736&previous=1073741824&max=2147483648&unit=bytes&label=%7Bdelta%7D", "▲512 MiB"),
        ("value=72.5&previous=70&locale=de&label=%7Bdelta%7D", "▲2,5"),
        // The difference of two binary fractions, written with the values' own digits: never its noise.
        ("value=88.6&previous=84.7&label=%7Bdelta%7D", "▲3.9"),
        ("value=0.3&previous=0.1&label=%7Bdelta%7D", "▲0.2"),
        ("value=84.7&previous=88.65&label=%7Bdelta%7D", "▼3.95"),
        ("value=88.6&previous=84.7&unit=suffix:%20ms&label=%7Bdelta%7D", "▲3.9 ms"),
        // `{delta}` alone compares the value as read, as `{value} {delta}` does: the arc is clamped, the text is not.
        ("value=450&max=300&previous=400&label=%7Bdelta%7D", "▲50"),
        ("value=450&max=300&previous=400&label=%7Bvalue%7D%20%7Bdelta%7D", "450 ▲50"),
    ])
    func deltaIsTheChangeFromPrevious(query: String, shown: String) throws {
        #expect(try label(query) == shown)
    }

    /// Without `previous` the placeholders have nothing to compare with: refused, naming label and what to give.
    @Test func deltaWithoutPreviousIsRefused() {
        #expect {
            _ = try RingSpec.parse(query: "value=5&label=%7Bdelta%7D")
        } throws: { error in
            (error as? ParameterError)?.parameter == "label"
                && (error as? ParameterError)?.message.contains("previous=N") == true
        }
    }

    /// `previous` is part of the image (the key), and absent from the keys of every URL that does not give it.
    @Test func previousIsInTheKeyOnlyWhenGiven() throws {
        let plain = try RingSpec.parse(query: "value=5").canonicalKey
        #expect(!plain.contains("previous"))
        let compared = try RingSpec.parse(query: "value=5&previous=3&label=%7Bdelta%7D").canonicalKey
        #expect(compared.contains("previous=3"))
        #expect(try RingSpec.parse(query: compared).canonicalKey == compared)
    }

    /// Only the first ring has a value to compare with: an inner ring's part of the accessible name leaves the
    /// comparison out rather than showing `{delta}`.
    @Test func innerRingsInTheNameLeaveNoPlaceholder() throws {
        let spec = try RingSpec.parse(query: "value=82,60&previous=80&label=%7Bvalue%7D%20%7Bdelta%7D")
        #expect(RingGeometry(spec).title == "Progress: 82 ▲2, 60")
    }

    /// A bar's label compares too.
    @Test func barsCompare() throws {
        let spec = try BarSpec.parse(query: "value=30&previous=40&label=%7Bdelta%7D")
        #expect(BarLayout.labelText(spec.series, ring: 0, fraction: 0.3) == "▼10")
    }
}
