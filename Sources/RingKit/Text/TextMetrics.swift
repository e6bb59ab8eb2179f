/// Advance widths of DejaVu Sans, the label font, so geometry can size and wrap text without a rasterizer.
///
/// The SVG names Verdana first; DejaVu Sans was drawn with Verdana's advance widths, so one table serves both.
enum TextMetrics {
    // Advances in 1/1000 em for U+0020…U+007E, read from DejaVuSans.ttf and DejaVuSans-Bold.ttf with Cairo,
    // hinting off.
    private static let normal: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636,
        636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656,
        557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613,
        635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
        592, 592, 525, 636, 337, 636, 838,
    ]
    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696,
        696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775,
        637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675,
        716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924,
        645, 652, 582, 712, 365, 712, 838,
    ]

    /// Half the height of a digit or capital (the ink of `0…9%`), in em: the baseline sits this far below the centre
    /// line so the label looks centred whatever the renderer's idea of "middle".
    static let halfCapHeight = 0.364

    /// The width of `text` in em, for the given weight.
    static func width(of text: String, bold isBold: Bool) -> Double {
        let table = isBold ? bold : normal
        var thousandths = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x20 && v < 0x7F {
                thousandths += Int(table[Int(v - 0x20)])
            } else if v < 0x20 || (v >= 0x300 && v < 0x370) || v == 0x200D || (v >= 0xFE00 && v <= 0xFE0F) {
                // Controls, combining marks, joiners and variation selectors take no room of their own.
                continue
            } else if v >= 0x1100 {
                // CJK, emoji and other wide scripts: about one em each.
                thousandths += 1000
            } else {
                // Latin-1, Greek, Cyrillic, Hebrew, Arabic…: close to an average lowercase letter.
                thousandths += isBold ? 700 : 630
            }
        }
        return Double(thousandths) / 1000
    }
}
