extension ParameterError {
    /// How many characters of a value a message shows before it cuts the rest to `…`.
    public static let shownLength = 40

    /// `text` made safe to put in a header, a log line and an image: at most `shownLength` characters then `…`,
    /// control, format, private-use, unassigned and line-breaking characters written visibly as `\u{1b}`, and `\`
    /// as `\\`, so that an escape in a message always means an escape.
    public static func shown(_ text: some StringProtocol) -> String { display(text, quoting: false) }

    /// `shown(text)` in double quotes, with `"` inside escaped as `\"`: the form for text that is not a number,
    /// e.g. `color: "purplish" is not a color`.
    public static func quoted(_ text: some StringProtocol) -> String { "\"" + display(text, quoting: true) + "\"" }

    private static func display(_ text: some StringProtocol, quoting: Bool) -> String {
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                piece = "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                if scalar == "\\" || (quoting && scalar == "\"") {
                    piece = "\\" + String(scalar)
                } else {
                    piece = String(scalar)
                }
            }
            let pieceLength = piece.unicodeScalars.count
            guard length + pieceLength <= shownLength else {
                out += "…"
                break
            }
            out += piece
            length += pieceLength
        }
        return out
    }
}
