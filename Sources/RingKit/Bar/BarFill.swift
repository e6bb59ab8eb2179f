/// The pieces a bar's fill is drawn as: one, or for a fade (`gradient`) enough solid pieces that neighbouring colors
/// differ by at most 2 levels per channel, or about 3 px wide where the fill is too short for that. Each piece after
/// the first starts 2 px into the previous one, so no pixel between two is left half painted (see `GradientStroke`).
struct BarFill {
    struct Piece {
        var from: Double
        var to: Double
        var color: RGBAColor
    }

    private(set) var pieces: [Piece]
    /// Opacity of the whole fill, applied once to the group so overlaps do not darken.
    let alpha: UInt8

    /// The fill of `bar`: from its start (0, or a neutral point) to its end.
    init(_ bar: BarLayout.Bar, color: RGBAColor, gradient end: RGBAColor?) {
        self.init(length: bar.fillLength - bar.fillStart, color: color, gradient: end)
        guard bar.fillStart > 0 else { return }
        pieces = pieces.map { Piece(from: $0.from + bar.fillStart, to: $0.to + bar.fillStart, color: $0.color) }
    }

    init(length: Double, color: RGBAColor, gradient end: RGBAColor?) {
        alpha = color.alpha
        guard let end, length > 0 else {
            pieces =
                length > 0 ? [Piece(from: 0, to: length, color: RGBAColor(color.red, color.green, color.blue))] : []
            return
        }
        let steps = Swift.max(
            abs(Int(color.red) - Int(end.red)), abs(Int(color.green) - Int(end.green)),
            abs(Int(color.blue) - Int(end.blue)))
        let count = Swift.max(1, Swift.min((steps + 1) / 2, Int((length / 3).rounded(.up))))
        let overlap = Swift.min(2, length / Double(count))
        pieces = (0..<count).map { index in
            let t = count == 1 ? 0 : Double(index) / Double(count - 1)
            var from = length * Double(index) / Double(count)
            if index > 0 { from -= overlap }
            return Piece(
                from: Swift.max(0, from), to: length * Double(index + 1) / Double(count),
                color: GradientStroke.mix(color, end, t))
        }
    }
}
