extension RGBAColor {
    /// What a color parameter accepts, for error messages.
    public static let acceptedForms = "hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl()"

    /// Parses hex (`rgb`, `rgba`, `rrggbb`, `rrggbbaa`, with or without `#`, any case), one of the 148 CSS named colors
    /// (ASCII case-insensitive, as in CSS), or one of shields.io's names CSS does not take (`brightgreen`, `success`,
    /// `important`, `critical`, `informational`, `inactive`), or CSS Color 4's `rgb()`, `rgba()`, `hsl()`, `hsla()`
    /// (`CSSColorFunction`). `nil` for anything else, including `none`.
    public static func parse(_ text: some StringProtocol) -> RGBAColor? {
        if Substring(text).utf8.last == UInt8(ascii: ")") { return CSSColorFunction.parse(Substring(text)) }
        var utf8 = Substring(text).utf8[...]
        let hadHash = utf8.first == UInt8(ascii: "#")
        if hadHash { utf8 = utf8.dropFirst() }
        if let color = parseHex(utf8) { return color }
        // A name never starts with `#`, so `#red` is refused rather than guessed at.
        return hadHash ? nil : CSSColorNames.color(named: text)
    }

    /// Whose meaning a color name has: CSS's (rings, bars, sparklines), or shields' (badges, which sit in a row of
    /// shields' own: there `yellow` is `#dfb317`, not CSS's `#ffff00`).
    public enum Names: Sendable, Hashable {
        case css, shields
    }

    /// `parse(_:)`, with shields' palette names (`ShieldsPalette`, in any case, as shields lowers a CSS name) read
    /// first where `names` is `.shields`.
    public static func parse(_ text: some StringProtocol, names: Names) -> RGBAColor? {
        if names == .shields, let hex = ShieldsPalette.colors[text.lowercased()] {
            return parseHex(Substring(hex).utf8)
        }
        return parse(text)
    }

    /// Hex digits only: 3, 4, 6 or 8 of them. Short forms repeat each digit, as in CSS (`f80` is `ff8800`).
    private static func parseHex(_ utf8: Substring.UTF8View) -> RGBAColor? {
        let count = utf8.count
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var nibbles = [UInt8]()
        nibbles.reserveCapacity(count)
        for byte in utf8 {
            guard let nibble = PercentDecoding.hexValue(byte) else { return nil }
            nibbles.append(nibble)
        }
        var channels = [UInt8]()
        if count <= 4 {
            channels = nibbles.map { $0 << 4 | $0 }
        } else {
            for index in stride(from: 0, to: count, by: 2) { channels.append(nibbles[index] << 4 | nibbles[index + 1]) }
        }
        return RGBAColor(channels[0], channels[1], channels[2], channels.count == 4 ? channels[3] : 255)
    }
}
