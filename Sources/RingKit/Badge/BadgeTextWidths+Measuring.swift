extension BadgeTextWidths {
    /// The badge font size in pixels (shields.io's: Verdana 11 px).
    static let fontSize = 11.0

    /// The width of `text` at `size` (by default the flat styles' `fontSize`) in `face`, in pixels, from the font's
    /// advances (no kerning, as shields.io's width tables).
    static func width(of text: String, size: Double = fontSize, in face: Face = verdana) -> Double {
        var units = 0
        for scalar in text.unicodeScalars { units += advance(of: scalar.value, in: face) }
        return Double(units) * size / Double(unitsPerEm)
    }

    /// The width a flat badge reserves for `text`, as shields.io reserves it: cut to a whole pixel, then up to an
    /// odd number so the text's centre falls on a half pixel, as do the odd-sized spaces around it. 0 for no text.
    static func reservedWidth(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        let whole = Int(width(of: text).rounded(.down))
        return whole % 2 == 0 ? whole + 1 : whole
    }

    /// Whether the table gives the width of every code point of `text` (Latin, Greek, Cyrillic, punctuation, arrows
    /// and the like) or the code point takes no room. Other scripts' text is measured by the layout that draws it,
    /// and drawn at that width rather than stretched to an estimate (which pulled joined Arabic letters apart).
    static func covers(_ text: String, in face: Face = verdana) -> Bool {
        for scalar in text.unicodeScalars
        where tabledAdvance(of: scalar.value, in: face) == nil && !isZeroWidth(scalar.value) {
            return false
        }
        return true
    }

    /// The advance of one code point in font units; code points the table does not hold get an estimate.
    static func advance(of codePoint: UInt32, in face: Face = verdana) -> Int {
        if let advance = tabledAdvance(of: codePoint, in: face) { return advance }
        if isZeroWidth(codePoint) { return 0 }
        // CJK, emoji and other wide scripts: about one em each; Hebrew, Arabic, Armenian…: close to an average
        // lowercase letter.
        return codePoint >= 0x1100 ? unitsPerEm : unitsPerEm * 63 / 100
    }

    /// The table's advance of `codePoint`, if it holds one.
    static func tabledAdvance(of codePoint: UInt32, in face: Face = verdana) -> Int? {
        for block in face.blocks where codePoint >= block.first {
            let index = Int(codePoint - block.first)
            guard index < block.advances.count else { continue }
            let advance = block.advances[index]
            return advance == missing ? nil : Int(advance)
        }
        return nil
    }

    /// Controls, zero-width characters and variation selectors, which take no room.
    static func isZeroWidth(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: true
        default: false
        }
    }
}
