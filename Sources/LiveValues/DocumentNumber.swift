/// Numbers written as text in a document: `"87"`, `"87%"`, `" -0.5 "`, `"1e3"`, and the leading number of a
/// shields message (`"87% covered"`, `"7/12"`). Decimal only: no hex, no `inf`, no `nan`, no thousands separators.
enum DocumentNumber {
    /// The number when `text` is a decimal, optionally followed by `%`, with spaces around; nil otherwise.
    static func whole(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        var i = skipSpaces(bytes, from: 0)
        guard let end = decimalEnd(bytes, from: i) else { return nil }
        let number = Double(String(decoding: bytes[i..<end], as: UTF8.self))
        i = skipSpaces(bytes, from: end)
        if i < bytes.count && bytes[i] == UInt8(ascii: "%") { i = skipSpaces(bytes, from: i + 1) }
        return i == bytes.count ? number : nil
    }

    /// The decimal `text` starts with (after spaces), whatever follows it; nil when it starts with something else.
    static func leading(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8.prefix(4096))
        let start = skipSpaces(bytes, from: 0)
        guard let end = decimalEnd(bytes, from: start) else { return nil }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private static func skipSpaces(_ bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        return i
    }

    /// The end of `[+-]digits[.digits][(e|E)[+-]digits]` starting at `from`, or nil when there is none there. An
    /// exponent or fraction without digits ends the number before it (`"7."` reads 7, `"2e"` reads 2).
    private static func decimalEnd(_ bytes: [UInt8], from: Int) -> Int? {
        func digits(_ i: Int) -> Int {
            var j = i
            while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
            return j
        }
        var i = from
        if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        let integerEnd = digits(i)
        guard integerEnd > i else { return nil }
        var end = integerEnd
        if end < bytes.count && bytes[end] == UInt8(ascii: "."), digits(end + 1) > end + 1 { end = digits(end + 1) }
        if end < bytes.count && (bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E")) {
            var e = end + 1
            if e < bytes.count && (bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-")) { e += 1 }
            if digits(e) > e { end = digits(e) }
        }
        return end
    }
}
