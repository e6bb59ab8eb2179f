extension MarkupWriter {
    /// The font list of a label's emoji: the color emoji fonts of Apple, Windows, Android and Linux (Noto Color
    /// Emoji, which our PNGs draw them with) and Firefox's own, before the label's fonts. Named for the emoji alone:
    /// Noto Color Emoji also maps digits, `#` and `*`, for keycaps, so named first for a whole label it would draw
    /// them too.
    static let emojiFontFamily: StaticString =
        "Apple Color Emoji,Segoe UI Emoji,Noto Color Emoji,Twemoji Mozilla,Verdana,DejaVu Sans,sans-serif"

    /// The content of a label's `<text>` or `<tspan>`, escaped, each run of emoji (see `EmojiRuns`) in a `<tspan>`
    /// of `emojiFontFamily`. A browser otherwise takes an emoji whose default is emoji presentation (⚡, ☕) from the
    /// first font that has it, DejaVu Sans's black-and-white glyph, where our PNG draws it in color. Text without
    /// emoji is written as `escaped` writes it, byte for byte.
    mutating func labelContent(_ text: String) {
        guard EmojiRuns.containsEmoji(text) else {
            escaped(text)
            return
        }
        for run in EmojiRuns.split(text) {
            if run.isEmoji {
                raw("<tspan font-family=\"")
                raw(Self.emojiFontFamily)
                raw("\">")
                escaped(String(run.text))
                raw("</tspan>")
            } else {
                escaped(String(run.text))
            }
        }
    }
}
