extension RingSpec {
    /// The stroke color ring `index` takes in a dark scheme when a threshold colors it and that color would not stand
    /// out from a dark page (see `RGBAColor.onDarkPage`); `nil` when nothing changes. Rings and bars alike.
    public func darkThresholdColor(ofRing index: Int) -> RGBAColor? {
        guard reachesThreshold(ring: index), gradient(ofRing: index) == nil else { return nil }
        let color = effectiveColor(ofRing: index)
        let dark = color.onDarkPage
        return dark == color ? nil : dark
    }

    /// The ends of ring `index`'s fade in a dark scheme, when they change: a threshold's start color and the end
    /// color made to stand out from a dark page, a start left to the theme in the dark theme's color; a start color
    /// of one's own stays.
    public func darkGradientEnds(ofRing index: Int) -> (start: RGBAColor, end: RGBAColor)? {
        guard let end = gradient(ofRing: index) else { return nil }
        let start = effectiveColor(ofRing: index)
        var darkStart = start
        if reachesThreshold(ring: index) {
            darkStart = start.onDarkPage
        } else if themedColors.contains(.color) {
            darkStart = Theme.dark.ringColors[Swift.min(index, 4)]
        }
        let darkEnd = end.onDarkPage
        return darkStart == start && darkEnd == end ? nil : (darkStart, darkEnd)
    }

    /// Whether a dark scheme changes any threshold or gradient color of the image.
    var switchesThresholdOrGradientColors: Bool {
        (0..<ringCount).contains { darkThresholdColor(ofRing: $0) != nil || darkGradientEnds(ofRing: $0) != nil }
    }

    /// `thresholds` and every ring's `gradient` with their colors made to stand out from a dark page: what
    /// `theme=dark` draws them in.
    mutating func adaptThresholdAndGradientColorsToDark() {
        if let given = thresholds {
            thresholds = Thresholds(
                given.steps.map { Thresholds.Step(percent: $0.percent, color: $0.color.onDarkPage) })
        }
        gradient = gradient?.onDarkPage
        for index in innerRings.indices { innerRings[index].gradient = innerRings[index].gradient?.onDarkPage }
    }
}
