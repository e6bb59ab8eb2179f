import CCairo
import Testing

@testable import RingKit

/// A label is drawn on one baseline, in every font its runs use, as a browser draws the SVG's `<text>`.
struct TextBaselineTests {
    static let size = 17.0  // a 128 px ring's label
    static let baseline = 40.0  // on a whole pixel, where Cairo puts a glyph raised by half a pixel or more a row up

    /// The first and last rows where `text`, drawn in bold from `left`, leaves ink in a column at `from` or right
    /// of it.
    static func inkRows(_ text: String, left: Double, from: Int) -> ClosedRange<Int>? {
        let width: Int32 = 200
        let height: Int32 = 60
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        TextLayout.draw(text, on: cr, bold: true, size: size, left: left, baseline: baseline)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rows = (0..<Int(height)).filter { y in (from..<Int(width)).contains { x in data[y * stride + x] > 0 } }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    /// Digits after Chinese, Japanese or Korean text sit where they sit alone. Pango would align the DejaVu run on
    /// the ideographic baseline of the line's first run (Noto Sans CJK's BASE table), a row above the SVG's.
    /// Fails with `TextLayout`'s `onOneBaseline()` left out: the digits' rows are one higher after the prefix.
    @Test(arguments: ["进度 ", "進捗は", "진행 "])
    func digitsAfterCJKTextSitOnTheBaselineTheyHaveAlone(prefix: String) throws {
        let advance = TextLayout.width(of: prefix, bold: true, size: Self.size)
        let from = Int(advance.rounded(.up)) + 1
        let alone = try #require(Self.inkRows("30%", left: advance, from: from))
        let after = try #require(Self.inkRows(prefix + "30%", left: 0, from: from))
        #expect(after == alone, "\(prefix)30%: digits on rows \(after), alone on \(alone)")
    }
}
