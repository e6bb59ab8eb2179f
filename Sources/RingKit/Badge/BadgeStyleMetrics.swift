/// The measures of one badge style, as shields.io's renderer (`badge-maker`, `lib/badge-renderers.js`) draws it, so a
/// badge of ours sits level with shields' own of the same style. Lengths are in CSS pixels.
///
/// Horizontally a badge is the label's box (`labelPadding` around its text), then `gutter`, then the value's part:
/// the icon `iconInset` from its start and `iconGap` before the text (or the text `textInset` from its start when
/// there is no icon), and `endPadding` after the text.
struct BadgeStyleMetrics {
    /// The image's height.
    let height: Int
    /// The texts' baseline; a shadow sits 1 px lower.
    let baseline: Double
    let fontSize: Double
    /// The SVG's font list.
    let fontFamily: StaticString
    /// The family every text of the PNG is drawn in: metric-compatible with the font the SVG names first where
    /// Debian has one (social's Liberation Sans), else DejaVu Sans.
    let family: TextLayout.Family
    /// The advances bold texts are measured with (regular ones are Verdana's), and what they are multiplied by.
    let boldWidths: BadgeTextWidths.Face
    let boldScale: Double
    /// Corner radius of the panels (social draws its own boxes, see `BadgeLayout.panels`).
    let cornerRadius: Double
    let labelBold: Bool
    let valueBold: Bool
    /// Room added to a text per character, spread between its characters as SVG's `textLength` spreads it.
    let letterSpacing: Double
    /// Whether texts are set in capitals (for-the-badge) and the label's first letter is (social).
    let upperCase: Bool
    let capitalizedLabel: Bool
    /// Whether each text has a shadow 1 px below it, and its opacity.
    let shadowOpacity: Double?
    /// The label's box: space before and after its text.
    let labelPadding: (left: Int, right: Int)
    /// Space between the label's box and the value's part (social's bubble stands apart).
    let gutter: Int
    let iconInset: Int
    let iconGap: Int
    let textInset: Int
    let endPadding: Int

    /// Where a logo starts: shields' `horizPadding` (5), or for-the-badge's `LOGO_MARGIN` (9).
    var logoInset: Int { upperCase ? 9 : 5 }
    /// How far a logo without a label moves the value's part right: as much as shields widens such a badge (the
    /// logo and 4 px for the flat styles, the logo and its 6 px gutter for for-the-badge).
    var logoShift: Int { upperCase ? Int(Logo.size) + 6 : Int(Logo.size) + 4 }

    /// shields.io's Verdana list; DejaVu Sans is what the PNG renderer and `rsvg-convert` use, and what browsers fall
    /// back to for the glyphs Verdana lacks.
    static let verdana: StaticString = "Verdana,Geneva,DejaVu Sans,sans-serif"

    /// The measures of `style`.
    static func of(_ style: BadgeSpec.Style) -> BadgeStyleMetrics {
        switch style {
        case .flat: flat
        case .flatSquare: flatSquare
        case .plastic: plastic
        case .forTheBadge: forTheBadge
        case .social: social
        }
    }

    /// 20 px, Verdana 11 px on a baseline at 14, 3 px corners; the label 6 px from the edge and 4 px from the seam,
    /// the icon 5 px from the seam (a ring has no side bearing, a glyph about one pixel) and 4 px before the text.
    static let flat = BadgeStyleMetrics(
        height: 20, baseline: 14, fontSize: 11, fontFamily: verdana, family: .sans,
        boldWidths: BadgeTextWidths.dejaVuSansBold, boldScale: 1, cornerRadius: 3,
        labelBold: false, valueBold: false, letterSpacing: 0, upperCase: false, capitalizedLabel: false,
        shadowOpacity: 0.3, labelPadding: (6, 4), gutter: 0, iconInset: 5, iconGap: 4, textInset: 4, endPadding: 6)

    static let flatSquare = flat.with(cornerRadius: 0, shadowOpacity: nil)

    /// flat's paddings, 18 px high with the text 1 px higher (shields' vertical margin of -10 in tenths) and 4 px
    /// corners.
    static let plastic = flat.with(height: 18, baseline: 13, cornerRadius: 4, shadowOpacity: 0.3)

    /// 28 px, Verdana 10 px on a baseline at 17.5, capitals with 1.25 px more per letter, the value bold; 12 px
    /// around each text, and (as shields places a logo) the icon 9 px in and 6 px before the text.
    static let forTheBadge = BadgeStyleMetrics(
        height: 28, baseline: 17.5, fontSize: 10, fontFamily: verdana, family: .sans,
        boldWidths: BadgeTextWidths.dejaVuSansBold, boldScale: dejaVuToVerdanaBold, cornerRadius: 0,
        labelBold: false, valueBold: true, letterSpacing: 1.25, upperCase: true, capitalizedLabel: false,
        shadowOpacity: nil, labelPadding: (12, 12), gutter: 0, iconInset: 9, iconGap: 6, textInset: 12,
        endPadding: 12)

    /// Bold Verdana runs about 2.5 % wider than DejaVu Sans Bold: × 1.025 brings seven of shields' own
    /// for-the-badge values (`GROWN`, `KO-FI`, `SUDHI`, `PYTHON`, `PASSING`, `NOT PASSING`, `SHELL SCRIPT`) within
    /// 1 px of shields' widths, where DejaVu's own were up to 2 px short (`BadgeSVGTests`).
    static let dejaVuToVerdanaBold = 1.025

    /// 20 px, bold 11 px Helvetica on a baseline at 14 with a white shadow; the label's box is 10 px wider than its
    /// text plus its 1 px border, the value's bubble 6 px beyond the box's text area (5 px beyond its border),
    /// 4 px around its text inside a 1 px border. shields names Helvetica Neue first, whose letters are wider than
    /// the Helvetica it measures: this list starts with Helvetica and Arial, then Liberation Sans (the same
    /// advances, and what the texts are measured in), so every viewer fills the measured width at its natural
    /// spacing.
    static let social = BadgeStyleMetrics(
        height: 20, baseline: 14, fontSize: 11,
        fontFamily: "Helvetica,Arial,Liberation Sans,DejaVu Sans,sans-serif", family: .helvetica,
        boldWidths: BadgeTextWidths.liberationSansBold, boldScale: 1, cornerRadius: 2,
        labelBold: true, valueBold: true, letterSpacing: 0, upperCase: false, capitalizedLabel: true,
        shadowOpacity: 1, labelPadding: (5, 6), gutter: 5, iconInset: 5, iconGap: 4, textInset: 4, endPadding: 5)

    private func with(
        height: Int? = nil, baseline: Double? = nil, cornerRadius: Double, shadowOpacity: Double?
    ) -> BadgeStyleMetrics {
        BadgeStyleMetrics(
            height: height ?? self.height, baseline: baseline ?? self.baseline, fontSize: fontSize,
            fontFamily: fontFamily, family: family, boldWidths: boldWidths, boldScale: boldScale,
            cornerRadius: cornerRadius,
            labelBold: labelBold,
            valueBold: valueBold, letterSpacing: letterSpacing, upperCase: upperCase,
            capitalizedLabel: capitalizedLabel, shadowOpacity: shadowOpacity, labelPadding: labelPadding,
            gutter: gutter, iconInset: iconInset, iconGap: iconGap, textInset: textInset, endPadding: endPadding)
    }

    /// `text` in the style's letter case: capitals for for-the-badge, a capital first letter for social's label.
    func cased(_ text: String, isLabel: Bool) -> String {
        if upperCase { return text.uppercased() }
        if isLabel && capitalizedLabel, let first = text.first {
            return first.uppercased() + text.dropFirst()
        }
        return text
    }

    /// The advances a text of this weight is measured with: Verdana's, or `boldWidths`.
    func widths(bold: Bool) -> BadgeTextWidths.Face { bold ? boldWidths : BadgeTextWidths.verdana }

    /// The width a badge reserves for `text`, by shields' rules (`badge-maker`'s `preferredWidthOf`): the text's
    /// width cut to a whole pixel, then made odd, or for-the-badge plus `letterSpacing` a character. Regular text is
    /// measured by Verdana's table, as shields measures it; bold text by `boldWidths` (social's Liberation Sans Bold
    /// has bold Helvetica's advances; for-the-badge's bold value by DejaVu Sans Bold's × `boldScale`, standing in
    /// for bold Verdana). Text a table does not cover (`BadgeTextWidths.covers`) is measured by
    /// the layout in every style, without letter spacing: it is drawn at its natural width
    /// (`BadgeLayout.Text.fitted`).
    func reservedWidth(of text: String, bold: Bool) -> Int {
        guard !text.isEmpty else { return 0 }
        let widths = widths(bold: bold)
        guard BadgeTextWidths.covers(text, in: widths) else {
            let rounded = Int(TextLayout.line(of: text, bold: bold, size: fontSize, family: family).width.rounded())
            return rounded % 2 == 0 ? rounded + 1 : rounded
        }
        let whole = (BadgeTextWidths.width(of: text, size: fontSize, in: widths) * (bold ? boldScale : 1)).rounded(
            .down)
        if letterSpacing > 0 { return Int((whole + letterSpacing * Double(text.count)).rounded()) }
        return Int(whole) % 2 == 0 ? Int(whole) + 1 : Int(whole)
    }
}
