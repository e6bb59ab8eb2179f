extension ServiceLog {
    /// A logfmt value: bare when it is plain printable ASCII, otherwise quoted with `"` and `\` escaped and
    /// every byte outside printable ASCII written as `\xHH`.
    static func appendLogfmt(_ out: inout [UInt8], _ text: String) {
        let bytes = text.utf8
        let plain =
            !bytes.isEmpty
            && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
        if plain {
            out += bytes
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
    static func appendJSON(_ out: inout [UInt8], _ text: String) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case " "..."~": out.append(UInt8(scalar.value))
            default:
                // UTF-16 escapes, with a surrogate pair above the BMP.
                let units = Array(String(scalar).utf16)
                for unit in units {
                    out += "\\u".utf8
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(hexDigit(UInt8((unit >> UInt16(shift)) & 0xF)))
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
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
