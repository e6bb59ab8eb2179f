/// Numbers written as text in a document: `"87"`, `"87%"`, `" -0.5 "`, `"1e3"`, and the leading number of a
/// shields message (`"87% covered"`, `"7/12"`, `"1,234"`). Decimal only: no hex, no `inf`, no `nan`; thousands
/// separators only in a message.
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

    /// The number a shields message starts with (after spaces), whatever follows it; nil when it starts with
    /// something else. The integer part may be grouped by threes (`1,234`, `1 234`, `12 345 678`: a comma, a space,
    /// a no-break, narrow no-break or thin space, or `'`, the same one throughout), and `.` is the decimal point.
    /// A number followed by `,` or `.` and a digit that the rule does not read (`1.234,5`, `87,5`, `1,23`, `1.2.3`)
    /// is ambiguous, so the message reads as no number rather than as a wrong one.
    static func leading(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8.prefix(4096))
        let start = skipSpaces(bytes, from: 0)
        var i = start
        var digitsText = ""
        if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
            digitsText.append(Character(UnicodeScalar(bytes[i])))
            i += 1
        }
        let integerStart = i
        i = digits(bytes, from: i)
        guard i > integerStart else { return nil }
        digitsText += String(decoding: bytes[integerStart..<i], as: UTF8.self)
        if i - integerStart <= 3, let separator = groupSeparators.first(where: { starts(bytes, at: i, with: $0) }) {
            while starts(bytes, at: i, with: separator) {
                let group = i + separator.count
                guard digits(bytes, from: group) == group + 3 else { break }
                digitsText += String(decoding: bytes[group..<group + 3], as: UTF8.self)
                i = group + 3
            }
        }
        guard let end = decimalEnd(bytes, from: i, integer: false) else { return nil }
        digitsText += String(decoding: bytes[i..<end], as: UTF8.self)
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: "."),
            isDigit(bytes[end + 1])
        {
            return nil
        }
        return Double(digitsText)
    }

    /// What may group a message's digits by threes: `,`, a space, U+00A0, U+202F, U+2009 and `'`.
    private static let groupSeparators: [[UInt8]] = [
        [0x2C], [0x20], [0xC2, 0xA0], [0xE2, 0x80, 0xAF], [0xE2, 0x80, 0x89], [0x27],
    ]

    private static func starts(_ bytes: [UInt8], at i: Int, with prefix: [UInt8]) -> Bool {
        i + prefix.count <= bytes.count && bytes[i..<i + prefix.count].elementsEqual(prefix)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func digits(_ bytes: [UInt8], from: Int) -> Int {
        var j = from
        while j < bytes.count && isDigit(bytes[j]) { j += 1 }
        return j
    }

    private static func skipSpaces(_ bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        return i
    }

    /// The end of `[+-]digits[.digits][(e|E)[+-]digits]` starting at `from`, or nil when there is none there. An
    /// exponent or fraction without digits ends the number before it (`"7."` reads 7, `"2e"` reads 2). With
    /// `integer` false the sign and digits are already read, and only the fraction and exponent are looked for.
    private static func decimalEnd(_ bytes: [UInt8], from: Int, integer: Bool = true) -> Int? {
        var end = from
        if integer {
            var i = from
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            let integerEnd = digits(bytes, from: i)
            guard integerEnd > i else { return nil }
            end = integerEnd
        }
        if end < bytes.count && bytes[end] == UInt8(ascii: "."), digits(bytes, from: end + 1) > end + 1 {
            end = digits(bytes, from: end + 1)
        }
        if end < bytes.count && (bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E")) {
            var e = end + 1
            if e < bytes.count && (bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-")) { e += 1 }
            if digits(bytes, from: e) > e { end = digits(bytes, from: e) }
        }
        return end
    }
}
