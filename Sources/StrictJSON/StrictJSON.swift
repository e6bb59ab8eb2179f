/// Checks that a configuration file is strict JSON (RFC 8259) with no key given twice in one object, and says where
/// it is not: Foundation's decoders accept a trailing comma and silently keep one of two equal keys, and a setting
/// that is not what the operator wrote must stop start-up instead. It checks, and notes the order keys were written
/// in (which `JSONDecoder` does not keep); the bytes are then decoded with `JSONDecoder` (`ConfigJSON.read`).
public struct StrictJSON {
    /// Where the text breaks the rules: a line (from 1) and what is wrong there.
    public struct Problem: Error, Equatable {
        public let line: Int
        public let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The keys of the objects the scanner is inside, innermost last: what a problem names.
    private var keys: [String] = []
    /// The path of the value being scanned from the root, as `JSONDecoder`'s coding path names it: object keys,
    /// and `Index N` for array elements.
    private var path: [String] = []
    /// Each object's keys in the order written, by the object's path.
    private var order: [[String]: [String]] = [:]

    /// Throws the first problem of `data`, if any; otherwise returns each object's keys in the order written, by
    /// the object's path from the root (keys as written: one with an escape is spelled with it).
    @discardableResult
    public static func check(_ data: [UInt8]) throws(Problem) -> [[String]: [String]] {
        var scanner = StrictJSON(bytes: data)
        scanner.skipSpace()
        try scanner.value(depth: 0)
        scanner.skipSpace()
        guard scanner.index == scanner.bytes.count else { throw scanner.problem("text after the end of the document") }
        return scanner.order
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func problem(_ message: String, line: Int? = nil) -> Problem {
        let line = line ?? self.line
        guard let key = keys.last else { return Problem(line: line, message: message) }
        return Problem(line: line, message: "\(message), at key \(Self.quoted(key))")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
            if b == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
        guard current == byte else { throw problem("expected \(what)") }
        index += 1
    }

    private mutating func value(depth: Int) throws(Problem) {
        guard depth < 64 else { throw problem("nesting deeper than 64 levels") }
        switch current {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): try number()
        case nil: throw problem("the document ends where a value was expected")
        default:
            throw problem(
                "expected a value (a string in double quotes, a number, an object, an array, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(Problem) {
        index += 1
        skipSpace()
        var seen: Set<String> = []
        var written: [String] = []
        defer { order[path] = written }
        var previous: String? = nil
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}"), let previous {
                    throw problem(
                        "a comma after the value of \(Self.quoted(previous)) before } "
                            + "(trailing commas are not JSON)")
                }
                throw problem("expected a key in double quotes")
            }
            let keyLine = line
            let key = try string()
            guard seen.insert(key).inserted else {
                throw problem("key \(Self.quoted(key)) given twice in one object", line: keyLine)
            }
            written.append(key)
            keys.append(key)
            skipSpace()
            try expect(UInt8(ascii: ":"), ": after the key")
            skipSpace()
            path.append(key)
            try value(depth: depth + 1)
            path.removeLast()
            skipSpace()
            if current == UInt8(ascii: ",") {
                keys.removeLast()
                previous = key
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), ", or } after the value")
            keys.removeLast()
            return
        }
    }

    private mutating func array(depth: Int) throws(Problem) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        var position = 0
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw problem("a comma before ] (trailing commas are not JSON)") }
            path.append("Index \(position)")
            try value(depth: depth + 1)
            path.removeLast()
            position += 1
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), ", or ] after the value")
            return
        }
    }

    /// A string's text, with escapes checked (not decoded: a key is compared as written, which JSON's `\u` forms of
    /// one key could hide, and Foundation then decodes both; good enough to catch a key pasted twice).
    private mutating func string() throws(Problem) -> String {
        index += 1
        let start = index
        while let b = current {
            switch b {
            case UInt8(ascii: "\""):
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    let hex = bytes[Swift.min(index + 1, bytes.count)..<Swift.min(index + 5, bytes.count)]
                    guard hex.count == 4, hex.allSatisfy({ Self.isHex($0) }) else {
                        throw problem("\\u must be followed by four hex digits")
                    }
                    index += 5
                } else if "\"\\/bfnrt".utf8.contains(escaped) {
                    index += 1
                } else {
                    // Named by its code, not written out: the byte may be a line break or not be text at all.
                    let code = String(escaped, radix: 16, uppercase: true)
                    throw problem(
                        "unknown escape: a backslash before byte 0x\(code.count == 1 ? "0" : "")\(code) in a string")
                }
            case 0x00..<0x20:
                throw problem("a control character inside a string (write it as \\n, \\t or \\u00XX)")
            default:
                index += 1
            }
        }
        throw problem("a string that never ends")
    }

    private mutating func literal(_ word: String) throws(Problem) {
        for expected in word.utf8 {
            guard current == expected else { throw problem("expected \(word)") }
            index += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`
    private mutating func number() throws(Problem) {
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw problem("a number needs a digit after -") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, Self.isDigit(next) {
            throw problem("a number may not start with 0 (write 8080, not 08080)")
        }
        while let b = current, Self.isDigit(b) { index += 1 }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let b = current, Self.isDigit(b) else { throw problem("a number needs digits after its point") }
            while let b = current, Self.isDigit(b) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let b = current, Self.isDigit(b) else { throw problem("a number needs digits in its exponent") }
            while let b = current, Self.isDigit(b) { index += 1 }
        }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
    }

    /// `s` as a JSON string, quotes included: `"`, `\\` and control characters escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A value shown in a message: quoted, control characters escaped, at most 60 characters.
    public static func quoted(_ s: String) -> String {
        let short = s.count > 60 ? String(s.prefix(60)) + "…" : s
        return string(short)
    }
}
