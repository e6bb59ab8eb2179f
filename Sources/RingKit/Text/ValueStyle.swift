#if canImport(Glibc)
    import Glibc
#endif

/// How a value is written and what it means beside its number, the one style every kind shares (a ring's, a bar's,
/// a badge's and a sparkline's spec each hold one, `valueStyle`): the unit, the digits after the point, the locale,
/// the map, the missing value's match and the neutral point. Its parameters are bound once
/// (`ImageParameter.StyleBinding`), and every label, title and accessible name writes numbers through it
/// (`LabelText`). A new way of writing numbers is a field here, its use in `text(_:)`, its row and its test.
public struct ValueStyle: Sendable, Hashable {
    /// `nil`: the number as read.
    public var unit: NumberUnit?
    /// Digits after the point. `nil` with a unit that scales: at most three significant digits, trailing zeros
    /// dropped. Without a unit, 0 and `nil` write the number as read (shortest digits, no binary noise).
    public var decimals: Int?
    /// `nil`: a point, no grouping, `%` after the number (the output before locales existed).
    public var locale: NumberLocale?
    /// Texts that replace the value where it matches (`0:down`).
    public var map: ValueMap?
    /// Set where the value was read as `null` or NaN: `map`'s item for it stands for the value.
    public var missing: ValueMap.Match?
    /// The neutral point of a ring or bar that grows from it: the automatic label then shows the value's signed
    /// deviation from it (`+5 ms`, `−5 ms`, `0` at it).
    public var neutral: Double?
    /// The tz database zone `{time}` and `{date}` are written in (`tz`); nil: UTC.
    public var zone: String? = nil
    /// What `{age}`, `{time}` and `{date}` write, where a template of the image writes them (set from the request's
    /// clock at parsing; keyed as texts, so an image is one until its age's words change).
    public var times: TimeTexts? = nil
    /// The other stored values the templates write (`{@tests.failed}`), by name, as the server read them; nil where
    /// they write none (`TemplateValues`).
    public var named: [String: Double]? = nil
    /// Each ring's or bar's series labels that the templates write (`{label.instance}`), in drawing order, where the
    /// values were read as a list of labelled series (a Prometheus vector); nil otherwise (`SeriesLabels`).
    public var seriesLabels: [[String: String]]? = nil

    public init(
        unit: NumberUnit? = nil, decimals: Int? = nil, locale: NumberLocale? = nil, map: ValueMap? = nil,
        missing: ValueMap.Match? = nil, neutral: Double? = nil
    ) {
        self.unit = unit
        self.decimals = decimals
        self.locale = locale
        self.map = map
        self.missing = missing
        self.neutral = neutral
    }

    /// The style a spec starts from: no unit, no locale, no map, whole percentages.
    public static let initial = ValueStyle(decimals: 0)

    /// The one style of all those that write this value in `min…max`: a neutral point at `min` is none (growing from
    /// `min` is the default), `-0` is `0`, and `decimals` is resolved unless a unit scales (there `nil` means three
    /// significant digits).
    public func normalized(min: Double) -> ValueStyle {
        var style = self
        // Adding +0 turns -0 into +0 and leaves every other number as it is.
        style.neutral = neutral == min ? nil : neutral.map { $0 + 0 }
        if !unitScales { style.decimals = decimals ?? 0 }
        return style
    }

    /// Whether the unit writes its own digits (`1.21 GiB`): then leaving `decimals` out means three significant
    /// digits, not 0, and the canonical key's default for it is `auto`.
    public var unitScales: Bool { unit.map { !$0.isPercent } ?? false }

    /// The style with only what shapes the drawing: where no label is drawn, what only writes text (the unit, the
    /// locale, and any later way of writing numbers) goes back to its default, so one image has one key. The
    /// digits stay (thresholds compare the percentage as shown), and so do the map, the missing value and the
    /// neutral point (they color and place the progress).
    public var drawingOnly: ValueStyle {
        ValueStyle(decimals: decimals, map: map, missing: missing, neutral: neutral)
    }

    /// `x` with its sign always written: `+5`, `−5` (a minus sign, U+2212), `0`.
    public func signedText(_ x: Double) -> String {
        let text = self.text(abs(x))
        guard x != 0, text != self.text(0) else { return text }
        return (x > 0 ? "+" : "\u{2212}") + text
    }

    /// The `map` item for the value `x` (or for the missing value).
    public func mappedItem(for x: Double) -> ValueMap.Item? {
        if let missing { return map?.item(forMissing: missing) }
        return map?.item(for: x)
    }

    /// What the label shows for the value itself: the mapped text where `map` matches it, else the value written
    /// in this style.
    public func valueText(_ x: Double) -> String { mappedItem(for: x)?.text ?? text(x) }

    /// A number as `NumberText` writes it (`-1234.5`), in the locale's symbols.
    func localized(_ ascii: String) -> String { locale?.localize(ascii) ?? ascii }

    /// A percentage's digits (`72.5`) with the percent sign, where the locale puts it (`72.5%`, `72,5 %`).
    func withPercentSign(_ digits: String) -> String { locale?.percent(digits) ?? digits + "%" }

    /// Digits of a percentage: the given ones, else none.
    var percentDecimals: Int { Swift.min(Swift.max(decimals ?? 0, 0), 3) }

    /// `x` as the label writes it: `1.2 GiB`, `350 ms`, `12.5K req/s`, `$12.5`, `72%`, `0.3`.
    public func text(_ x: Double) -> String {
        guard let unit else {
            if let decimals, decimals > 0 { return localized(Self.fixed(x, decimals: decimals)) }
            return localized(NumberText.plain(x))
        }
        switch unit.kind {
        case .percent(let fraction):
            return withPercentSign(percent(fraction ? x * 100 : x))
        case .binary(let symbol):
            let (number, prefix) = scaled(x, Self.binary)
            return number + " " + prefix + symbol
        case .decimal(let symbol):
            let (number, prefix) = scaled(x, Self.decimal)
            return number + " " + prefix + symbol
        case .si(let symbol):
            let (number, prefix) = scaled(x, Self.si, base: Self.siBase)
            return number + " " + prefix + symbol
        case .count(let after):
            let (number, prefix) = scaled(x, Self.count)
            return number + prefix + after
        case .duration(let base):
            let (number, symbol) = scaled(x, DurationScale.units, base: base)
            return number + " " + symbol
        case .affix(let before, let after):
            return before + localized(decimals.map { Self.fixed(x, decimals: $0) } ?? NumberText.plain(x)) + after
        }
    }

    /// A percentage `p` with the percentage rules inside 0…100 (never `100` before done, never `0` once begun), and
    /// rounded as any number outside it (a value over its maximum reads `150`).
    private func percent(_ p: Double) -> String {
        if p > 0 && p < 100 { return PercentText(fraction: p / 100, decimals: percentDecimals).text }
        return Self.fixed(p, decimals: percentDecimals)
    }

    /// `x` in the largest step of `scale` it reaches (each step a name and its size in the unit at `base`), or in
    /// the smallest step for numbers below it; zero in the unit at `base`. Returns the number and the step's name.
    private func scaled(_ x: Double, _ scale: [(name: String, size: Double)], base: Int = 0) -> (String, String) {
        guard x.isFinite, x != 0 else { return ("0", scale[base].name) }
        let magnitude = abs(x) * scale[base].size
        var step = 0
        while step + 1 < scale.count, magnitude >= scale[step + 1].size { step += 1 }
        var number = magnitude / scale[step].size
        var digits = digitsAfterPoint(number)
        // A number that rounds up to the next step's size is written in that step (`1 KiB`, not `1024 B`).
        if step + 1 < scale.count, Self.rounded(number, digits) >= scale[step + 1].size / scale[step].size {
            step += 1
            number = magnitude / scale[step].size
            digits = digitsAfterPoint(number)
        }
        let signed = x < 0 ? -number : number
        if number >= 1e15 || (decimals == nil && number < 1e-6) {
            return (localized(NumberText.scientific(signed, digits: 3)), scale[step].name)
        }
        if decimals != nil { return (localized(Self.fixed(signed, decimals: digits)), scale[step].name) }
        var out: [UInt8] = []
        NumberText.appendCompact(signed, decimals: digits, to: &out)
        return (localized(String(decoding: out, as: UTF8.self)), scale[step].name)
    }

    /// The given digits, or those that keep three significant digits (`1.21`, `12.5`, `350`, `1023`, `0.0123`).
    private func digitsAfterPoint(_ magnitude: Double) -> Int {
        if let decimals { return decimals }
        guard magnitude > 0 else { return 0 }
        return Swift.min(Swift.max(0, 2 - Int(log10(magnitude).rounded(.down))), 6)
    }

    /// `x` with exactly `decimals` digits, or as `m×10ⁿ` where its digits would not fit a label (10¹⁵ or more):
    /// never an exponent (`1e+20`).
    static func fixed(_ x: Double, decimals: Int) -> String {
        abs(x) >= 1e15 ? NumberText.plain(x) : NumberText.fixed(x, decimals: decimals)
    }

    private static func rounded(_ x: Double, _ digits: Int) -> Double {
        let power = NumberText.power(digits)
        return (x * power).rounded() / power
    }

    static let binary: [(name: String, size: Double)] = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"]
        .enumerated().map { ($0.element, Double(sign: .plus, exponent: 10 * $0.offset, significand: 1)) }
    static let decimal: [(name: String, size: Double)] = ["", "k", "M", "G", "T", "P", "E", "Z", "Y"]
        .enumerated().map { ($0.element, pow(10, Double(3 * $0.offset))) }
    static let count: [(name: String, size: Double)] = ["", "K", "M", "B", "T"]
        .enumerated().map { ($0.element, pow(10, Double(3 * $0.offset))) }
    static let si: [(name: String, size: Double)] = ["p", "n", "µ", "m", "", "k", "M", "G", "T", "P", "E"]
        .enumerated().map { ($0.element, pow(10, Double(3 * ($0.offset - 4)))) }
    static let siBase = 4
}
