/// The one place a label's text is made, for rings, bars and badges alike: the percentage, the value in its unit, a
/// template filled with the numbers, or nothing.
public enum LabelText {
    /// What `label` shows for `value` in `min…max` (`fraction` of the way, as the arc or fill shows it): `auto` is the
    /// percentage with `style`'s decimals and `%` (`72%`, never `100%` before done), or with a unit the value in it
    /// (`412 GiB`); a template has `{value}`, `{percent}`, `{min}` and `{max}` (and `{delta}`, `{previous}` against
    /// `previous`) filled (the numbers written in `style`,
    /// the value as read, not clamped: the arc is clamped, the text is not) and is made printable (see
    /// `RingGeometry.printable`); `none` or a template that fills to nothing is `nil`.
    /// The label of value `index` of `reading` (the first unless given), whose share `fraction` of its `min…max`
    /// the caller has worked out (clamped or not, as its kind shows it), written in `style`: the one writer every
    /// kind's label, title and accessible name go through.
    public static func text(
        _ label: RingSpec.Label, of reading: ValueReading, at index: Int = 0, fraction: Double, style: ValueStyle
    ) -> String? {
        text(
            label, value: reading.value(at: index), min: reading.min, max: reading.max(at: index), fraction: fraction,
            style: style, previous: index == 0 ? reading.previous : nil, series: index)
    }

    /// As above, for a value given alone; `series` is its index among the series read (`ValueStyle.seriesLabels`),
    /// whose labels a template writes as `{label.NAME}`.
    public static func text(
        _ label: RingSpec.Label, value: Double, min: Double, max: Double, fraction: Double, style: ValueStyle,
        previous: Double? = nil, series: Int = 0
    ) -> String? {
        switch label {
        case .auto:
            if let mapped = style.mappedItem(for: value) { return mapped.text }
            // The deviation from the neutral point, signed: `−10` for 40 around 50, `0` at it.
            if let neutral = style.neutral { return style.signedText(NumberText.difference(value, neutral)) }
            if style.unit != nil { return style.text(value) }
            if fraction.isFinite && (fraction < 0 || fraction > 1) {
                // A share outside the range (a badge passes its value's, unclamped): rounded as any number, `130%`.
                return style.withPercentSign(ValueStyle.fixed(fraction * 100, decimals: style.percentDecimals))
            }
            return style.withPercentSign(PercentText(fraction: fraction, decimals: style.percentDecimals).text)
        case .none:
            return nil
        case .template(let template):
            let percent = style.localized(PercentText(fraction: fraction, decimals: style.percentDecimals).text)
            let labels = style.seriesLabels.flatMap { series < $0.count ? $0[series] : nil }
            let text = fill(
                template, value: value, min: min, max: max, percent: percent, style: style, previous: previous,
                labels: labels)
            return text.isEmpty ? nil : RingGeometry.printable(text)
        }
    }

    /// Whether `label` writes the value itself (a template with `{value}`, or `auto` with a unit or a map), so the
    /// spec keeps the value as read rather than clamped into `min…max`.
    static func showsValue(
        _ label: RingSpec.Label, unit: NumberUnit?, map: ValueMap? = nil, signed: Bool = false
    )
        -> Bool
    {
        switch label {
        case .auto: unit != nil || map != nil || signed
        case .none: false
        // `{delta}` is the change of the value as read: a clamped one would tell another change.
        case .template(let template): template.contains("{value}") || template.contains("{delta}")
        }
    }

    /// Replaces `{value}`, `{percent}`, `{min}` and `{max}` in `template` (the numbers written in `style`), and the
    /// time's, the comparison's and other stored values' (`{@name}`) placeholders; any other text stays as written.
    static func fill(
        _ template: String, value: Double, min: Double, max: Double, percent: String, style: ValueStyle,
        previous: Double? = nil, labels: [String: String]? = nil
    ) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        var rest = Substring(template)
        var names: [(String, String)] = [
            ("{value}", style.valueText(value)), ("{percent}", percent), ("{min}", style.text(min)),
            ("{max}", style.text(max)),
        ]
        if let times = style.times {
            names += [("{age}", times.age), ("{time}", times.time), ("{date}", times.date)]
            names += [("{elapsed}", times.elapsed ?? ""), ("{remaining}", times.remaining ?? "")]
        }
        if let named = style.named {
            for (name, number) in named { names.append(("{@" + name + "}", style.text(number))) }
        }
        if let previous {
            names.append(("{delta}", deltaText(from: previous, to: value, style: style)))
            names.append(("{previous}", style.text(previous)))
        } else {
            // Only the first value has a previous one (an inner ring's name in a title has none): nothing to compare.
            names.append(("{delta}", ""))
            names.append(("{previous}", ""))
        }
        outer: while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let tail = rest[brace...]
            // A series' label (`{label.instance}`): empty where the series has none, as Prometheus leaves it out.
            if let labels, tail.hasPrefix("{label."), let close = tail.firstIndex(of: "}") {
                let name = String(tail[tail.index(brace, offsetBy: 7)..<close])
                out += SeriesLabels.shown(labels[name] ?? "")
                rest = tail[tail.index(after: close)...]
                continue outer
            }
            for (name, replacement) in names where tail.hasPrefix(name) {
                out += replacement
                rest = tail.dropFirst(name.count)
                continue outer
            }
            out += "{"
            rest = tail.dropFirst()
        }
        out += rest
        // A comparison left out leaves no space where it stood at either end.
        guard previous == nil, template.contains("{delta}") || template.contains("{previous}") else { return out }
        return String(out.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The change from `previous` to `value` as a reader scans it: `▲3.2`, `▼0.5`, `±0`, the number in the style's
    /// unit and locale, rounded to the digits the two values are written with, so the noise of subtracting two
    /// binary fractions never shows (88.6 − 84.7 reads `▲3.9`, not `▲3.89999999999999`).
    static func deltaText(from previous: Double, to value: Double, style: ValueStyle) -> String {
        let delta = NumberText.difference(value, previous)
        if delta > 0 { return "▲" + style.text(delta) }
        if delta < 0 { return "▼" + style.text(-delta) }
        return "±" + style.text(0)
    }
}
