extension StrictJSON {
    /// A string's text, escapes decoded (`\u00e9` is é, a surrogate pair one character), checked: no control
    /// character, no unknown escape, no half of a surrogate pair, UTF-8 only. Keys are compared decoded, so `"a"` and
    /// `"\u0061"` are one key given twice.
    mutating func string() throws(Problem) -> String {
        index += 1
        let start = index
        var ascii = true
        // Most strings have no escape: their bytes are the text.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return try text(bytes[start..<index - 1], ascii: ascii)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacter() }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while let b = current {
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return try text(out[...], ascii: false)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try unicodeEscape())
                default:
                    // Named by its code, not written out: the byte may be a line break or not be text at all.
                    let code = String(escaped, radix: 16, uppercase: true)
                    throw problem(
                        "unknown escape: a backslash before byte 0x\(code.count == 1 ? "0" : "")\(code) in a string")
                }
            case 0x00..<0x20:
                throw controlCharacter()
            default:
                out.append(b)
                index += 1
            }
        }
        throw problem("a string that never ends")
    }

    private func controlCharacter() -> Problem {
        problem("a control character inside a string (write it as \\n, \\t or \\u00XX)")
    }

    private func text(_ utf8: ArraySlice<UInt8>, ascii: Bool) throws(Problem) -> String {
        if ascii { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw problem("bytes that are not UTF-8 inside a string (JSON text is UTF-8)")
        }
        return text
    }

    /// The UTF-8 of a `\uXXXX` escape (the `\u` read), or of a surrogate pair `\uD83D\uDE00`.
    private mutating func unicodeEscape() throws(Problem) -> [UInt8] {
        let high = try hexQuad()
        var scalarValue = UInt32(high)
        if (0xDC00...0xDFFF).contains(high) {
            throw problem("\\u\(Self.hex(high)) is the second half of a surrogate pair without its first")
        }
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw problem("\\u\(Self.hex(high)) is the first half of a surrogate pair without its second")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw problem("\\u\(Self.hex(high)) is the first half of a surrogate pair without its second")
            }
            scalarValue = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        // Every value left is a scalar: surrogates were handled above.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    /// Four hex digits after `\u`.
    private mutating func hexQuad() throws(Problem) -> UInt16 {
        guard index + 4 <= bytes.count else { throw problem("\\u must be followed by four hex digits") }
        var value: UInt16 = 0
        for b in bytes[index..<index + 4] {
            guard let digit = Self.hexDigit(b) else { throw problem("\\u must be followed by four hex digits") }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex(_ v: UInt16) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `s` as a JSON string, quotes included: `"`, `\\` and control characters escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A value shown in a message: quoted, control characters escaped, at most 60 characters.
    public static func quoted(_ s: String) -> String {
        let short = s.count > 60 ? String(s.prefix(60)) + "…" : s
        return string(short)
    }
}
