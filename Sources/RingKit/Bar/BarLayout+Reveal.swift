extension BarLayout {
    /// The layout with each fill drawn to `share` (0…1) of its length, grown from where the SVG's animation grows
    /// it: from the left, or from the neutral point towards the value. A frame of the GIF's fill animation.
    func revealing(_ share: Double) -> BarLayout {
        let share = share.isFinite ? Swift.min(Swift.max(share, 0), 1) : 1
        var layout = self
        layout.bars = bars.map { bar in
            var bar = bar
            let length = bar.fillLength - bar.fillStart
            if neutralX > 0 && bar.fillLength == neutralX && bar.fillStart < neutralX {
                // Below the neutral point: the fill ends there and grows leftwards.
                bar.fillStart = bar.fillLength - length * share
            } else {
                bar.fillLength = bar.fillStart + length * share
            }
            return bar
        }
        return layout
    }
}
