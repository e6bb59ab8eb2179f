/// Percent-decoding and -encoding of query components (RFC 3986 §2.1, with the form rule that `+` is a space).
/// Decoding follows the WHATWG URL standard's percent-decode: a `%` not followed by two hex digits stays a `%`, as
/// browsers send it (`label={value}%`, `/badge/cov/72%.svg`).
package enum PercentDecoding {
    /// Why a component could not be decoded.
    enum Failure: Error {
        /// The decoded bytes are not UTF-8 (overlong forms, surrogates and stray bytes included).
        case invalidUTF8
    }

    /// Decodes `bytes` exactly once: `%2523` gives `%23`, never `#`, and `%zz` or a trailing `%` stays as it is. In
    /// a query `+` is a space; in a path it is a `+`.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> Result<String, Failure> {
        // Most names and values hold nothing to decode: they are already valid text.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }) {
            return .success(String(text))
        }
        return decode(bytes: text.utf8, plusIsSpace: plusIsSpace)
    }

    private static func decode(bytes: Substring.UTF8View, plusIsSpace: Bool) -> Result<String, Failure> {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                // Only a `%` with two hex digits after it is an escape; the digits are looked at, not taken, until
                // both are there.
                let second = index == bytes.endIndex ? index : bytes.index(after: index)
                guard second != bytes.endIndex, let high = hexValue(bytes[index]), let low = hexValue(bytes[second])
                else {
                    out.append(byte)
                    continue
                }
                index = bytes.index(after: second)
                out.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                out.append(UInt8(ascii: " "))
            default:
                out.append(byte)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { return .failure(.invalidUTF8) }
        return .success(text)
    }

    /// Encodes every byte except RFC 3986's unreserved characters, so the result is one query component whatever
    /// the text holds (`&`, `=`, `+`, `%`, spaces, any Unicode) and decodes back to exactly `text`.
    static func encode(_ text: some StringProtocol) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Upper-case hex digits, as a canonical escape writes them.
    package static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~` (RFC 3986 §2.3): the bytes an encoding keeps as they are.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The value of one hex digit, any case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
