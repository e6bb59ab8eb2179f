/// Median cut over weighted colors (`ColorQuantizer`): boxes of colors split until there are enough.
struct MedianCut {
    /// Each color `0x00RRGGBB` and its number of pixels.
    let colors: [(color: UInt32, count: UInt64)]
    /// The colors' positions in `colors`, grouped so that every box is a range of this array.
    private(set) var order: [Int]
    /// The boxes, as ranges of `order`.
    private(set) var boxes: [Range<Int>]

    init(colors: [(color: UInt32, count: UInt64)]) {
        self.colors = colors
        order = Array(colors.indices)
        boxes = colors.isEmpty ? [] : [0..<colors.count]
    }

    /// Splits boxes until there are `target` or no box holds two colors.
    mutating func split(into target: Int) {
        while boxes.count < target {
            var best: (index: Int, score: Double, channel: Int)? = nil
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let (channel, range) = widestChannel(of: box)
                let score = Double(range) * Double(pixels(in: box))
                if range > 0, score > (best?.score ?? 0) { best = (index, score, channel) }
            }
            guard let best else { return }
            let (low, high) = cut(boxes[best.index], along: best.channel)
            boxes[best.index] = low
            boxes.append(high)
        }
    }

    /// The palette (each box's mean) and each color's entry in it (`colors`' order), after `iterations` passes of
    /// k-means: every color to its nearest entry (squared distance in RGB), every entry the mean of its colors.
    func refined(iterations: Int) -> (palette: [UInt32], entries: [UInt8]) {
        var palette = boxes.map { mean(of: $0) }
        var entries = [UInt8](repeating: 0, count: colors.count)
        for (entry, box) in boxes.enumerated() {
            for member in box { entries[order[member]] = UInt8(entry) }
        }
        for _ in 0..<iterations {
            for (index, color) in colors.enumerated() {
                var best = (entry: Int(entries[index]), distance: Int.max)
                for (entry, candidate) in palette.enumerated() {
                    let distance = Self.distance(color.color, candidate)
                    if distance < best.distance { best = (entry, distance) }
                }
                entries[index] = UInt8(best.entry)
            }
            var sums = [(r: UInt64, g: UInt64, b: UInt64, n: UInt64)](repeating: (0, 0, 0, 0), count: palette.count)
            for (index, color) in colors.enumerated() {
                let entry = Int(entries[index])
                sums[entry].r += UInt64(color.color >> 16 & 0xFF) * color.count
                sums[entry].g += UInt64(color.color >> 8 & 0xFF) * color.count
                sums[entry].b += UInt64(color.color & 0xFF) * color.count
                sums[entry].n += color.count
            }
            for (entry, sum) in sums.enumerated() where sum.n > 0 {
                let n = sum.n
                // Swift shifts before it divides: each channel is worked out whole first.
                let (r, g, b) = ((sum.r + n / 2) / n, (sum.g + n / 2) / n, (sum.b + n / 2) / n)
                palette[entry] = UInt32(r << 16 | g << 8 | b)
            }
        }
        return (palette, entries)
    }

    private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }

    /// The pixel-weighted mean color of `box`, rounded.
    func mean(of box: Range<Int>) -> UInt32 {
        var sums: (r: UInt64, g: UInt64, b: UInt64, n: UInt64) = (0, 0, 0, 0)
        for member in box {
            let (color, count) = colors[order[member]]
            sums.r += UInt64(color >> 16 & 0xFF) * count
            sums.g += UInt64(color >> 8 & 0xFF) * count
            sums.b += UInt64(color & 0xFF) * count
            sums.n += count
        }
        let n = Swift.max(sums.n, 1)
        let r = (sums.r + n / 2) / n, g = (sums.g + n / 2) / n, b = (sums.b + n / 2) / n
        return UInt32(r << 16 | g << 8 | b)
    }

    private static func channel(_ color: UInt32, _ channel: Int) -> UInt32 { color >> UInt32(16 - 8 * channel) & 0xFF }

    private func pixels(in box: Range<Int>) -> UInt64 { box.reduce(0) { $0 + colors[order[$1]].count } }

    private func widestChannel(of box: Range<Int>) -> (channel: Int, range: UInt32) {
        var widest = (channel: 0, range: UInt32(0))
        for channel in 0..<3 {
            var (low, high) = (UInt32(255), UInt32(0))
            for member in box {
                let value = Self.channel(colors[order[member]].color, channel)
                low = Swift.min(low, value)
                high = Swift.max(high, value)
            }
            if high - low > widest.range || (high > low && widest.range == 0) { widest = (channel, high - low) }
        }
        return widest
    }

    /// Sorts `box` along `channel` (ties by the whole color, so the order is total) and cuts it where half its
    /// pixels lie on each side; neither side is empty.
    private mutating func cut(_ box: Range<Int>, along channel: Int) -> (Range<Int>, Range<Int>) {
        let colors = self.colors
        order[box].sort { a, b in
            let (x, y) = (Self.channel(colors[a].color, channel), Self.channel(colors[b].color, channel))
            return x != y ? x < y : colors[a].color < colors[b].color
        }
        let half = pixels(in: box) / 2
        var seen: UInt64 = 0
        var middle = box.lowerBound + 1
        for member in box.dropLast() {
            seen += colors[order[member]].count
            middle = member + 1
            if seen >= half { break }
        }
        return (box.lowerBound..<middle, middle..<box.upperBound)
    }
}
