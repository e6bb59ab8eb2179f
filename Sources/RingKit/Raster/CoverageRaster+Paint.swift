extension CoverageRaster {
    /// A color as premultiplied ARGB32, rounded as Cairo rounds a source color (to 16 bits, truncated, then to 8),
    /// so a shape painted here has the colors Cairo would give it.
    static func premultiplied(_ color: RGBAColor) -> UInt32 {
        let alpha = Double(color.alpha) / 255
        func channel(_ value: Double) -> UInt32 { UInt32(value * (65536.0 - 1e-5)) >> 8 }
        return channel(alpha) << 24 | channel(Double(color.red) / 255 * alpha) << 16
            | channel(Double(color.green) / 255 * alpha) << 8 | channel(Double(color.blue) / 255 * alpha)
    }

    /// Lays the shape added since `begin` (or the last paint) over `pixels` (premultiplied ARGB32, `rowPixels`
    /// words from one row to the next) in `color`, then forgets it.
    func paint(_ color: UInt32, onto pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int) {
        defer { clearEdges() }
        guard !edges.isEmpty, color >> 24 != 0 else { return }
        var top = Double.infinity
        var bottom = -Double.infinity
        for edge in edges {
            top = Swift.min(top, edge.top)
            bottom = Swift.max(bottom, edge.bottom)
        }
        let first = Swift.max(0, Int(top.rounded(.down)))
        let last = Swift.min(height - 1, Int(bottom.rounded(.up)) - 1)
        guard first <= last else { return }
        let (sums, touched, width) = (self.sums, self.touched, self.width)
        let words = (width + 1) / 64 + 1
        edges.withUnsafeBufferPointer { edges in
            let base = edges.baseAddress!
            for row in first...last {
                let y = Double(row)
                for i in 0..<edges.count where base[i].top < y + 1 && base[i].bottom > y {
                    Self.accumulate(base + i, row: row, width: width, sums: sums, touched: touched)
                }
                // The running sum of the touched cells is each pixel's coverage; between two it stays the same.
                let pixels = pixels + row * rowPixels
                var running = 0.0
                var x = 0
                for w in 0..<words {
                    var bits = touched[w]
                    touched[w] = 0
                    while bits != 0 {
                        let column = w &* 64 &+ bits.trailingZeroBitCount
                        bits &= bits &- 1
                        let sum = sums[column]
                        sums[column] = 0
                        guard column < width else { continue }
                        if column > x { Self.fill(pixels, from: x, to: column, coverage: running, color: color) }
                        running += sum
                        Self.fill(pixels, from: column, to: column + 1, coverage: running, color: color)
                        x = column + 1
                    }
                }
                if x < width { Self.fill(pixels, from: x, to: width, coverage: running, color: color) }
            }
        }
    }

    /// Lays `color` at `coverage` over pixels from..<to, as pixman's OVER with an 8-bit mask does.
    @inline(__always)
    private static func fill(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, coverage: Double, color: UInt32
    ) {
        // Either orientation of a loop counts; overlapping loops (which paths avoid) would count once at most.
        let mask = UInt32(Swift.min(1, abs(coverage)) * 255 + 0.5)
        if mask == 0 { return }
        if mask == 255 && color >> 24 == 255 {
            (row + from).update(repeating: color, count: to - from)
            return
        }
        let source = mask == 255 ? color : Self.multiply(color, mask)
        let inverse = 255 - (source >> 24)
        for x in from..<to { row[x] = Self.saturatingAdd(Self.multiply(row[x], inverse), source) }
    }

    /// `source` (premultiplied) laid over `destination` with OVER, as pixman does it.
    @inline(__always)
    static func over(_ source: UInt32, onto destination: UInt32) -> UInt32 {
        saturatingAdd(multiply(destination, 255 - (source >> 24)), source)
    }

    /// Each channel of `x` times `a` / 255, rounded (pixman's UN8x4_MUL_UN8).
    @inline(__always)
    static func multiply(_ x: UInt32, _ a: UInt32) -> UInt32 {
        var t = (x & 0xFF00FF) &* a &+ 0x80_0080
        t = ((t &+ ((t >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        var u = ((x >> 8) & 0xFF00FF) &* a &+ 0x80_0080
        u = (u &+ ((u >> 8) & 0xFF00FF)) & 0xFF00_FF00
        return u | t
    }

    /// Each channel of `x` plus `y`, at most 255 (pixman's UN8x4_ADD_UN8x4).
    @inline(__always)
    static func saturatingAdd(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var t = (x & 0xFF00FF) &+ (y & 0xFF00FF)
        t = (t | (0x100_0100 &- ((t >> 8) & 0xFF00FF))) & 0xFF00FF
        var u = ((x >> 8) & 0xFF00FF) &+ ((y >> 8) & 0xFF00FF)
        u = (u | (0x100_0100 &- ((u >> 8) & 0xFF00FF))) & 0xFF00FF
        return t | u << 8
    }
}

extension CoverageRaster {
    /// Lays `color` (premultiplied) at coverage `m` (0…255) over one pixel, as `fill` does.
    @inline(__always)
    static func lay(_ color: UInt32, coverage m: UInt32, onto pixel: UnsafeMutablePointer<UInt32>) {
        if m == 0 { return }
        if m == 255 && color >> 24 == 255 {
            pixel.pointee = color
            return
        }
        pixel.pointee = over(m == 255 ? color : multiply(color, m), onto: pixel.pointee)
    }
}
