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
        a != b && edits(from: a, to: b, limit: 1) != nil
    }

    /// The edits (a character added, removed or replaced, two neighbours swapped) that turn `a` into `b`, letter case
    /// aside, when there are at most `limit`; `nil` beyond. Names whose lengths differ by more than `limit` are not
    /// compared at all, so a long name from a request costs nothing against short known ones.
    public static func edits(from a: String, to b: String, limit: Int) -> Int? {
        let x = Array(a.lowercased().unicodeScalars)
        let y = Array(b.lowercased().unicodeScalars)
        guard abs(x.count - y.count) <= limit else { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        // Optimal string alignment distance: three rows of the table are all it reads.
        var previous = [Int](repeating: 0, count: y.count + 1)
        var row = Array(0...y.count)
        var next = row
        for i in 1...x.count {
            next[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] { d = min(d, previous[j - 2] + 1) }
                next[j] = d
            }
            (previous, row, next) = (row, next, previous)
        }
        return row[y.count] <= limit ? row[y.count] : nil
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
