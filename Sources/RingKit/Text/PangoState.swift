import CCairo
import CPango

/// One thread's Pango objects.
final class PangoState {
    let fontMap: UnsafeMutablePointer<_PangoFontMap>
    private var fonts: [Key: OpaquePointer] = [:]
    /// Lines laid out before, by text, weight, size, spacing and context, each in its own `PangoLayout`.
    private var kept: [LineKey: KeptLine] = [:]
    /// The contexts of the transformations drawn to lately, the most recent (the last draw's, or measure's) first.
    private var contexts: [TextContext]
    private var current: TextContext { contexts[0] }
    private var contextsMade = 0

    /// Contexts a thread keeps, one per device transformation and kind of surface (a scale, mostly): images at
    /// scale 1 and 2 in turn each find their own, with their lines laid out. A single context brought up to date
    /// with every draw's transformation marked every kept line stale at each change of scale: bars at scale 1 and 2
    /// in turn cost 244 µs a miss against 139 and 212 µs for either alone.
    static let keptContexts = 4

    /// Labels a thread keeps laid out: the hundred percentages of rings at a few sizes, of bars, and badge texts.
    /// Beyond it, the least recently used line gives its layout to the next text, so a flood of other labels (say
    /// rings of three sizes, then bars) passes and the lines in use come back to stay.
    static let keptLines = 512
    /// Longer texts (long badge messages, say) are laid out each time, so kept lines stay small.
    static let keptTextBytes = 32
    /// Label sizes (a weight and a size each) a thread keeps fonts for. Pango's font map keeps the fonts of the last
    /// 256 sizes it was asked for (fontconfig's patterns, a Cairo font and its glyph extents each), and each kept
    /// line holds its own: under a flood of odd sizes every thread that draws held hundreds of fonts. The next size
    /// after this many forgets them all, with the kept lines and Pango's caches; the sizes still in use come back
    /// at the cost of a layout each. A page of rings, bars and badges draws a few dozen (docs/decisions.md).
    static let keptFontSizes = 64
    /// How many times this thread forgot its fonts (`keptFontSizes`).
    private(set) var fontsForgotten = 0
    /// The label sizes this thread keeps fonts for now.
    var fontSizesKept: Int { fonts.count }
    /// Counts the lines asked for: a kept line's `lastUse` is this count when it was last asked for.
    private var uses: UInt64 = 0
    private(set) var layoutsMade = 0

    struct Key: Hashable {
        let bold: Bool
        let size: Double
        let family: TextLayout.Family
    }

    struct LineKey: Hashable {
        let text: String
        let bold: Bool
        let size: Double
        let family: TextLayout.Family
        let spacing: Double
        /// The `TextContext.id` the line is laid out in.
        let context: Int
    }

    /// A Pango context, the transformation and kind of surface it was last brought up to date with (nil before the
    /// first draw), and a layout for texts too long to keep.
    final class TextContext {
        let context: OpaquePointer
        let id: Int
        var target: (matrix: cairo_matrix_t, type: cairo_surface_type_t)?
        let scratch: KeptLine

        init(_ fontMap: UnsafeMutablePointer<_PangoFontMap>, id: Int) {
            context = pango_font_map_create_context(fontMap)!
            self.id = id
            // Unhinted metrics keep widths proportional to the size, as in the SVG renderers; grey antialiasing.
            let options = cairo_font_options_create()!
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
            scratch = KeptLine(context)
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(context)) }

        func isUpToDate(with matrix: cairo_matrix_t, _ type: cairo_surface_type_t) -> Bool {
            guard let target else { return false }
            return target.type == type && target.matrix.xx == matrix.xx && target.matrix.yx == matrix.yx
                && target.matrix.xy == matrix.xy && target.matrix.yy == matrix.yy && target.matrix.x0 == matrix.x0
                && target.matrix.y0 == matrix.y0
        }
    }

    /// A layout and what it measured, valid while the context's serial is the one it was laid out under.
    final class KeptLine {
        let layout: OpaquePointer
        var line = TextLayout.Line(width: 0, ascent: 0)
        var serial: UInt32 = 0
        var lastUse: UInt64 = 0

        init(_ context: OpaquePointer) {
            layout = pango_layout_new(context)!
            pango_layout_set_auto_dir(layout, 0)
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// A Cairo context on a 1 × 1 image surface, untransformed: the target `TextLayout.line` measures for.
    let measuring: OpaquePointer

    init() {
        fontMap = pango_cairo_font_map_new()!
        precondition(
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(fontMap)), pango_fc_font_map_get_type()) != 0,
            "Pango's Cairo font map is not a fontconfig one: its caches could not be cleared")
        contexts = [TextContext(fontMap, id: 0)]
        contextsMade = 1
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        measuring = cairo_create(surface)!
        cairo_surface_destroy(surface)
    }

    deinit {
        cairo_destroy(measuring)
        kept.removeAll()
        contexts.removeAll()
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The description of the font of `bold`, `size` and `family`; a size beyond `keptFontSizes` forgets the others
    /// first.
    func font(bold: Bool, size: Double, family: TextLayout.Family) -> OpaquePointer {
        let key = Key(bold: bold, size: size, family: family)
        if let font = fonts[key] { return font }
        if fonts.count >= Self.keptFontSizes { forgetFonts() }
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, family.rawValue)
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        fonts[key] = font
        return font
    }

    /// Drops every kept line (each holds its font) and font description, and clears the font map's caches of
    /// fontsets, fonts and patterns, so that the fonts no layout holds any more are freed. The font map's serial
    /// changes with it; the contexts stay, with their transformations.
    private func forgetFonts() {
        kept.removeAll()
        for font in fonts.values { pango_font_description_free(font) }
        fonts.removeAll()
        pango_fc_font_map_cache_clear(OpaquePointer(fontMap))
        fontsForgotten += 1
    }

    /// Makes the context of `cr`'s transformation and target the current one: a kept one that is up to date with
    /// them, else the one not yet used, else a new one (dropping the least recently used beyond `keptContexts`, and
    /// its lines). `pango_cairo_update_context` marks a context changed, and so its kept lines stale, even when
    /// nothing differs, so it is called only for a context's first target. Image surfaces of any size have the same
    /// font options, and no renderer sets any on `cr`.
    func update(for cr: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let type = cairo_surface_get_type(cairo_get_target(cr))
        if current.isUpToDate(with: matrix, type) { return }
        let index =
            contexts.firstIndex { $0.isUpToDate(with: matrix, type) } ?? contexts.firstIndex { $0.target == nil }
        let found: TextContext
        if let index {
            found = contexts.remove(at: index)
        } else {
            found = TextContext(fontMap, id: contextsMade)
            contextsMade += 1
            if contexts.count >= Self.keptContexts {
                let dropped = contexts.removeLast()
                for key in kept.keys where key.context == dropped.id { kept[key] = nil }
            }
        }
        if found.target == nil {
            pango_cairo_update_context(cr, found.context)
            found.target = (matrix, type)
        }
        contexts.insert(found, at: 0)
    }

    /// `text` laid out in one line: a kept layout when this thread laid the same line out under the context as it
    /// is now, else a fresh layout (kept for next time when the text is short).
    func laidOut(
        _ text: String, bold: Bool, size: Double, spacing: Double, family: TextLayout.Family = .sans
    ) -> KeptLine {
        let serial = pango_context_get_serial(current.context)
        guard text.utf8.count <= Self.keptTextBytes else {
            let font = font(bold: bold, size: size, family: family)
            let scratch = current.scratch
            scratch.line = layout(scratch.layout, text, font: font, spacing: spacing)
            return scratch
        }
        let key = LineKey(
            text: text, bold: bold, size: size, family: family, spacing: spacing, context: current.id)
        uses += 1
        let found = kept[key]
        if let found {
            found.lastUse = uses
            if found.serial == serial { return found }
        }
        // A miss. The font first: a size over `keptFontSizes` forgets every kept line, this one's too.
        let forgotten = fontsForgotten
        let font = font(bold: bold, size: size, family: family)
        let entry: KeptLine
        if let found, fontsForgotten == forgotten {
            entry = found
        } else if kept.count >= Self.keptLines, let oldest = kept.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            // A pass over the table is far less than the layout that follows it. The oldest line gives its layout
            // to this text when it was laid out in the same context.
            let old = kept.removeValue(forKey: oldest.key)!
            entry = oldest.key.context == current.id ? old : KeptLine(current.context)
            kept[key] = entry
        } else {
            entry = KeptLine(current.context)
            kept[key] = entry
        }
        entry.lastUse = uses
        entry.line = layout(entry.layout, text, font: font, spacing: spacing)
        entry.serial = fontsForgotten == forgotten ? serial : pango_context_get_serial(current.context)
        return entry
    }

    private func layout(
        _ layout: OpaquePointer, _ text: String, font: OpaquePointer, spacing: Double
    ) -> TextLayout.Line {
        layoutsMade += 1
        pango_layout_set_font_description(layout, font)
        if spacing != 0 {
            let attributes = pango_attr_list_new()!
            pango_attr_list_insert(
                attributes, pango_attr_letter_spacing_new(Int32((spacing * Double(PANGO_SCALE)).rounded())))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        } else {
            pango_layout_set_attributes(layout, nil)
        }
        pango_layout_set_text(layout, text, -1)
        onOneBaseline(layout)
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        var line = TextLayout.Line(width: Double(logical.width) / scale, ascent: baseline)
        line.inkAbove = baseline - Double(ink.y) / scale
        line.inkBelow = Double(ink.y + ink.height) / scale - baseline
        return line
    }

    /// Puts every run of the layout on the line's alphabetic baseline, where a browser puts SVG text in every font
    /// (`dominant-baseline: auto`). Pango aligns the runs of a line on the baseline of its first run's script
    /// instead, from each font's BASE table: after Chinese, Japanese or Korean (Noto Sans CJK) the DejaVu digits
    /// would rise by 0.03 to 0.05 em, 0.6 px in a 128 px ring's label, a whole row once Cairo rounds the glyphs'
    /// origins. Labels set no baseline shift or rise, so a run's vertical offset holds nothing else; and
    /// `pango_layout_get_lines` (not its read-only twin) is Pango's way to change laid-out lines: their extents are
    /// measured after the change.
    private func onOneBaseline(_ layout: OpaquePointer) {
        var lines = pango_layout_get_lines(layout)
        while let node = lines {
            var runs = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let run = runs {
                run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.y_offset = 0
                runs = run.pointee.next
            }
            lines = node.pointee.next
        }
    }
}
