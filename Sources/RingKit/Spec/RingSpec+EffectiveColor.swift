extension RingSpec {
    /// The color the first ring's progress is drawn in (where a gradient starts): the `thresholds` step the value
    /// reaches, or `color`.
    public var effectiveColor: RGBAColor { effectiveColor(ofRing: 0) }

    /// The color ring `index` (0 is the outermost) is drawn in, or where its gradient starts.
    public func effectiveColor(ofRing index: Int) -> RGBAColor {
        if let mapped = mappedItem(ofRing: index)?.color { return mapped }
        let own = color(ofRing: index)
        guard let thresholds else { return own }
        return thresholds.color(forPercent: shownPercent(ofRing: index).shown, default: own)
    }

    /// Ring `index`'s percentage as its label shows it (see `PercentText`): what thresholds compare, so the color
    /// agrees with the number whatever the rounding.
    public func shownPercent(ofRing index: Int) -> PercentText {
        let span = max(ofRing: index) - reading.min
        let value = value(ofRing: index)
        let decimals = valueStyle.percentDecimals
        guard span > 0, span.isFinite, value.isFinite else { return PercentText(fraction: 0, decimals: decimals) }
        return PercentText(fraction: (value - reading.min) / span, decimals: decimals)
    }

    /// Whether ring `index` takes its color from a `thresholds` step (or a `map` item) rather than from `color`.
    func reachesThreshold(ring index: Int) -> Bool {
        if mappedItem(ofRing: index)?.color != nil { return true }
        guard let first = thresholds?.steps.first else { return false }
        return shownPercent(ofRing: index).shown >= first.percent
    }

    /// The `map` item that ring `index`'s value matches (the first ring's may be missing).
    func mappedItem(ofRing index: Int) -> ValueMap.Item? {
        index == 0 ? valueStyle.mappedItem(for: reading.value) : valueStyle.map?.item(for: value(ofRing: index))
    }
}
