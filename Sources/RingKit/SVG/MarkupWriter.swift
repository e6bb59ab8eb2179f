/// Appends SVG markup to a byte buffer: literal text, numbers in a fixed short form, colors, and escaped user text.
///
/// Everything is written byte by byte, without Foundation formatting, so output is fast and the same on every machine.
struct MarkupWriter {
    var bytes: [UInt8]
    /// What the image's class and keyframe names start with (see `namePrefix(forKey:)`); set before any is written.
    var namePrefix: [UInt8] = []

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup the code itself wrote; never pass user text here.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a number with at most two decimals and no trailing zeros: `64`, `12.5`, `-3.25`.
    @inline(__always)
    mutating func number(_ x: Double) {
        NumberText.appendCompact(x, decimals: 2, to: &bytes)
    }

    /// Appends a whole number.
    @inline(__always)
    mutating func integer(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        NumberText.appendInteger(n.magnitude.toUInt64, to: &bytes)
    }

    /// Appends the canonical hex form of a color, e.g. `#2563eb`.
    mutating func color(_ c: RGBAColor) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { d in
            bytes.append(UInt8(ascii: "#"))
            bytes.append(d[Int(c.red >> 4)])
            bytes.append(d[Int(c.red & 0xF)])
            bytes.append(d[Int(c.green >> 4)])
            bytes.append(d[Int(c.green & 0xF)])
            bytes.append(d[Int(c.blue >> 4)])
            bytes.append(d[Int(c.blue & 0xF)])
            if c.alpha != 255 {
                bytes.append(d[Int(c.alpha >> 4)])
                bytes.append(d[Int(c.alpha & 0xF)])
            }
        }
    }

    /// Appends user text escaped for both element content and quoted attribute values.
    ///
    /// `& < > " '` (and `( ) @ =`) become references; control characters (XML 1.0 forbids most, and CR/LF would be folded anyway)
    /// become spaces; the non-characters U+FFFE and U+FFFF become U+FFFD. The result is always well-formed.
    mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var i = 0
            let n = utf8.count
            while i < n {
                let b = utf8[i]
                switch b {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                case UInt8(ascii: "'"): raw("&#39;")
                // Harmless in text, but escaped so that even a byte-level scan of the document never meets
                // `url(`, `@import` or an `on…=` shape in user text.
                case UInt8(ascii: "("): raw("&#40;")
                case UInt8(ascii: ")"): raw("&#41;")
                case UInt8(ascii: "@"): raw("&#64;")
                case UInt8(ascii: "="): raw("&#61;")
                case 0..<0x20, 0x7F: bytes.append(UInt8(ascii: " "))
                case 0xC2 where i + 1 < n && utf8[i + 1] >= 0x80 && utf8[i + 1] <= 0x9F:
                    // C1 controls (U+0080…U+009F): allowed by XML 1.0 but invisible and discouraged.
                    bytes.append(UInt8(ascii: " "))
                    i += 1
                case 0xEF where i + 2 < n && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                    bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += 2
                default: bytes.append(b)
                }
                i += 1
            }
        }
    }

    /// A path's clockwise arc of `radius` to (`x`, `y`): `A r r 0 0 1 x y`.
    mutating func clockwiseArc(radius: Double, toX x: Double, toY y: Double) {
        raw("A")
        number(radius)
        raw(" ")
        number(radius)
        raw(" 0 0 1 ")
        number(x)
        raw(" ")
        number(y)
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
