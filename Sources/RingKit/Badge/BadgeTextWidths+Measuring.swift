extension BadgeTextWidths {
    /// The badge font size in pixels (shields.io's: Verdana 11 px).
    static let fontSize = 11.0

    /// The width of `text` at `fontSize`, in pixels, from the font's advances (no kerning, as Cairo's text API and
    /// shields.io's width tables).
    static func width(of text: String) -> Double {
        var units = 0
        for scalar in text.unicodeScalars { units += advance(of: scalar.value) }
        return Double(units) * fontSize / Double(unitsPerEm)
    }

    /// The width a badge reserves for `text`, as shields.io reserves it: rounded to a whole pixel, then up to an odd
    /// number so the text's centre falls on a half pixel, as do the odd-sized spaces around it. 0 for no text.
    static func reservedWidth(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        let rounded = Int(width(of: text).rounded())
        return rounded % 2 == 0 ? rounded + 1 : rounded
    }

    /// The advance of one code point in font units; code points the table does not hold get an estimate.
    static func advance(of codePoint: UInt32) -> Int {
        for block in blocks where codePoint >= block.first {
            let index = Int(codePoint - block.first)
            guard index < block.advances.count else { continue }
            let advance = block.advances[index]
            if advance != missing { return Int(advance) }
            break
        }
        switch codePoint {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            // Controls, zero-width characters and variation selectors take no room.
            return 0
        case 0x1100...:
            // CJK, emoji and other wide scripts: about one em each.
            return unitsPerEm
        default:
            // Hebrew, Arabic, Armenian…: close to an average lowercase letter.
            return unitsPerEm * 63 / 100
        }
    }
}
