/// CSS's `ease-out` timing, `cubic-bezier(0, 0, 0.58, 1)`, which the SVG's fill animation runs on.
enum EaseOut {
    /// The share of the change done at `time` (both 0…1).
    static func progress(at time: Double) -> Double {
        let t = Swift.min(Swift.max(time, 0), 1)
        // x(s) = 3(1−s)s²·0.58 + s³ rises with s: bisect for the curve parameter, then read y(s).
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let s = (low + high) / 2
            let x = 3 * (1 - s) * s * s * 0.58 + s * s * s
            if x < t { low = s } else { high = s }
        }
        let s = (low + high) / 2
        return 3 * (1 - s) * s * s + s * s * s
    }
}
