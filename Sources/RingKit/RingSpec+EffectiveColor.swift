extension RingSpec {
    /// The share of `min…max` that `value` covers, in percent (0…100 once normalized), as `thresholds` read it.
    public var percent: Double { Thresholds.percent(value: value, min: min, max: max) }

    /// The color the first ring's progress is drawn in (where a gradient starts): the `thresholds` step the value
    /// reaches, or `color`.
    public var effectiveColor: RGBAColor { effectiveColor(ofRing: 0) }

    /// The color ring `index` (0 is the outermost) is drawn in, or where its gradient starts.
    public func effectiveColor(ofRing index: Int) -> RGBAColor {
        let own = color(ofRing: index)
        guard let thresholds else { return own }
        return thresholds.color(
            forPercent: Thresholds.percent(value: value(ofRing: index), min: min, max: max), default: own)
    }

    /// Whether ring `index` takes its color from a `thresholds` step rather than from `color`.
    func reachesThreshold(ring index: Int) -> Bool {
        guard let first = thresholds?.steps.first else { return false }
        return Thresholds.percent(value: value(ofRing: index), min: min, max: max) >= first.percent
    }
}
