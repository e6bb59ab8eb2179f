#if canImport(Glibc)
    import Glibc
#endif

/// CSS Color 4's `rgb()`, `rgba()`, `hsl()` and `hsla()`, in both the space syntax (`rgb(37 99 235 / 50%)`) and the
/// legacy comma syntax (`rgba(37, 99, 235, 0.5)`), as a browser reads them: channels as numbers 0–255 or
/// percentages, hue as a number of degrees or with `deg`, `grad`, `rad` or `turn`, saturation and lightness as
/// percentages (or plain numbers), alpha as a number 0–1 or a percentage; values out of range are clamped, as CSS
/// clamps them. The result is rounded to 8 bits a channel.
enum CSSColorFunction {
    static func parse(_ text: Substring) -> RGBAColor? {
        guard let open = text.firstIndex(of: "("), text.last == ")" else { return nil }
        let name = text[..<open].lowercased()
        guard ["rgb", "rgba", "hsl", "hsla"].contains(name) else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let (values, alphaText) = arguments(inside) else { return nil }
        guard values.count == 3 else { return nil }
        var alpha = 1.0
        if let alphaText {
            guard let a = component(alphaText, percentOf: 1) else { return nil }
            alpha = a
        }
        let rgb: (Double, Double, Double)
        if name.hasPrefix("rgb") {
            var channels: [Double] = []
            for value in values {
                guard let c = component(value, percentOf: 255) else { return nil }
                channels.append(c)
            }
            rgb = (channels[0], channels[1], channels[2])
        } else {
            guard let hue = hue(values[0]), let s = component(values[1], percentOf: 100, bare: 1),
                let l = component(values[2], percentOf: 100, bare: 1)
            else { return nil }
            rgb = hslToRGB(hue: hue, saturation: clamp(s, 100) / 100, lightness: clamp(l, 100) / 100)
        }
        func byte(_ x: Double, _ top: Double) -> UInt8 { UInt8((clamp(x, top) * 255 / top).rounded()) }
        return RGBAColor(byte(rgb.0, 255), byte(rgb.1, 255), byte(rgb.2, 255), byte(alpha, 1))
    }

    /// The three values and the alpha: `a, b, c[, alpha]` or `a b c[ / alpha]`.
    private static func arguments(_ inside: Substring) -> ([Substring], Substring?)? {
        let trimmed = inside.trimmingSpaces
        if trimmed.contains(",") {
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") })
            else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
        }
        let halves = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 1 || halves.count == 2 else { return nil }
        let values = halves[0].split(separator: " ")
        var alpha: Substring?
        if halves.count == 2 {
            alpha = halves[1].trimmingSpaces
            guard !alpha!.isEmpty, !alpha!.contains(" ") else { return nil }
        }
        return (values, alpha)
    }

    /// A number, or a percentage of `top`; a bare number counts `bare` times (1: as it is).
    private static func component(_ text: Substring, percentOf top: Double, bare: Double = 1) -> Double? {
        if text.hasSuffix("%") {
            guard let p = number(text.dropLast()) else { return nil }
            return p / 100 * top
        }
        guard let n = number(text) else { return nil }
        return n * bare
    }

    private static func hue(_ text: Substring) -> Double? {
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
        for (unit, degrees) in units where text.lowercased().hasSuffix(unit) {
            guard let n = number(text.dropLast(unit.count)) else { return nil }
            return n * degrees
        }
        return number(text)
    }

    private static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    private static func clamp(_ x: Double, _ top: Double) -> Double { Swift.min(Swift.max(x, 0), top) }

    /// CSS Color 4's hsl-to-rgb, in 0–255.
    private static func hslToRGB(hue: Double, saturation s: Double, lightness l: Double) -> (Double, Double, Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * Swift.min(l, 1 - l)
            return (l - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))) * 255
        }
        return (f(0), f(8), f(4))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}

extension RGBAColor {
    /// `text` split at its commas outside parentheses: `red,rgb(1,2,3)` is two colors, as a list of colors (or of
    /// `percent:color` pairs) reads it.
    static func listItems(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = Swift.max(0, depth - 1)
            case "," where depth == 0:
                items.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        items.append(text[start...])
        return items
    }
}
