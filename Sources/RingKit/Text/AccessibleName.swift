/// The one place an image's accessible name (its SVG `<title>` and `aria-label`; a PNG carries none) is
/// written, for every kind: what a screen reader says for the image. A ring's and a bar's say what the label shows
/// (`Progress: 7/12`), a sparkline's its last value, a badge's both halves as shields writes them (`coverage: 72%`);
/// a `title` given in the URL replaces any of them. A stale value's (`StaleLook`) says since when, whatever the title.
public enum AccessibleName {
    /// A ring's or a bar's: `title` when given; else `Progress: ` and the label for each ring (each inner ring's
    /// value filling the template, or its percentage where that fills to nothing); with no label, the percentages.
    static func ring(_ spec: RingSpec, label text: String?, fractions: [Double]) -> String {
        ringName(spec, label: text, fractions: fractions) + spec.stale.nameSuffix
    }

    private static func ringName(_ spec: RingSpec, label text: String?, fractions: [Double]) -> String {
        if let given = spec.title { return RingGeometry.printable(given) }
        let style = spec.valueStyle
        let decimals = style.percentDecimals
        func percent(_ fraction: Double) -> String { PercentText(fraction: fraction, decimals: decimals).text + "%" }
        guard spec.label != .none, let text else {
            return fractions.dropFirst().reduce("Progress: " + percent(fractions.first ?? 0)) {
                $0 + ", " + percent($1)
            }
        }
        return zip(spec.reading.more.indices, fractions.dropFirst()).reduce("Progress: " + text) { name, ring in
            let shown = LabelText.text(spec.label, of: spec.reading, at: ring.0 + 1, fraction: ring.1, style: style)
            return name + ", " + (shown ?? percent(ring.1))
        }
    }

    /// A sparkline's: `title` when given; else `Sparkline: ` and its label, or its last value as `{value}` writes it.
    static func sparkline(_ series: RingSpec, label: String?, last: Double) -> String {
        (series.title ?? "Sparkline: " + (label ?? series.valueStyle.valueText(last))) + series.stale.nameSuffix
    }

    /// A badge's, as shields writes it: `coverage: 72%`, or the value alone without a label.
    static func badge(label: String, value: String, stale: StaleLook = StaleLook()) -> String {
        (label.isEmpty ? value : label + ": " + value) + stale.nameSuffix
    }
}
