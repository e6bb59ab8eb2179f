extension RingSpec {
    /// The share of `min…max` that `value` covers, in percent (0…100 once normalized), as `thresholds` read it.
    public var percent: Double { Thresholds.percent(value: value, min: min, max: max) }

    /// The color the progress stroke is drawn in: the `thresholds` step the value reaches, or `color`.
    public var effectiveColor: RGBAColor {
        guard let thresholds else { return color }
        return thresholds.color(forPercent: percent, default: color)
    }
}
