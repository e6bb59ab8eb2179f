/// Locale-free, deterministic number text for labels and image markup.
enum NumberText {
    /// `x` rounded to `decimals` digits after the point, always written with exactly that many: `72`, `72.50`.
    /// Never `-0`.
    static func fixed(_ x: Double, decimals: Int) -> String {
        var out: [UInt8] = []
        appendFixed(x, decimals: decimals, trimZeros: false, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The shortest text that reads back as `x`: `72`, `3.5`, `-0.25`, `1e+21`. Never `-0`.
    static func shortest(_ x: Double) -> String {
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        // Swift's description is the shortest round-trip form and ignores the locale.
        return x.description
    }

    /// Appends `x` with at most `decimals` digits after the point, trailing zeros dropped (`12.5`, `3`), for markup.
    @inline(__always)
    static func appendCompact(_ x: Double, decimals: Int = 2, to out: inout [UInt8]) {
        appendFixed(x, decimals: decimals, trimZeros: true, to: &out)
    }

    private static let powers: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

    private static func appendFixed(_ x: Double, decimals: Int, trimZeros: Bool, to out: inout [UInt8]) {
        let d = Swift.max(0, Swift.min(decimals, powers.count - 1))
        guard x.isFinite else {
            out.append(UInt8(ascii: "0"))
            return
        }
        let scaled = (abs(x) * powers[d]).rounded()
        // Beyond 2^53 the digits are not exact anyway; fall back to the shortest form.
        guard scaled < 9e15 else {
            out.append(contentsOf: shortest(x).utf8)
            return
        }
        var units = UInt64(scaled)
        if units == 0 {
            out.append(UInt8(ascii: "0"))
            if !trimZeros && d > 0 {
                out.append(UInt8(ascii: "."))
                for _ in 0..<d { out.append(UInt8(ascii: "0")) }
            }
            return
        }
        if x < 0 { out.append(UInt8(ascii: "-")) }
        var fraction = [UInt8](repeating: UInt8(ascii: "0"), count: d)
        var i = d - 1
        while i >= 0 {
            fraction[i] = UInt8(ascii: "0") + UInt8(units % 10)
            units /= 10
            i -= 1
        }
        appendInteger(units, to: &out)
        var keep = d
        if trimZeros {
            while keep > 0 && fraction[keep - 1] == UInt8(ascii: "0") { keep -= 1 }
        }
        if keep > 0 {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: fraction[0..<keep])
        }
    }

    @inline(__always)
    static func appendInteger(_ n: UInt64, to out: inout [UInt8]) {
        if n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var m = n
        withUnsafeMutableBytes(of: &digits) { buf in
            while m > 0 {
                buf[count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                out.append(buf[count])
            }
        }
    }
}
