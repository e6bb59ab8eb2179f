/// Text that came from a request, a configuration or an upstream answer, made safe to put in a message: a header, a
/// log line, an image. At most `limit` characters then `…`; control, format, private-use, unassigned and
/// line-breaking characters written visibly as `\u{1b}`; `\` as `\\`, so that an escape in a message always means an
/// escape. The image parameters' refusals (`ParameterError`) and the live values' (`LiveText`) both write it so.
public enum MessageText {
    /// How many characters of a value a message shows before it cuts the rest to `…`.
    public static let shownLength = 40

    public static func shown(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        display(text, quoting: false, limit: limit)
    }

    /// `shown(text)` in double quotes, with `"` inside escaped as `\"`: the form for text that is not a number,
    /// e.g. `color: "purplish" is not a color`.
    public static func quoted(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        "\"" + display(text, quoting: true, limit: limit) + "\""
    }

    private static func display(_ text: some StringProtocol, quoting: Bool, limit: Int) -> String {
        // Printable ASCII with nothing to escape (a canonical URL, most values) is only cut to length.
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f && $0 != 0x5c && !(quoting && $0 == 0x22) }
        if plain {
            return text.utf8.count <= limit ? String(text) : String(text.prefix(limit)) + "…"
        }
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                piece = "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                piece = scalar == "\\" || (quoting && scalar == "\"") ? "\\" + String(scalar) : String(scalar)
            }
            let pieceLength = piece.unicodeScalars.count
            guard length + pieceLength <= limit else {
                out += "…"
                break
            }
            out += piece
            length += pieceLength
        }
        return out
    }
}
