extension TextMetrics {
    /// The width of `text` in em as it is drawn. The table (`width(of:bold:)`) gives combining marks no room, which
    /// is right where a font draws them over their base; but a mark no font has a glyph for is drawn as a fallback
    /// box of its own, and a stack of them ("Zalgo" text) runs far past the table's width. Text with a mark is
    /// therefore measured as Pango lays it out (fallback fonts and boxes included), taking the larger of the two;
    /// any other text keeps the table's width, so its labels are sized as they always were.
    /// `size` is the size it is laid out at (fallback boxes change shape with it), the result in em all the same.
    static func drawnWidth(of text: String, bold: Bool, at size: Double = 100) -> Double {
        let table = width(of: text, bold: bold)
        guard hasMark(text) else { return table }
        return Swift.max(table, TextLayout.line(of: text, bold: bold, size: size).width / size)
    }

    /// How far `text`'s ink reaches from the middle of its line, up or down, in em; the baseline sits
    /// `halfCapHeight` below the middle. Without marks, the cap height's half, as labels are centred; with them,
    /// as far as Pango draws the marks stacked above and below the letters.
    static func drawnHalfHeight(of text: String, bold: Bool, at size: Double = 100) -> Double {
        guard hasMark(text) else { return halfCapHeight }
        let line = TextLayout.line(of: text, bold: bold, size: size)
        return Swift.max(halfCapHeight, line.inkAbove / size - halfCapHeight, line.inkBelow / size + halfCapHeight)
    }

    /// Whether `text` holds a combining mark (Unicode categories Mn, Mc, Me). ASCII holds none: no table is asked.
    static func hasMark(_ text: String) -> Bool {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        return text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }
    }
}
