/// Text that came from a request or from an upstream answer, made safe to put in a message: a header, a log line,
/// an image. The same rules as the image parameters' messages: at most `limit` characters then `…`; control,
/// format, private-use, unassigned and line-breaking characters written visibly as `\u{1b}`; `\` as `\\`.
enum LiveText {
    /// How many characters of a request's value a message shows.
    static let shownLength = 40
    /// How many characters of a URL a fetch error shows: enough for `https://host/path` in most READMEs.
    static let urlLength = 80

    static func shown(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        display(text, quoting: false, limit: limit)
    }

    /// `shown(text)` in double quotes, with `"` inside escaped as `\"`.
    static func quoted(_ text: some StringProtocol, limit: Int = shownLength) -> String {
        "\"" + display(text, quoting: true, limit: limit) + "\""
    }

    /// Seconds as a person writes them: `2.5`, `3`, `0.25`.
    static func seconds(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(Double((value * 1000).rounded()) / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private static func display(_ text: some StringProtocol, quoting: Bool, limit: Int) -> String {
        // Printable ASCII with nothing to escape (a canonical URL, most paths) is only cut to length.
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
