/// A label cut into runs of emoji and runs of other text, so that an SVG can name color emoji fonts for the emoji
/// alone.
///
/// A character is an emoji when it asks for emoji presentation as Pango's itemizer reads it, which draws it from a
/// color font in our PNGs: a character whose default is emoji presentation (🚀, ⚡, a flag's regional indicators),
/// or an emoji followed by U+FE0F (❤️, keycaps such as 1️⃣), by a skin tone (✌🏽) or by a zero-width joiner into a
/// sequence (🏳️‍🌈). An emoji followed by U+FE0E asks for text presentation and is text; so are digits, `#`, `©`
/// and the symbols whose default is text presentation (❤, ✔) when nothing follows them.
enum EmojiRuns {
    /// One run: a slice of the text and whether it is emoji.
    struct Run: Equatable {
        let text: Substring
        let isEmoji: Bool
    }

    /// The runs of `text` in order, neighbouring characters of the same kind together; empty for empty text.
    static func split(_ text: String) -> [Run] {
        var runs: [Run] = []
        var start = text.startIndex
        var startIsEmoji = false
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let emoji = isEmoji(text[index])
            if index == start {
                startIsEmoji = emoji
            } else if emoji != startIsEmoji {
                runs.append(Run(text: text[start..<index], isEmoji: startIsEmoji))
                start = index
                startIsEmoji = emoji
            }
            index = next
        }
        if start < text.endIndex { runs.append(Run(text: text[start...], isEmoji: startIsEmoji)) }
        return runs
    }

    /// Whether any character of `text` is an emoji; ASCII text never holds one, and is answered without a look at
    /// its characters.
    static func containsEmoji(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return text.contains(where: isEmoji)
    }

    /// Whether `character` (a grapheme cluster) asks for emoji presentation.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        var asksForEmoji = first.properties.isEmojiPresentation
        for scalar in scalars.dropFirst() {
            switch scalar {
            case "\u{FE0E}": return false
            case "\u{FE0F}", "\u{200D}": asksForEmoji = true
            default: if scalar.properties.isEmojiModifier { asksForEmoji = true }
            }
        }
        return asksForEmoji
    }
}
