/// The advance widths badge text is measured with, as shields.io measures it: Verdana for regular text, bold
/// Helvetica's (Liberation Sans Bold) for a social badge, and a stand-in for bold Verdana. The tables are generated
/// by `.ci/tools/gen-badge-widths.py` from the fonts, and `make lint` checks them against the fonts.
enum BadgeTextWidths {
    /// A run of consecutive code points and their advances; `missing` marks a code point the font has no glyph for.
    struct Block: Sendable {
        let first: UInt32
        let advances: [UInt16]
    }

    /// One font's advances, in ascending code point order, never overlapping.
    struct Face: Sendable {
        let blocks: [Block]
    }

    /// Font units per em, in every table.
    static let unitsPerEm = 2048
    /// Marks a code point without a glyph in the font.
    static let missing: UInt16 = 0xFFFF
}
