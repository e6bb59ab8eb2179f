/// The bytes of percent-encoding and of hex signatures: hex digits read and written, RFC 3986's unreserved bytes.
enum PercentHex {
    /// Upper-case hex digits, as a canonical escape writes them.
    static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The value of one hex digit, any case.
    static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~` (RFC 3986 §2.3).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The bytes of an even number of hex digits, any case; nil for anything else.
    static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let hex = Array(text.utf8)
        guard hex.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(hex.count / 2)
        for i in stride(from: 0, to: hex.count, by: 2) {
            guard let high = value(hex[i]), let low = value(hex[i + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }

    /// `bytes` as lower-case hex, as `openssl dgst` prints a digest.
    static func text(_ bytes: [UInt8]) -> String {
        let lower = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(lower[Int(byte >> 4)])
            out.append(lower[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
