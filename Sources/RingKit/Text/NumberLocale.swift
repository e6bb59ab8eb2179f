import CICU
import Locking

/// How a locale writes numbers (`locale`): its decimal and grouping separators, grouping sizes, minus sign, digits
/// and the place of the percent sign, all read from ICU's CLDR data, never from a table written here.
public struct NumberLocale: Sendable, Hashable {
    /// The locale whose data ICU found, as a BCP 47 tag: the canonical form (`de-ZZ` is `de`).
    public let tag: String
    let decimal: String
    let group: String
    let minus: String
    let primaryGrouping: Int
    let secondaryGrouping: Int
    let minimumGrouping: Int
    let percentPrefix: String
    let percentSuffix: String
    /// The digits 0…9, or `nil` where they are the ASCII ones.
    let digits: [String]?

    public static func == (a: NumberLocale, b: NumberLocale) -> Bool { a.tag == b.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(tag) }

    /// The locale of the BCP 47 tag `text`: a language, an optional script and an optional region (`de`, `fr-CH`,
    /// `zh-Hant-TW`), with ICU data for that language.
    static func parse(_ text: String) throws(ParameterError) -> NumberLocale {
        let accepted =
            "a BCP 47 tag of a language, an optional script and an optional region, such as de, fr-CH, "
            + "en-IN or pt-BR"
        guard isWellFormed(text) else {
            throw ParameterError(
                parameter: "locale", value: ParameterError.quoted(text),
                reason: "is not a locale tag (accepted: \(accepted))")
        }
        if let known = cache.withLock({ $0[text] }) { return known }
        var symbols = pr_number_symbols()
        let result = pr_number_symbols_for(text, &symbols)
        guard result == 0 else {
            let library = String(cString: pr_icu_library())
            let reason =
                switch result {
                case -2: "names a language without number data in ICU (accepted: \(accepted))"
                case -4: "cannot be read: this server cannot open ICU (\(library)), which writes numbers by locale"
                default: "could not be read by ICU (accepted: \(accepted))"
                }
            throw ParameterError(parameter: "locale", value: ParameterError.quoted(text), reason: reason)
        }
        let locale = NumberLocale(symbols)
        cache.withLock { known in
            if known.count < cacheLimit { known[text] = locale }
        }
        return locale
    }

    /// Locales read so far, by the tag asked for: each is read from ICU once. Bounded, since tags come from the
    /// network: past the bound a tag is read each time it is asked for.
    private static let cache = Lock<[String: NumberLocale]>([:])
    private static let cacheLimit = 1024

    /// `xx`, `xxx`, then an optional four-letter script and an optional two-letter or three-digit region.
    static func isWellFormed(_ text: String) -> Bool {
        // Bytes, not Characters: a tag is ASCII, and grapheme breaking would cost more than the rest of the check.
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        func letters(_ part: Substring.UTF8View.SubSequence) -> Bool {
            part.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        }
        func digits(_ part: Substring.UTF8View.SubSequence) -> Bool {
            part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard (1...3).contains(parts.count), (2...3).contains(parts[0].count), letters(parts[0]) else { return false }
        var next = 1
        if next < parts.count, parts[next].count == 4, letters(parts[next]) { next += 1 }
        if next < parts.count,
            (parts[next].count == 2 && letters(parts[next])) || (parts[next].count == 3 && digits(parts[next]))
        {
            next += 1
        }
        return next == parts.count
    }

    private init(_ symbols: pr_number_symbols) {
        var symbols = symbols
        func text<T>(_ field: inout T) -> String {
            withUnsafeBytes(of: &field) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        tag = text(&symbols.tag)
        decimal = text(&symbols.decimal)
        group = text(&symbols.group)
        minus = text(&symbols.minus)
        primaryGrouping = Int(symbols.primary_grouping)
        secondaryGrouping = Int(symbols.secondary_grouping)
        minimumGrouping = Int(symbols.minimum_grouping)
        percentPrefix = text(&symbols.percent_prefix)
        percentSuffix = text(&symbols.percent_suffix)
        let digits = withUnsafeBytes(of: &symbols.digits) { bytes in
            (0..<10).map { i in
                String(decoding: bytes[(i * 8)..<(i * 8 + 8)].prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        self.digits = digits == (0..<10).map { String($0) } ? nil : digits
    }

    /// The number `ascii` (as `NumberText` writes it: `-1234.5`, `1.5×10⁻⁹`) written as the locale writes it:
    /// `-1.234,5` in `de`, `12,34,567` in `en-IN`.
    func localize(_ ascii: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(ascii.utf8.count + 8)
        let bytes = Array(ascii.utf8)
        var i = 0
        if bytes.first == UInt8(ascii: "-") {
            out += minus.utf8
            i = 1
        }
        var integerEnd = i
        while integerEnd < bytes.count, bytes[integerEnd] >= UInt8(ascii: "0"), bytes[integerEnd] <= UInt8(ascii: "9") {
            integerEnd += 1
        }
        // The integer part, a separator before each group: the first of `primaryGrouping` digits from the right, the
        // others of `secondaryGrouping`, where the locale groups a number of that length.
        let count = integerEnd - i
        let groups = primaryGrouping > 0 && count - primaryGrouping >= minimumGrouping
        for position in i..<integerEnd {
            let fromRight = integerEnd - position
            if groups, position > i, fromRight >= primaryGrouping,
                (fromRight - primaryGrouping) % secondaryGrouping == 0
            {
                out += group.utf8
            }
            appendDigit(bytes[position], to: &out)
        }
        i = integerEnd
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            out += decimal.utf8
            i += 1
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                appendDigit(bytes[i], to: &out)
                i += 1
            }
        }
        // The rest (`×10⁻⁹`) as it is.
        out += bytes[i...]
        return String(decoding: out, as: UTF8.self)
    }

    /// A percentage's digits (`72.5`) with the percent sign where the locale puts it: `72,5 %` in `de`, `%72,5` in `tr`.
    func percent(_ ascii: String) -> String { percentPrefix + localize(ascii) + percentSuffix }

    @inline(__always)
    private func appendDigit(_ digit: UInt8, to out: inout [UInt8]) {
        if let digits { out += digits[Int(digit - UInt8(ascii: "0"))].utf8 } else { out.append(digit) }
    }
}
