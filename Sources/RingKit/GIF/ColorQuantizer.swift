/// One palette fit to the pixels of every frame of a GIF, and each pixel's index in it.
///
/// The colors are counted first (an open-addressing table of the distinct opaque colors). When they fit the palette,
/// it holds them exactly. Otherwise median cut: the box of colors whose widest channel range times its pixel count is
/// largest is split at the pixel-weighted median of that channel, until the palette is full; each box becomes the
/// mean of its pixels; then two passes of k-means (each color to its nearest entry, each entry the mean of its
/// colors). Flat fills, most of the pixels, end in entries of their own, exact; what is merged are near shades of
/// anti-aliased edges, gradients and text. No dithering: equal pixels give equal
/// bytes, and flat runs stay flat for LZW.
struct ColorQuantizer {
    /// Up to this many distinct colors, the median cut's palette is refined (`MedianCut.refined`): each pass costs
    /// colors × entries distances, a few milliseconds at this bound.
    static let refinedColors = 16_384

    /// A pixel no color: clear in the image, or unchanged in a frame.
    static let clear: UInt32 = 0xFFFF_FFFF

    /// The palette, `0x00RRGGBB`, at most `maxColors` entries.
    private(set) var palette: [UInt32] = []
    /// The distinct colors (`clear` marks an empty slot) and, once the palette is made, each one's entry.
    private var keys: [UInt32]
    private var entries: [UInt8]
    private var counts: [UInt32]
    private var distinct = 0
    private var shift: UInt32

    /// Counts the colors of `frames` (pixels `0x00RRGGBB` or `clear`) and makes a palette of at most `maxColors`
    /// (1…256) entries.
    init(frames: [[UInt32]], maxColors: Int) {
        shift = 32 - 12
        keys = [UInt32](repeating: Self.clear, count: 1 << 12)
        entries = []
        counts = [UInt32](repeating: 0, count: 1 << 12)
        for frame in frames { count(frame) }
        makePalette(maxColors: Swift.max(1, Swift.min(maxColors, 256)))
    }

    /// The palette entry of every pixel of `frame`, `clear` written as `clearIndex`.
    func indices(of frame: [UInt32], clearIndex: UInt8) -> [UInt8] {
        var last: (pixel: UInt32, entry: UInt8) = (Self.clear, clearIndex)
        return frame.map { pixel in
            if pixel == last.pixel { return last.entry }
            let entry = pixel == Self.clear ? clearIndex : entries[slot(of: pixel)]
            last = (pixel, entry)
            return entry
        }
    }

    private func slot(of color: UInt32) -> Int {
        let mask = keys.count - 1
        var slot = Int((color &* 0x9E37_79B1) >> shift)
        while keys[slot] != color && keys[slot] != Self.clear { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func count(_ frame: [UInt32]) {
        var last = Self.clear
        var lastSlot = 0
        for pixel in frame where pixel != Self.clear {
            if pixel == last {
                counts[lastSlot] &+= 1
                continue
            }
            var slot = slot(of: pixel)
            if keys[slot] == Self.clear {
                if (distinct + 1) * 2 > keys.count {
                    grow()
                    slot = self.slot(of: pixel)
                }
                keys[slot] = pixel
                distinct += 1
            }
            counts[slot] &+= 1
            (last, lastSlot) = (pixel, slot)
        }
    }

    private mutating func grow() {
        let (oldKeys, oldCounts) = (keys, counts)
        keys = [UInt32](repeating: Self.clear, count: oldKeys.count * 2)
        counts = [UInt32](repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        for (key, n) in zip(oldKeys, oldCounts) where key != Self.clear {
            let slot = slot(of: key)
            keys[slot] = key
            counts[slot] = n
        }
    }

    private mutating func makePalette(maxColors: Int) {
        entries = [UInt8](repeating: 0, count: keys.count)
        // The occupied slots in table order: the same pixels give the same order, so the same bytes.
        let slots = keys.indices.filter { keys[$0] != Self.clear }
        if slots.count <= maxColors {
            for (entry, slot) in slots.enumerated() {
                entries[slot] = UInt8(entry)
                palette.append(keys[slot])
            }
            return
        }
        var cut = MedianCut(colors: slots.map { (keys[$0], UInt64(counts[$0])) })
        cut.split(into: maxColors)
        let (palette, assignment) = cut.refined(iterations: slots.count <= Self.refinedColors ? 2 : 0)
        self.palette = palette
        for (color, entry) in assignment.enumerated() { entries[slots[color]] = entry }
    }
}
