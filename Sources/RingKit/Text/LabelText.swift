/// The one place a label's text is made, for rings, bars and badges alike: the percentage, a template filled with the
/// numbers, or nothing.
public enum LabelText {
    /// What `label` shows for `value` in `min…max` (`fraction` of the way, as the arc or fill shows it): `auto` is the
    /// percentage with `decimals` digits and `%` (`72%`, never `100%` before done), a template has `{value}`,
    /// `{percent}`, `{min}` and `{max}` filled (the value clamped into `min…max`) and is made printable (see
    /// `RingGeometry.printable`), and `none` or a template that fills to nothing is `nil`.
    public static func text(
        _ label: RingSpec.Label, value: Double, min: Double, max: Double, fraction: Double, decimals: Int
    ) -> String? {
        let percent = PercentText(fraction: fraction, decimals: decimals).text
        switch label {
        case .auto:
            return percent + "%"
        case .none:
            return nil
        case .template(let template):
            let clamped = Swift.min(Swift.max(value, min), max)
            let text = RingGeometry.fill(template, value: clamped, min: min, max: max, percent: percent)
            return text.isEmpty ? nil : RingGeometry.printable(text)
        }
    }
}
