extension RingGeometry {
    /// The geometry with each ring's progress drawn to `share` (0…1) of its sweep, grown from where the SVG's
    /// animation grows it: from the start, or, below the neutral point, from the neutral point back towards the
    /// value. A frame of the GIF's fill animation; everything else (label, colors, marks) is the value's.
    func revealing(_ share: Double) -> RingGeometry {
        let share = share.isFinite ? Swift.min(Swift.max(share, 0), 1) : 1
        var g = self
        (g.progressStartAngle, g.progressSweep) = reveal(
            start: progressStartAngle, sweep: progressSweep, reversed: progressReversed, share)
        g.innerBands = innerBands.map { band in
            var band = band
            (band.progressStartAngle, band.progressSweep) = reveal(
                start: band.progressStartAngle, sweep: band.progressSweep, reversed: band.progressReversed, share)
            return band
        }
        return g
    }

    private func reveal(start: Double, sweep: Double, reversed: Bool, _ share: Double) -> (Double, Double) {
        guard reversed else { return (start, sweep * share) }
        return (start + (clockwise ? 1 : -1) * sweep * (1 - share), sweep * share)
    }
}
