import Testing

@testable import RingKit

/// Labels' emoji in their own runs, written in SVG inside a `<tspan>` that names color emoji fonts first, so a browser
/// draws in color what our PNG (Pango) draws in color; text without emoji written byte for byte as before.
struct EmojiRunsTests {
    static let emojiTspan = "<tspan font-family=\"\(MarkupWriter.emojiFontFamily)\">"

    /// Characters that ask for emoji presentation: emoji by default (those DejaVu Sans also has in black and white
    /// among them), an emoji with U+FE0F, a keycap, a skin tone, joined sequences, flags and a tag sequence.
    @Test(arguments: [
        "🚀", "⚡", "☕", "⭐", "✅", "❤\u{FE0F}", "✔\u{FE0F}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}",
        "✌\u{1F3FD}", "👍\u{1F3FF}", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "🇩🇪", "🇩",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    ])
    func emojiPresentationIsAnEmoji(_ text: String) {
        #expect(text.count == 1)
        #expect(EmojiRuns.isEmoji(Character(text)))
    }

    /// Characters drawn as text: letters, digits, `#` and `©` (Emoji, but text by default), symbols whose default is
    /// text presentation without U+FE0F, an emoji with U+FE0E, letters with marks, other scripts.
    @Test(arguments: [
        "a", "1", "#", "*", "©", "™", "❤", "✔", "☀", "⚡\u{FE0E}", "❤\u{FE0E}", "e\u{0302}", "进", "ה", " ",
    ])
    func textPresentationIsText(_ text: String) {
        #expect(text.count == 1)
        #expect(!EmojiRuns.isEmoji(Character(text)))
    }

    /// Neighbouring emoji make one run, text between them another, in order.
    @Test func splitsTextIntoEmojiAndTextRuns() {
        func runs(_ text: String) -> [String] {
            EmojiRuns.split(text).map { ($0.isEmoji ? "E:" : "T:") + $0.text }
        }
        #expect(runs("⚡ 72%") == ["E:⚡", "T: 72%"])
        #expect(runs("done ✔\u{FE0F}") == ["T:done ", "E:✔\u{FE0F}"])
        #expect(runs("a🚀🇩🇪b") == ["T:a", "E:🚀🇩🇪", "T:b"])
        #expect(runs("1\u{FE0F}\u{20E3} of 3") == ["E:1\u{FE0F}\u{20E3}", "T: of 3"])
        #expect(runs("✅ 72% 👨\u{200D}👩\u{200D}👧") == ["E:✅", "T: 72% ", "E:👨\u{200D}👩\u{200D}👧"])
        #expect(runs("❤ 72%") == ["T:❤ 72%"])
        #expect(runs("") == [])
    }

    /// A label without emoji is written exactly as `escaped` writes it, so existing images keep their bytes and
    /// their ETags.
    @Test(arguments: [
        "72%", "Tasks <done> & \"more\"", "התקדמות 72%", "进度 72%", "© 2026 ™", "❤ 72%", "⚡\u{FE0E} 72%", "1 # *",
        "Tie\u{0302}\u{0301}n", "a\u{0}b", "",
    ])
    func textWithoutEmojiIsWrittenAsBefore(_ text: String) {
        var content = MarkupWriter(capacity: 64)
        content.labelContent(text)
        var escaped = MarkupWriter(capacity: 64)
        escaped.escaped(text)
        #expect(content.bytes == escaped.bytes)
    }

    /// Each emoji run is escaped inside its own `<tspan>`; the text around it is escaped as before.
    @Test func emojiRunsAreWrittenInAnEmojiFontSpan() {
        var w = MarkupWriter(capacity: 64)
        w.labelContent("<⚡> 1\u{FE0F}\u{20E3}")
        #expect(
            String(decoding: w.bytes, as: UTF8.self)
                == "&lt;\(Self.emojiTspan)⚡</tspan>&gt; \(Self.emojiTspan)1\u{FE0F}\u{20E3}</tspan>")
    }

    /// Every kind writes its label's emoji in the emoji font span: a ring (on one line and wrapped on two), a bar, a
    /// sparkline and a badge's label and message.
    @Test func everyKindWritesEmojiInTheEmojiFontSpan() throws {
        let lightning = "label=%E2%9A%A1%20%7Bvalue%7D%25"
        let documents = [
            try SVGRenderer.render(RingSpec.parse(query: "value=72&" + lightning)),
            try SVGRenderer.render(RingSpec.parse(query: "value=72&size=96&label=%E2%9A%A1%20tasks%20done%20today")),
            try BarRenderer.svg(BarSpec.parse(query: "value=72&" + lightning)),
            try SparkRenderer.svg(SparkSpec.parse(query: "points=3,5,4,8&" + lightning)),
            try BadgeRenderer.svg(BadgeSpec.parse(query: "value=72&label=%E2%9A%A1%20build")),
            try BadgeRenderer.svg(BadgeSpec.parse(query: "value=1&max=1&map=1:%E2%9A%A1%20up:green")),
        ].map { String(decoding: $0, as: UTF8.self) }
        for document in documents {
            #expect(document.contains(Self.emojiTspan + "⚡</tspan>"), "\(document)")
        }
        // The wrapped ring's line, inside its own line's tspan.
        #expect(documents[1].contains("\">\(Self.emojiTspan)⚡</tspan> tasks</tspan>"), "\(documents[1])")
    }
}
