/// A configured PromQL query with `$name` placeholders, each inside a quoted string
/// (`node_filesystem_avail_bytes{instance="$instance", mountpoint="$mountpoint"}`), read once at start-up.
///
/// A request's value for a placeholder is written into the string it sits in with that string's escapes, so it is
/// always string content and never query text: whatever the value holds (quotes, backslashes, `}`, `or`), the query's
/// shape is the configured one. A `$` outside a string, or a placeholder inside a raw (backquoted) string, which has
/// no escapes, is refused at start-up.
struct PromQLTemplate: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case text(String)
        /// A placeholder inside a string quoted by `quote` (`"` or `'`).
        case placeholder(name: String, quote: UInt8)
    }

    let pieces: [Piece]

    /// The placeholders' names, in the order they first appear.
    var names: [String] {
        var seen: [String] = []
        for case .placeholder(let name, _) in pieces where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// Reads `query`, where `isParameter` says which `$name`s are placeholders. A failure says what is wrong and
    /// where (`$instance sits outside a quoted string`).
    static func parse(_ query: String, isParameter: (String) -> Bool) -> Result<PromQLTemplate, Refusal> {
        let bytes = Array(query.utf8)
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var quote: UInt8? = nil
        var i = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        while i < bytes.count {
            let b = bytes[i]
            if let open = quote {
                if b == UInt8(ascii: "\\") && open != UInt8(ascii: "`") && i + 1 < bytes.count {
                    text += bytes[i...(i + 1)]
                    i += 2
                    continue
                }
                if b == open { quote = nil }
                if b == UInt8(ascii: "$"), let (name, end) = placeholder(bytes, at: i) {
                    guard isParameter(name) else {
                        return .failure(
                            "query: $\(name) names no declared parameter (declare it in \"parameters\", with its pattern)"
                        )
                    }
                    guard open != UInt8(ascii: "`") else {
                        return .failure(
                            "query: $\(name) sits in a backquoted string, which has no escapes (accepted: \"…\" or '…')"
                        )
                    }
                    flush()
                    pieces.append(.placeholder(name: name, quote: open))
                    i = end
                    continue
                }
                text.append(b)
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                quote = b
            case UInt8(ascii: "#"):
                // A comment runs to the end of the line: kept as written, and no placeholder lives in it.
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") {
                    text.append(bytes[i])
                    i += 1
                }
                continue
            case UInt8(ascii: "$"):
                let name = placeholder(bytes, at: i).map { "$" + $0.name } ?? "$"
                return .failure(
                    Refusal(
                        reason: "query: \(name) sits outside a quoted string (accepted: a placeholder inside \"…\" "
                            + "or '…', where its value is string content)"))
            default:
                break
            }
            text.append(b)
            i += 1
        }
        guard quote == nil else { return .failure("query: a quoted string is not closed") }
        flush()
        return .success(PromQLTemplate(pieces: pieces))
    }

    /// The name of the placeholder at `bytes[start]` (`$name` or `${name}`) and the index after it; nil where the
    /// `$` starts none (a regular expression's end anchor, `"…$"`).
    private static func placeholder(_ bytes: [UInt8], at start: Int) -> (name: String, end: Int)? {
        var i = start + 1
        let braced = i < bytes.count && bytes[i] == UInt8(ascii: "{")
        if braced { i += 1 }
        guard i < bytes.count, isHead(bytes[i]) else { return nil }
        let first = i
        while i < bytes.count && isTail(bytes[i]) { i += 1 }
        let name = String(decoding: bytes[first..<i], as: UTF8.self)
        if braced {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "}") else { return nil }
            i += 1
        }
        return (name, i)
    }

    /// Whether `text` is a name a placeholder can hold: a letter or `_`, then letters, digits and `_`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isHead(first) else { return false }
        return text.utf8.allSatisfy(isTail)
    }

    private static func isHead(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b == UInt8(ascii: "_")
    }

    private static func isTail(_ b: UInt8) -> Bool { isHead(b) || (b >= 0x30 && b <= 0x39) }

    /// The query with each placeholder replaced by `values[name]`, escaped for the string it sits in. Every name of
    /// `names` must have a value (the caller checked them).
    func promQL(_ values: [String: String]) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .placeholder(let name, let quote): out += Self.escaped(values[name] ?? "", in: quote)
            }
        }
        return out
    }

    /// `value` as the content of a PromQL string quoted by `quote`: backslashes and the quote escaped, control
    /// characters written as escapes (Go's string rules, which PromQL's lexer follows).
    static func escaped(_ value: String, in quote: UInt8) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value == UInt32(quote) {
                    out += "\\" + String(scalar)
                } else if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
