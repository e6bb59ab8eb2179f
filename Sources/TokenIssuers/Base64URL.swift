import CCrypto

/// base64url without padding (RFC 7515 §2), as a JSON Web Token writes its three parts, decoded by libcrypto's
/// base64 decoder once the URL alphabet is mapped back and the padding restored.
package enum Base64URL {
    /// The bytes `text` encodes; nil when it holds a byte outside the alphabet, padding, or a length no encoding has.
    package static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let remainder = text.count % 4
        guard remainder != 1 else { return nil }
        var standard: [UInt8] = []
        standard.reserveCapacity(text.count + 3)
        for byte in text {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.append(byte)
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        let padding = remainder == 0 ? 0 : 4 - remainder
        standard.append(contentsOf: repeatElement(UInt8(ascii: "="), count: padding))
        guard !standard.isEmpty else { return [] }
        var out = [UInt8](repeating: 0, count: standard.count / 4 * 3)
        // EVP_DecodeBlock writes whole groups of three and counts the padding's bytes too: they are dropped after.
        let written = standard.withUnsafeBufferPointer { input in
            EVP_DecodeBlock(&out, input.baseAddress, Int32(input.count))
        }
        guard written == Int32(out.count) else { return nil }
        out.removeLast(padding)
        return out
    }
}
