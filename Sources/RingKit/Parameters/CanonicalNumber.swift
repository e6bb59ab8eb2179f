/// The number grammar of every numeric parameter, and the one text each number is written as.
enum CanonicalNumber {
    /// Why a text is not a number a parameter can take.
    enum Failure: Error {
        /// Not a plain decimal: empty, `NaN`, `inf`, hex, spaces, trailing text…
        case notANumber
        /// A decimal whose magnitude does not fit a Double (`1e999`).
        case notFinite
    }

    /// Reads a plain decimal: an optional sign, digits with an optional fraction (`72`, `72.`, `.5`, `-0.25`) and an
    /// optional exponent (`1e-05`, which scripts print). Refuses what `strtod` would also take (`nan`, `inf`,
    /// `0x1p3`, leading spaces) so that every accepted text means one finite number. `-0` is `0`.
    /// An exponent's `+` may arrive as a space (`1.23e 09`): Prometheus and Alertmanager write `1.23e+09`, and a
    /// template that puts it in a URL unencoded sends a `+`, which a query reads as a space.
    static func parse(_ text: some StringProtocol) -> Result<Double, Failure> {
        guard isDecimal(Substring(text).utf8) else { return .failure(.notANumber) }
        let spaced = text.utf8.contains(UInt8(ascii: " "))
        let number = spaced ? Double(String(text.map { $0 == " " ? "+" : $0 })) : Double(Substring(text))
        guard let number else { return .failure(.notANumber) }
        guard number.isFinite else { return .failure(.notFinite) }
        return .success(number == 0 ? 0 : number)
    }

    /// The canonical text of `number`: integers without a point (`72`, not `72.0`), anything else as Swift's
    /// shortest round-trip form (`0.1`, `1e-05`, `1e20`), which reads back to exactly the same Double.
    static func text(_ number: Double) -> String {
        // Swift writes `1e+20`; in a query `+` is a space, and the key must be a query that parses back.
        var text = NumberText.shortest(number)
        // Searched as bytes: a search by Character costs a grapheme break check for every one.
        if let plus = text.utf8.firstIndex(of: UInt8(ascii: "+")) { text.remove(at: plus) }
        return text
    }

    private static func isDecimal(_ utf8: Substring.UTF8View) -> Bool {
        var index = utf8.startIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func skipDigits() -> Int {
            var count = 0
            while index != utf8.endIndex, isDigit(utf8[index]) {
                utf8.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index != utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            utf8.formIndex(after: &index)
        }
        var mantissaDigits = skipDigits()
        if index != utf8.endIndex, utf8[index] == UInt8(ascii: ".") {
            utf8.formIndex(after: &index)
            mantissaDigits += skipDigits()
        }
        guard mantissaDigits > 0 else { return false }
        if index != utf8.endIndex, utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E") {
            utf8.formIndex(after: &index)
            if index != utf8.endIndex,
                utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: " ")
            {
                utf8.formIndex(after: &index)
            }
            guard skipDigits() > 0 else { return false }
        }
        return index == utf8.endIndex
    }
}
