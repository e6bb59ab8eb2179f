extension ServiceLog {
    /// A field's key: ` key=` in logfmt, `,"key":` in JSON.
    static func appendKey(_ out: inout [UInt8], _ format: Format, _ key: String) {
        if format == .json {
            out += ",\"".utf8
            out += key.utf8
            out += "\":".utf8
        } else {
            out.append(UInt8(ascii: " "))
            out += key.utf8
            out.append(UInt8(ascii: "="))
        }
    }

    /// A text value as `format` writes it (`appendLogfmt`, `appendJSON`), read from its UTF-8 in place.
    static func appendText(_ out: inout [UInt8], _ format: Format, _ text: some StringProtocol) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { appendText(&out, format, $0) }
        if copied == nil {
            var copy = String(text)
            copy.withUTF8 { appendText(&out, format, $0) }
        }
    }

    /// A text value given as its UTF-8 bytes (valid UTF-8, as a Swift string holds).
    static func appendText(_ out: inout [UInt8], _ format: Format, _ bytes: UnsafeBufferPointer<UInt8>) {
        if format == .json { appendJSON(&out, bytes) } else { appendLogfmt(&out, bytes) }
    }

    /// A logfmt value: bare when it is plain printable ASCII, otherwise quoted with `"` and `\` escaped and
    /// every byte outside printable ASCII written as `\xHH`.
    static func appendLogfmt(_ out: inout [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) {
        // One scan decides, and most values (paths, agents, addresses) are copied whole after it.
        let plain =
            !bytes.isEmpty
            && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
        if plain {
            out.append(contentsOf: bytes)
            return
        }
        out.append(UInt8(ascii: "\""))
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(b)
            case 0x20..<0x7F:
                out.append(b)
            default:
                appendHexEscape(&out, b, prefix: "\\x")
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string with every byte outside printable ASCII escaped, so the line stays one line of ASCII.
    static func appendJSON(_ out: inout [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) {
        // Printable ASCII, the usual case, is copied with `"` and `\` escaped; anything else is escaped by its
        // Unicode scalars, from the start of the value.
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            return appendJSONScalars(&out, String(decoding: bytes, as: UTF8.self))
        }
        out.append(UInt8(ascii: "\""))
        if bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            for b in bytes {
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                out.append(b)
            }
        } else {
            out.append(contentsOf: bytes)
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendJSONScalars(_ out: inout [UInt8], _ text: String) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case " "..."~": out.append(UInt8(scalar.value))
            default:
                // UTF-16 escapes, with a surrogate pair above the BMP.
                for unit in scalar.utf16 {
                    out += "\\u".utf8
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(hexDigit(UInt8((unit >> UInt16(shift)) & 0xF)))
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// An integer in decimal, written digit by digit into the buffer rather than through a string.
    static func appendInteger(_ out: inout [UInt8], _ value: Int) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    static func appendHexEscape(_ out: inout [UInt8], _ b: UInt8, prefix: String) {
        out += prefix.utf8
        out.append(hexDigit(b >> 4))
        out.append(hexDigit(b & 0xF))
    }

    static func hexDigit(_ n: UInt8) -> UInt8 {
        n < 10 ? UInt8(ascii: "0") + n : UInt8(ascii: "a") + n - 10
    }
}
