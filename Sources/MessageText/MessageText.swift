/// Text that came from a request, a configuration or an upstream answer, made safe to put in a message: a header, a
/// log line, an image. At most `limit` characters then `…`; control, format, private-use, unassigned and
/// line-breaking characters written visibly as `\u{1b}`; `\` as `\\`, so that an escape in a message always means an
/// escape. The image parameters' refusals (`ParameterError`) and the live values' (`LiveText`) both write it so.
public enum MessageText {
    /// How many characters of a value a message shows before it cuts the rest to `…`.
    public static let shownLength = 40

    /// Whether `a` and `b` differ by one edit (a character added, removed or replaced, or two neighbours swapped),
    /// or only in letter case.
    public static func isOneEditApart(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased().utf8)
        let y = Array(b.lowercased().utf8)
        if x == y { return a != b }
        guard abs(x.count - y.count) <= 1 else { return false }
        var i = 0
        while i < min(x.count, y.count) && x[i] == y[i] { i += 1 }
        if x.count == y.count {
            let swapped = i + 1 < x.count && x[i] == y[i + 1] && x[i + 1] == y[i] && x[(i + 2)...] == y[(i + 2)...]
            return swapped || x[(i + 1)...] == y[(i + 1)...]
        }
        return x.count > y.count ? x[(i + 1)...] == y[i...] : x[i...] == y[(i + 1)...]
    }

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
