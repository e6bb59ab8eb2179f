/// Standard base64 (RFC 4648, `+` and `/`), strict: padding only at the end, no other characters.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// The bytes `text` encodes, or nil when it is not base64 (its length, once padded, a multiple of 4).
    static func decode(_ text: String) -> [UInt8]? {
        var input = Array(text.utf8)
        var padding = 0
        while input.last == UInt8(ascii: "=") && padding < 2 {
            input.removeLast()
            padding += 1
        }
        guard !input.isEmpty, (input.count + padding) % 4 == 0 || padding == 0, input.count % 4 != 1 else {
            return nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for c in input {
            let v = values[Int(c)]
            guard v != 0xff else { return nil }
            buffer = buffer << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }

    /// `bytes` in base64 with padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = Swift.min(3, bytes.count - i)
            var chunk: UInt32 = 0
            for j in 0..<3 { chunk = chunk << 8 | UInt32(j < n ? bytes[i + j] : 0) }
            for j in 0..<4 {
                out.append(j <= n ? alphabet[Int((chunk >> UInt32(18 - 6 * j)) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
