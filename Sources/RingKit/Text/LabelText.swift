/// The one place a label's text is made, for rings, bars and badges alike: the percentage, the value in its unit, a
/// template filled with the numbers, or nothing.
public enum LabelText {
    /// What `label` shows for `value` in `min…max` (`fraction` of the way, as the arc or fill shows it): `auto` is the
    /// percentage with `style`'s decimals and `%` (`72%`, never `100%` before done), or with a unit the value in it
    /// (`412 GiB`); a template has `{value}`, `{percent}`, `{min}` and `{max}` (and `{delta}`, `{previous}` against
    /// `previous`) filled (the numbers written in `style`,
    /// the value as read, not clamped: the arc is clamped, the text is not) and is made printable (see
    /// `RingGeometry.printable`); `none` or a template that fills to nothing is `nil`.
    public static func text(
        _ label: RingSpec.Label, value: Double, min: Double, max: Double, fraction: Double, style: ValueStyle,
        previous: Double? = nil
    ) -> String? {
        switch label {
        case .auto:
            if let mapped = style.mappedItem(for: value) { return mapped.text }
            if style.signed { return style.signedText(value) }
            if style.unit != nil { return style.text(value) }
            return style.withPercentSign(PercentText(fraction: fraction, decimals: style.percentDecimals).text)
        case .none:
            return nil
        case .template(let template):
            let percent = style.localized(PercentText(fraction: fraction, decimals: style.percentDecimals).text)
            let text = RingGeometry.fill(
                template, value: value, min: min, max: max, percent: percent, style: style, previous: previous)
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
        case .template(let template): template.contains("{value}")
        }
    }
}
