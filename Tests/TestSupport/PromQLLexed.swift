/// A PromQL text split as Prometheus' lexer splits it: the code between strings, and each string's content with its
/// escapes read (Go's rules). Nil where a string is not closed or an escape is unknown. Written apart from the
/// server's `PromQLTemplate`, so that it checks what the server sends.
public struct PromQLLexed {
    public var code: [String] = []
    public var strings: [String] = []

    public init?(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        var current = ""
        while let c = scalars.popFirst() {
            guard c == "\"" || c == "'" || c == "`" else {
                current.unicodeScalars.append(c)
                continue
            }
            code.append(current)
            current = ""
            var content = String.UnicodeScalarView()
            var closed = false
            while let d = scalars.popFirst() {
                if d == c {
                    closed = true
                    break
                }
                guard d == "\\" && c != "`" else {
                    content.append(d)
                    continue
                }
                guard let e = scalars.popFirst() else { return nil }
                switch e {
                case "\\", "\"", "'": content.append(e)
                case "n": content.append("\n")
                case "r": content.append("\r")
                case "t": content.append("\t")
                case "x":
                    guard scalars.count >= 2,
                        let v = UInt32(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16)
                    else { return nil }
                    scalars = scalars.dropFirst(2)
                    content.append(Unicode.Scalar(v)!)
                default: return nil
                }
            }
            guard closed else { return nil }
            strings.append(String(content))
        }
        code.append(current)
    }
}
