import MessageText

/// Text that came from a request or from an upstream answer, made safe to put in a message (`MessageText`'s rules,
/// with the live values' lengths), and seconds as a person writes them.
enum LiveText {
    /// How many characters of a request's value a message shows.
    static let shownLength = MessageText.shownLength
    /// How many characters of a URL a fetch error shows: enough for `https://host/path` in most READMEs.
    static let urlLength = 80

    static func shown(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        MessageText.shown(text, limit: limit)
    }

    /// `shown(text)` in double quotes, with `"` inside escaped as `\"`.
    static func quoted(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        MessageText.quoted(text, limit: limit)
    }

    /// Seconds as a person writes them: `2.5`, `3`, `0.25`.
    static func seconds(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(Double((value * 1000).rounded()) / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
