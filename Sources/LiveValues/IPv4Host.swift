/// The URL Standard's reading of a host that ends in a number: `127.0.0.1`, and also `2130706433`, `0x7f.1`,
/// `0177.0.0.1`, `127.1`. Browsers and libcurl both read these forms as IPv4 addresses, so the server reads them the
/// same way and checks the address, never the text.
enum IPv4Host {
    enum Reading: Equatable {
        /// The host is not number-shaped: a host name.
        case notNumeric
        case address(UInt32)
        /// Number-shaped but no address (a part too large, more than 4 parts, a bad digit).
        case invalid
    }

    /// `host` lowercased, without a trailing dot.
    static func read(_ host: Substring) -> Reading {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard let last = parts.last, endsInNumber(last) else { return .notNumeric }
        if parts.count > 4 { return .invalid }
        parts.removeLast()
        var numbers: [UInt64] = []
        for part in parts {
            guard let n = number(part), n <= 255 else { return .invalid }
            numbers.append(n)
        }
        guard let lastNumber = number(last) else { return .invalid }
        let lastBits = UInt64(8 * (4 - numbers.count))
        guard lastNumber < (1 << lastBits) else { return .invalid }
        var address: UInt64 = 0
        for (i, n) in numbers.enumerated() { address |= n << UInt64(24 - 8 * i) }
        return .address(UInt32(address | lastNumber))
    }

    /// The URL Standard's "ends in a number": the last label is all decimal digits, or `0x` and hex digits.
    private static func endsInNumber(_ label: Substring) -> Bool {
        guard !label.isEmpty else { return false }
        if label.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
        let lower = label.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).utf8.allSatisfy(\.isHexDigit)
    }

    /// One part: `0x…` hex (digits may be absent: `0x` is 0), `0…` octal, otherwise decimal; nil when a digit is
    /// wrong or the part exceeds 32 bits.
    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix = 10
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            digits = part.dropFirst(2)
            radix = 16
            if digits.isEmpty { return 0 }
        } else if part.count > 1 && part.hasPrefix("0") {
            digits = part.dropFirst()
            radix = 8
        }
        // Checked byte by byte: UInt64(_:radix:) would also take a sign.
        let valid = digits.utf8.allSatisfy { radix == 16 ? $0.isHexDigit : $0 >= 0x30 && $0 < 0x30 + UInt8(radix) }
        guard valid, digits.utf8.count <= 32, let n = UInt64(digits, radix: radix), n <= UInt64(UInt32.max) else {
            return nil
        }
        return n
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x61 && self <= 0x66) || (self >= 0x41 && self <= 0x46)
    }
}
