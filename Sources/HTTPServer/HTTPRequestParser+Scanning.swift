extension HTTPRequestParser {
    /// How far a scan for the end of a line got.
    enum LineScan: Equatable {
        /// The line ends with the LF at this index (the CR before it is checked).
        case lineEnd(lf: Int)
        /// No line end before the end of the scanned range; scan again from this index when more bytes arrive.
        case incomplete(resumeAt: Int)
        case invalid(Failure)
    }

    /// Looks for the CRLF that ends the line, refusing bytes that may appear nowhere in a head: NUL and the other
    /// controls but HTAB, DEL, a CR not followed by LF and an LF not preceded by CR. Bare LF line ends are refused
    /// rather than accepted as nginx does: a server and a proxy that disagree on line ends is a smuggling shape.
    static func scanLine(_ buffer: [UInt8], from start: Int, to end: Int) -> LineScan {
        buffer.withUnsafeBufferPointer { buf in
            var i = start
            while i < end {
                let byte = buf[i]
                // Visible ASCII, SP and obs-text: the common case, one comparison pair per byte.
                if byte >= 0x20 && byte != 0x7F {
                    i += 1
                    continue
                }
                switch byte {
                case ASCII.htab:
                    i += 1
                case ASCII.cr:
                    guard i + 1 < end else { return .incomplete(resumeAt: i) }
                    guard buf[i + 1] == ASCII.lf else { return .invalid(.badRequest("CR not followed by LF")) }
                    return .lineEnd(lf: i + 1)
                case ASCII.lf:
                    return .invalid(.badRequest("LF without CR; lines end with CRLF"))
                default:
                    return .invalid(.badRequest("control byte \(hex(byte)) in the request head"))
                }
            }
            return .incomplete(resumeAt: i)
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}

/// Byte constants and classes of RFC 9110 and RFC 9112.
enum ASCII {
    static let htab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")

    /// tchar: the bytes of a method or a field name.
    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == htab }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether the bytes spell `lowercase` in any case; `lowercase` must be lowercase ASCII.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for i in 0..<bytes.count where lowercased(bytes[i]) != expected[i] {
            return false
        }
        return true
    }

    /// The bytes without leading and trailing SP and HTAB (OWS).
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0
        var upper = bytes.count
        while lower < upper && isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower && isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }
}
