/// Counts as reports write them, read from bytes without making strings.
enum ReportNumber {
    /// A decimal integer (an optional `-`, then digits), or nil for anything else and for one past `Int`'s range.
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        var negative = false
        if i < bytes.endIndex && bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        guard i < bytes.endIndex else { return nil }
        var value = 0
        while i < bytes.endIndex {
            let digit = Int(bytes[i]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = plus
            i += 1
        }
        return negative ? -value : value
    }

    /// A count given as text (an XML attribute): digits only, 0 or more.
    static func count(_ text: String) -> Int? {
        guard let number = integer(ArraySlice(text.utf8)), number >= 0 else { return nil }
        return number
    }

    /// Text from a report, quoted for a message: at most 32 characters, control characters shown as `?`.
    static func quoted(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        var shown = ""
        for character in text.prefix(32) {
            if let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7f {
                shown += "?"
            } else if character == "\"" || character == "\\" {
                shown += "\\" + String(character)
            } else {
                shown.append(character)
            }
        }
        if text.count > 32 || bytes.count > 64 { shown += "…" }
        return "\"" + shown + "\""
    }
}
