import RingKit

/// Hex signatures read and written (a percent-escape's digits and unreserved bytes are `PercentDecoding`'s).
enum PercentHex {
    /// The bytes of an even number of hex digits, any case; nil for anything else.
    static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let hex = Array(text.utf8)
        guard hex.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(hex.count / 2)
        for i in stride(from: 0, to: hex.count, by: 2) {
            guard let high = PercentDecoding.hexValue(hex[i]), let low = PercentDecoding.hexValue(hex[i + 1]) else {
                return nil
            }
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
