import FoundationEssentials

/// Standard base64 (RFC 4648, `+` and `/`), strict: padding only at the end, no other characters. Foundation's
/// codec does the work; this adds only what a logo's data URI allows beyond it (its padding left out).
enum Base64 {
    /// The bytes `text` encodes, or nil when it is not base64 (its length, once padded, a multiple of 4).
    static func decode(_ text: String) -> [UInt8]? {
        let count = text.utf8.count
        guard count > 0, count % 4 != 1, count % 4 == 0 || !text.hasSuffix("=") else { return nil }
        // Foundation reads `QQ=A` as two bytes: padding is allowed only as the last one or two characters.
        if let pad = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
            let tail = text.utf8[pad...]
            guard tail.count <= 2, tail.allSatisfy({ $0 == UInt8(ascii: "=") }) else { return nil }
        }
        // A data URI may leave its padding out, as browsers accept; Foundation wants it.
        let padded = count % 4 == 0 ? text : text + String(repeating: "=", count: 4 - count % 4)
        return Data(base64Encoded: padded).map { Array($0) }
    }

    /// `bytes` in base64 with padding.
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
