/// Median cut over weighted colors (`ColorQuantizer`): boxes of colors split until there are enough.
struct MedianCut {
    /// Each color `0x00RRGGBB` and its number of pixels.
    let colors: [(color: UInt32, count: UInt64)]
    /// The colors' positions in `colors`, grouped so that every box is a range of this array.
    private(set) var order: [Int]
    /// The boxes, as ranges of `order`.
    var boxes: [Range<Int>] { stats.map(\.members) }

    /// A box and what choosing and cutting it needs, worked out once when it is made.
    private struct Box {
        let members: Range<Int>
        let pixels: UInt64
        let channel: Int
        let range: UInt32
        /// Widest range × pixels: the box split next is the one with the largest.
        var score: Double { Double(range) * Double(pixels) }
    }
    private var stats: [Box] = []

    init(colors: [(color: UInt32, count: UInt64)]) {
        self.colors = colors
        order = Array(colors.indices)
        if !colors.isEmpty { stats = [box(0..<colors.count)] }
    }

    /// Splits boxes until there are `target` or no box holds two colors.
    mutating func split(into target: Int) {
        while stats.count < target {
            var best: Int? = nil
            for (index, box) in stats.enumerated() where box.range > 0 {
                if box.score > (best.map { stats[$0].score } ?? 0) { best = index }
            }
            guard let best else { return }
            let (low, high) = cut(stats[best])
            stats[best] = box(low)
            stats.append(box(high))
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
                sums[entry].r += UInt64(Self.channel(color.color, 0)) * color.count
                sums[entry].g += UInt64(Self.channel(color.color, 1)) * color.count
                sums[entry].b += UInt64(Self.channel(color.color, 2)) * color.count
                sums[entry].n += color.count
            }
            for (entry, sum) in sums.enumerated() where sum.n > 0 {
                palette[entry] = Self.rounded(sum)
            }
        }
        return (palette, entries)
    }

    /// The pixel-weighted mean color of `box`, rounded.
    func mean(of box: Range<Int>) -> UInt32 {
        var sums: (r: UInt64, g: UInt64, b: UInt64, n: UInt64) = (0, 0, 0, 0)
        for member in box {
            let (color, count) = colors[order[member]]
            sums.r += UInt64(Self.channel(color, 0)) * count
            sums.g += UInt64(Self.channel(color, 1)) * count
            sums.b += UInt64(Self.channel(color, 2)) * count
            sums.n += count
        }
        return Self.rounded(sums)
    }

    private static func rounded(_ sums: (r: UInt64, g: UInt64, b: UInt64, n: UInt64)) -> UInt32 {
        let n = Swift.max(sums.n, 1)
        // Swift shifts before it divides: each channel is worked out whole first.
        let (r, g, b) = ((sums.r + n / 2) / n, (sums.g + n / 2) / n, (sums.b + n / 2) / n)
        return UInt32(r << 16 | g << 8 | b)
    }

    private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(channel(a, 0)) - Int(channel(b, 0))
        let dg = Int(channel(a, 1)) - Int(channel(b, 1))
        let db = Int(channel(a, 2)) - Int(channel(b, 2))
        return dr * dr + dg * dg + db * db
    }

    private static func channel(_ color: UInt32, _ channel: Int) -> UInt32 { color >> UInt32(16 - 8 * channel) & 0xFF }

    /// The box of `members`: its pixels and its widest channel.
    private func box(_ members: Range<Int>) -> Box {
        var low: [UInt32] = [255, 255, 255]
        var high: [UInt32] = [0, 0, 0]
        var pixels: UInt64 = 0
        for member in members {
            let (color, count) = colors[order[member]]
            pixels += count
            for channel in 0..<3 {
                let value = Self.channel(color, channel)
                low[channel] = Swift.min(low[channel], value)
                high[channel] = Swift.max(high[channel], value)
            }
        }
        var widest = (channel: 0, range: UInt32(0))
        for channel in 0..<3 where high[channel] > low[channel] && high[channel] - low[channel] > widest.range {
            widest = (channel, high[channel] - low[channel])
        }
        return Box(members: members, pixels: pixels, channel: widest.channel, range: widest.range)
    }

    /// Sorts `box` along its widest channel (ties by the whole color, so the order is total) and cuts it where half
    /// its pixels lie on each side; neither side is empty.
    private mutating func cut(_ box: Box) -> (Range<Int>, Range<Int>) {
        let colors = self.colors
        let channel = box.channel
        let members = box.members
        order[members].sort { a, b in
            let (x, y) = (Self.channel(colors[a].color, channel), Self.channel(colors[b].color, channel))
            return x != y ? x < y : colors[a].color < colors[b].color
        }
        let half = box.pixels / 2
        var seen: UInt64 = 0
        var middle = members.lowerBound + 1
        for member in members.dropLast() {
            seen += colors[order[member]].count
            middle = member + 1
            if seen >= half { break }
        }
        return (members.lowerBound..<middle, middle..<members.upperBound)
    }
}
