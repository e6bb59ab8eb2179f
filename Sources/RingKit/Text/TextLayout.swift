import CCairo
import CPango

/// Lays out and draws label text for PNGs with Pango: HarfBuzz shaping (Arabic joining, combining marks), FriBidi
/// (right-to-left and mixed runs in reading order) and fontconfig fallback (CJK, emoji), as a browser lays out the
/// SVG's `<text>`. The paragraph is left-to-right, as SVG text is unless told otherwise, so `30% התקדמות` keeps the
/// number on the left in both.
///
/// Pango's font maps are not shared between threads: each thread keeps its own font map, context, font descriptions
/// and laid-out lines (`PangoState`), so a label costs a layout, not a font lookup, and a label drawn before (the
/// hundred percentages of a ring) costs neither. A thread keeps the fonts of at most `PangoState.keptFontSizes` label
/// sizes.
enum TextLayout {
    /// The families labels are laid out in: the first family asked for; fontconfig supplies the fonts for what it
    /// lacks (see README, fonts).
    enum Family: String, Sendable, Hashable {
        /// Every label but a social badge's: DejaVu Sans, close to the Verdana the SVGs name first.
        case sans = "DejaVu Sans"
        /// A social badge's texts: Liberation Sans, whose advances are Helvetica's and Arial's, which the social
        /// badge's SVG names (and shields.io measures it in).
        case helvetica = "Liberation Sans"
    }

    /// A line of text at one size, laid out.
    struct Line {
        /// The advance width, in user units.
        let width: Double
        /// From the top of the line's box to its baseline, in user units.
        let ascent: Double
        /// How far the drawn ink reaches above and below the baseline, in user units (marks stacked on a letter
        /// reach beyond the line's box).
        var inkAbove = 0.0
        var inkBelow = 0.0
    }

    private static let state = ThreadLocal { PangoState() }

    /// How many lines this thread has laid out (tests check that kept ones are reused).
    package static var layoutsMadeOnThisThread: Int { state.value.layoutsMade }
    /// How many times this thread forgot its fonts (tests check that a flood of sizes is forgotten).
    package static var fontsForgottenOnThisThread: Int { state.value.fontsForgotten }
    /// The label sizes this thread keeps fonts for now (tests check the bound, `PangoState.keptFontSizes`).
    package static var fontSizesKeptOnThisThread: Int { state.value.fontSizesKept }

    /// The width of `text` in one line, without drawing it.
    static func width(of text: String, bold: Bool, size: Double, family: Family = .sans) -> Double {
        state.value.laidOut(text, bold: bold, size: size, spacing: 0, family: family).line.width
    }

    /// `text` laid out in one line, without drawing it, as it is drawn on an image at scale 1: its width and how
    /// far its ink reaches. Laid out in the context of that transformation whatever this thread drew last, since
    /// Pango's boxes for glyphs no font has change shape with the device (a label measured after a scale-3 image
    /// came out narrower than it was then drawn).
    static func line(of text: String, bold: Bool, size: Double, family: Family = .sans) -> Line {
        let state = state.value
        state.update(for: state.measuring)
        return state.laidOut(text, bold: bold, size: size, spacing: 0, family: family).line
    }

    /// Draws `text` in one line, its advance centred on `centerX` and its baseline at `baseline`, in the current
    /// source; `spacing` is added between clusters (as SVG's `textLength` spreads text). Returns the line's width.
    @discardableResult
    static func draw(
        _ text: String, on cr: OpaquePointer, bold: Bool, size: Double, centerX: Double, baseline: Double,
        spacing: Double = 0, family: Family = .sans, halo: RGBAColor? = nil
    ) -> Double {
        draw(text, on: cr, bold: bold, size: size, baseline: baseline, spacing: spacing, family: family, halo: halo) {
            centerX - $0 / 2
        }
    }

    /// Draws `text` in one line ending at `right` (as SVG's `text-anchor="end"`).
    static func draw(
        _ text: String, on cr: OpaquePointer, bold: Bool, size: Double, right: Double, baseline: Double,
        halo: RGBAColor? = nil
    ) {
        draw(text, on: cr, bold: bold, size: size, baseline: baseline, spacing: 0, family: .sans, halo: halo) {
            right - $0
        }
    }

    /// Draws `text` in one line starting at `left` (as SVG's default `text-anchor="start"`).
    static func draw(
        _ text: String, on cr: OpaquePointer, bold: Bool, size: Double, left: Double, baseline: Double,
        halo: RGBAColor? = nil
    ) {
        draw(text, on: cr, bold: bold, size: size, baseline: baseline, spacing: 0, family: .sans, halo: halo) {
            _ in left
        }
    }

    /// The halo's width on each side of a glyph's outline, in CSS pixels: an eighth of the text's size, 1 to 3 px.
    static func haloWidth(size: Double) -> Double { Swift.min(3, Swift.max(1, size / 8)) }

    @discardableResult
    private static func draw(
        _ text: String, on cr: OpaquePointer, bold: Bool, size: Double, baseline: Double, spacing: Double,
        family: Family, halo: RGBAColor?, left: (Double) -> Double
    ) -> Double {
        let state = state.value
        state.update(for: cr)
        let kept = state.laidOut(text, bold: bold, size: size, spacing: spacing, family: family)
        let x = left(kept.line.width)
        let y = baseline - kept.line.ascent
        if let halo {
            // The glyphs' outlines stroked in the halo's color, round-joined, under the text itself.
            cairo_save(cr)
            CairoCanvas.setColor(cr, halo)
            cairo_move_to(cr, x, y)
            pango_cairo_layout_path(cr, kept.layout)
            cairo_set_line_width(cr, 2 * haloWidth(size: size))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, kept.layout)
        return kept.line.width
    }
}
