import Testing

@testable import RingKit

/// `unit` writes values as monitoring people read them (the contract's table, "Numbers as people read them"), and
/// the text of a label is the value as read while the arc is clamped.
struct UnitTests {
    /// The label a ring of `query` draws.
    func label(_ query: String) throws -> String? { try RingGeometry(RingSpec.parse(query: query)).label }

    /// Every example of the contract's units table, as `label=auto` shows it (max raised so the ring is legible).
    @Test(arguments: [
        ("percent", 99.5, "99%"), ("percentunit", 0.725, "73%"), ("bytes", 1023, "1023 B"), ("bytes", 1536, "1.5 KiB"),
        ("bytes", 1_288_490_188.8, "1.2 GiB"), ("decbytes", 1_500_000, "1.5 MB"), ("bits", 1536, "1.5 Kib"),
        ("decbits", 1_500_000, "1.5 Mb"), ("bps", 12_500_000, "12.5 Mb/s"), ("Bps", 12_500_000, "12.5 MB/s"),
        ("s", 0.35, "350 ms"), ("s", 90, "1.5 min"), ("s", 7200, "2 h"), ("s", 259_200, "3 d"),
        ("ms", 0.5, "500 µs"), ("ns", 1500, "1.5 µs"), ("us", 2_500_000, "2.5 s"),
        ("reqps", 12500, "12.5K req/s"), ("ops", 12500, "12.5K ops/s"), ("short", 999, "999"),
        ("short", 1_500_000, "1.5M"), ("short", 2_100_000_000, "2.1B"), ("short", 3e12, "3T"),
        ("si:W", 1500, "1.5 kW"), ("si:W", 0.35, "350 mW"), ("prefix:$", 12.5, "$12.5"),
        ("suffix:%20widgets", 12, "12 widgets"),
    ])
    func theContractsExamplesReadAsWritten(unit: String, value: Double, text: String) throws {
        let query = "value=\(value)&min=0&max=1e13&size=256&unit=\(unit)"
        #expect(try label(query) == text)
        #expect(try BadgeSpec.parse(query: query).valueText == text)
    }

    /// Three significant digits, trailing zeros dropped; a number rounding up to the next step is written in it; the
    /// sign kept; `decimals` gives exactly that many digits.
    @Test(arguments: [
        ("bytes", 1_300_000_000, nil, "1.21 GiB"), ("bytes", 1023.9, nil, "1 KiB"), ("s", 59.9999, nil, "1 min"),
        ("bytes", -1536, nil, "-1.5 KiB"), ("bytes", 0, nil, "0 B"), ("ms", 0, nil, "0 ms"),
        ("bytes", 1_288_490_188.8, 2, "1.20 GiB"), ("bytes", 1_300_000_000, 0, "1 GiB"),
        ("percentunit", 0.725, 1, "72.5%"), ("short", 0.0123, nil, "0.0123"), ("short", 1e16, nil, "10000T"),
        ("bytes", 1e40, nil, "8.27×10¹⁵ YiB"), ("percent", 150, nil, "150%"), ("percent", 99.96, 1, "99.9%"),
        ("prefix:€", 0.1 + 0.2, nil, "€0.3"),
        // Grafana's `none`: the number as read, which `decimals` rounds (`decimals=0` alone keeps `{value}` as read).
        ("none", 72.63, nil, "72.63"), ("none", 72.63, 0, "73"), ("none", 1_500_000, nil, "1500000"),
    ])
    func scaledNumbersKeepThreeSignificantDigits(unit: String, value: Double, decimals: Int?, text: String) throws {
        let digits = decimals.map { "&decimals=\($0)" } ?? ""
        // `1e+16` in a query would read `1e 16`.
        let value = "\(value)".split(separator: "+").joined()
        #expect(try label("value=\(value)&min=-1e13&max=1e300&size=256&unit=\(unit)\(digits)") == text)
    }

    /// `{value}`, `{min}` and `{max}` are written in the unit, `{percent}` stays the percentage.
    @Test func templatesWriteTheirNumbersInTheUnit() throws {
        #expect(
            try label("value=412e9&max=1e12&unit=decbytes&label={value} of {max}&size=256") == "412 GB of 1 TB")
        #expect(try label("value=412e9&max=1e12&unit=decbytes&label={percent}%25&size=256") == "41%")
    }

    /// The arc is clamped into min…max, the text is not: a latency of 450 ms on a ring of max 300 reads 450 ms, in
    /// the label and the accessible name, while the arc is full.
    @Test func theTextIsTheValueAsReadWhileTheArcIsClamped() throws {
        let spec = try RingSpec.parse(query: "value=450&max=300&label={value} ms")
        let g = RingGeometry(spec)
        #expect(g.label == "450 ms")
        #expect(g.title == "Progress: 450 ms")
        #expect(g.fraction == 1)
        #expect(try label("value=450&max=300&unit=ms") == "450 ms")
        #expect(try label("value=-20&max=300&unit=ms") == "-20 ms")
        #expect(try BadgeSpec.parse(query: "value=450&max=300&unit=ms").valueText == "450 ms")
        // A label of the percentage alone still merges over-range values into one image.
        #expect(
            try RingSpec.parse(query: "value=450&max=300").canonicalKey
                == RingSpec.parse(query: "value=300&max=300").canonicalKey)
    }

    /// `decimals` of 1 or more applies to `{value}`, `{min}` and `{max}`; without it (or with 0) and without a unit
    /// they are written as read, as they always were, with binary noise removed.
    @Test func decimalsApplyToTemplateNumbers() throws {
        #expect(try label("value=3&max=8&label={value}/{max}&decimals=1") == "3.0/8.0")
        #expect(try label("value=77.7651&label={value}&decimals=0") == "77.7651")
        #expect(try label("value=77.7651&label={value}") == "77.7651")
        #expect(try label("value=0.30000000000000004&max=1&label={value}") == "0.3")
    }

    /// No exponent ever reaches a label, whatever the digits asked for: `1×10²⁰`, not `1e+20`.
    @Test(arguments: ["", "&unit=short", "&unit=bytes", "&unit=prefix:$", "&unit=percent"])
    func hugeNumbersWithDecimalsHaveNoExponent(unit: String) throws {
        for decimals in [1, 3] {
            for value in ["1e20", "-1e300", "123456789012345678"] {
                let text = try #require(
                    try label("value=\(value)&min=-1e300&max=1e300&size=512&label={value}&decimals=\(decimals)\(unit)"))
                #expect(
                    !text.contains("e+") && !text.contains("e-") && !text.contains("e2"), "\(value) \(unit): \(text)")
            }
        }
    }

    /// Existing URLs keep their canonical keys (and so their SVG names and ETags): a new parameter's text appears in
    /// a key only when given.
    @Test func keysOfURLsWithoutAUnitAreUnchanged() throws {
        #expect(try RingSpec.parse(query: "value=72").canonicalKey.contains("decimals=0"))
        #expect(try !RingSpec.parse(query: "value=72").canonicalKey.contains("unit"))
        let bytes = try RingSpec.parse(query: "value=72&unit=bytes")
        #expect(bytes.canonicalKey.contains("decimals=auto"))
        #expect(bytes.canonicalKey.hasSuffix("unit=bytes"))
        #expect(try RingSpec.parse(query: bytes.canonicalKey) == bytes)
        let custom = try RingSpec.parse(query: "value=72&unit=suffix:%20%26%20more&decimals=1")
        #expect(try RingSpec.parse(query: custom.canonicalKey) == custom)
        #expect(
            try RingSpec.parse(query: "value=72&unit=bytes&label=none").canonicalKey
                == RingSpec.parse(query: "value=72&label=none").canonicalKey)
        // decimals=0 with a unit is not the default there (its own digits are): the shortest query keeps it (the spec
        // fuzzer found one that dropped it), for badges too.
        for query in ["value=1288490188.8&max=2e12&unit=bytes&decimals=0", "value=5&unit=bytes"] {
            let ring = try RingSpec.parse(query: query)
            #expect(try RingSpec.parse(query: ring.canonicalQuery) == ring, "\(ring.canonicalQuery)")
            let badge = try BadgeSpec.parse(query: query)
            #expect(try BadgeSpec.parse(query: badge.canonicalQuery) == badge, "\(badge.canonicalQuery)")
        }
    }

    /// Bad units are refused naming `unit`, with what is accepted.
    @Test(arguments: [
        (
            "unit=furlongs",
            "unit: \"furlongs\" is not a unit (accepted: percent, percentunit, bytes, decbytes, bits, decbits, Bps, bps, ns, us, ms, s, reqps, ops, short, none, or prefix:TEXT, suffix:TEXT, si:TEXT)"
        ),
        ("unit=si:", "unit: \"si:\" has no text after si: (accepted: 1…16 characters, such as si:W)"),
        (
            "unit=prefix:%20%20",
            "unit: \"prefix:  \" has a blank or too long text after prefix: (accepted: 1…16 characters, such as prefix:$)"
        ),
        (
            "unit=suffix:" + String(repeating: "x", count: 17),
            "unit: \"suffix:xxxxxxxxxxxxxxxxx\" has a blank or too long text after suffix: (accepted: 1…16 characters, such as suffix:$)"
        ),
        ("unit=", "unit: is empty (accepted: text of 1…64 characters)"),
        (
            "unit=prefix:%E2%80%AE$",
            #"unit: "prefix:\u{202e}$" contains the bidi control U+202E (accepted: text without embedding, override or isolate controls; right-to-left text is laid out in its own direction)"#
        ),
        ("unit=suffix:%0A", #"unit: "suffix:\u{a}" contains the control character U+000A"#),
        (
            "unit=Bytes",
            "unit: \"Bytes\" is not a unit (accepted: percent, percentunit, bytes, decbytes, bits, decbits, Bps, bps, ns, us, ms, s, reqps, ops, short, none, or prefix:TEXT, suffix:TEXT, si:TEXT)"
        ),
        ("decimals=4&unit=bytes", "decimals: 4 is out of range 0…3"),
    ])
    func badUnitsAreRefusedByName(query: String, message: String) {
        #expect(ringMessage(query) == message)
    }
}
