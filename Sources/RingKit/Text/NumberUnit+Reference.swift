extension NumberUnit {
    /// One row of the units' reference: the units it covers, what the value is in them, and examples written by the
    /// units themselves (so a reference never shows what the code does not write).
    public struct Reference: Sendable {
        /// The units, as `unit=` takes them; a custom form as `si:TEXT`.
        public let units: [String]
        /// What the value is, in Markdown (`code` spans).
        public let meaning: String
        /// Each example as Markdown: `` `1536` → `1.5 KiB` ``, led by its unit where the row has several.
        public let examples: [String]
    }

    /// Every unit `unit=` accepts, in the order the docs list them: the named units, then the custom forms.
    public static var reference: [Reference] {
        [
            row(["percent"], "a percentage", [("percent", 99.5)]),
            row(["percentunit"], "a fraction 0…1", [("percentunit", 0.725)]),
            row(["bytes"], "bytes, binary prefixes (KiB, MiB, GiB…)", [("bytes", 1023), ("bytes", 1536)]),
            row(["decbytes"], "bytes, decimal prefixes (kB, MB, GB…)", [("decbytes", 1_500_000)]),
            row(["bits", "decbits"], "bits, binary or decimal prefixes", [("bits", 1536), ("decbits", 1_500_000)]),
            row(
                ["Bps", "bps"], "bytes or bits per second, decimal prefixes",
                [("Bps", 12_500_000), ("bps", 12_500_000)]),
            row(
                ["ns", "us", "ms", "s"], "a duration in that unit, written in ns, µs, ms, s, min, h or d",
                [("s", 0.35), ("s", 90), ("ms", 7_200_000)]),
            row(["reqps", "ops"], "a rate: K, M, B, T", [("reqps", 12500), ("ops", 12500)]),
            row(["short"], "a count: K, M, B, T", [("short", 999), ("short", 1_500_000)]),
            row(["none"], "the number as read, with nothing beside it", [("none", 72.63)]),
            row(["si:TEXT"], "SI prefixes (p to E) on that unit", [("si:W", 1500), ("si:W", 0.35)]),
            row(
                ["prefix:TEXT", "suffix:TEXT"],
                "the number as read, with a text (1…\(customLength) characters) before or after it",
                [("prefix:$", 12.5), ("suffix: widgets", 12)]),
        ]
    }

    private static func row(_ units: [String], _ meaning: String, _ samples: [(String, Double)]) -> Reference {
        let led = units.count > 1 || units[0].contains(":")
        let examples = samples.map { name, value in
            // The samples are fixed above and every one is a unit: a failure here is a mistake in this table.
            guard let unit = try? parse(name) else { preconditionFailure("\(name) is not a unit") }
            let written = ValueStyle(unit: unit).normalized(min: 0).text(value)
            return (led ? "`\(name)`: " : "") + "`\(NumberText.plain(value))` → `\(written)`"
        }
        return Reference(units: units, meaning: meaning, examples: examples)
    }

    /// The named units and the custom forms (`si`, `prefix`, `suffix`): what a reference must cover.
    public static var acceptedNames: [String] { named.map(\.0) + customForms.map { $0 + ":TEXT" } }
}
