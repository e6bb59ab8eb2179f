#if canImport(Glibc)
    import Glibc
#endif

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

    /// `x` as a label shows it: plain decimal notation, never an exponent (`1500`, `0.00001`, `-2.5`), with the
    /// shortest digits that read back as `x`. A number of 10¹⁵ or more in size, or a non-zero one under 10⁻⁶, is
    /// written `5×10²⁰` or `1.5×10⁻⁹` (six significant digits at most): its digits would not fit a label.
    static func plain(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == 0 { return "0" }
        let magnitude = abs(x)
        if magnitude >= 1e15 || magnitude < 1e-6 { return scientific(x) }
        if x == x.rounded() { return String(Int64(x)) }
        // The shortest digits of the number rounded to 15 significant digits (a double holds 15 exactly), so binary
        // noise never shows (0.1 + 0.2 reads `0.3`, not `0.30000000000000004`); then the exponent (if Swift chose
        // one) written out as zeros.
        let text = withoutNoise(x).description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else { return text }
        let negative = text.hasPrefix("-")
        let mantissa = text[..<e].drop { $0 == "-" }
        let digits = mantissa.filter { $0 != "." }
        let point =
            (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count)
            + exponent
        var out: String
        if point <= 0 {
            out = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            out = digits + String(repeating: "0", count: point - digits.count)
        } else {
            out = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        return negative ? "-" + out : out
    }

    /// `a − b` rounded to the digits the two are written with (at most six after the point), so the difference of
    /// two decimals carries no binary noise: 88.6 − 84.7 is 3.9, not 3.8999999999999915.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let exact = a - b
        guard let x = fractionDigits(a), let y = fractionDigits(b), Swift.max(x, y) <= 6 else { return exact }
        let power = power(Swift.max(x, y))
        return (exact * power).rounded() / power
    }

    /// How many digits `plain(x)` writes after the point (`84.7`: 1, `72`: 0); nil where it writes `m×10ⁿ`.
    static func fractionDigits(_ x: Double) -> Int? {
        let text = plain(x)
        guard !text.contains("×") else { return nil }
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    /// `x` rounded to 15 significant digits: the digits a double holds exactly, without the noise of binary
    /// arithmetic.
    static func withoutNoise(_ x: Double) -> Double {
        var buffer = [CChar](repeating: 0, count: 40)
        _ = withVaList([x]) { vsnprintf(&buffer, buffer.count, "%.15g", $0) }
        return strtod(buffer, nil)
    }

    /// 10 to the power `digits` (0…6).
    static func power(_ digits: Int) -> Double { powers[Swift.max(0, Swift.min(digits, powers.count - 1))] }

    /// `x` as `m×10ⁿ`, with `m` of at most `digits` (1…17) significant digits and no trailing zeros.
    static func scientific(_ x: Double, digits: Int = 6) -> String {
        // The shortest digits that read back as `x` where they are few enough: a subnormal such as 1e-320 holds
        // fewer digits than printf would write (`9.99989e-321`).
        let shortest = x.description
        let significant = shortest.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }.count
        // printf's %e rounds the mantissa correctly for every double, subnormals included; the C locale is the
        // process's default, so the point is a point.
        var buffer = [CChar](repeating: 0, count: 40)
        _ = withVaList([Int32(Swift.max(0, Swift.min(digits, 17) - 1)), x]) {
            vsnprintf(&buffer, buffer.count, "%.*e", $0)
        }
        let printed = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = shortest.contains("e") && significant <= digits ? shortest : printed
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        var m = String(text[..<e])
        while m.hasSuffix("0") { m.removeLast() }
        if m.hasSuffix(".") { m.removeLast() }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        var power = exponent < 0 ? "⁻" : ""
        for digit in String(abs(exponent)).utf8 { power.append(superscripts[Int(digit - UInt8(ascii: "0"))]) }
        return m + "×10" + power
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
