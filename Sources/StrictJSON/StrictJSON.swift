/// Reads strict JSON (RFC 8259) in one pass into a `JSONValue`, and says where the text breaks the rules: no trailing
/// comma, no key given twice in one object, no text after the end, at most 64 levels of nesting, strings of UTF-8.
/// Foundation's decoders accept a trailing comma and silently keep one of two equal keys; a setting that is not what
/// the operator wrote must stop start-up instead, and a pushed body or a live document that says two things is not
/// read as one of them. Settings files, pushed bodies and live documents are all read by it.
public struct StrictJSON {
    /// Where the text breaks the rules: a line (from 1) and what is wrong there.
    public struct Problem: Error, Equatable {
        public let line: Int
        public let message: String
    }

    /// How deep arrays and objects may nest: deeper is refused before the stack is at risk.
    public static let depthLimit = 64

    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The keys of the objects the scanner is inside, innermost last: what a problem names.
    var keys: [String] = []

    /// The document in `data`, or the first problem in it. Any top-level value is a document (`42` is one).
    public static func parse(_ data: [UInt8]) throws(Problem) -> JSONValue {
        var scanner = StrictJSON(bytes: data)
        scanner.skipSpace()
        let document = try scanner.value(depth: 0)
        scanner.skipSpace()
        guard scanner.index == scanner.bytes.count else { throw scanner.problem("text after the end of the document") }
        return document
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func problem(_ message: String, line: Int? = nil) -> Problem {
        let line = line ?? self.line
        guard let key = keys.last else { return Problem(line: line, message: message) }
        return Problem(line: line, message: "\(message), at key \(Self.quoted(key))")
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
            if b == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
        guard current == byte else { throw problem("expected \(what)") }
        index += 1
    }

    private mutating func value(depth: Int) throws(Problem) -> JSONValue {
        guard depth < Self.depthLimit else { throw problem("nesting deeper than \(Self.depthLimit) levels") }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): return .number(try number())
        case nil: throw problem("the document ends where a value was expected")
        default:
            throw problem(
                "expected a value (a string in double quotes, a number, an object, an array, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(Problem) -> JSONValue {
        index += 1
        skipSpace()
        var members: [JSONValue.Member] = []
        // Small objects are searched for a key given twice; larger ones keep a set.
        var seen: Set<String>? = nil
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}"), let previous = members.last?.key {
                    throw problem(
                        "a comma after the value of \(Self.quoted(previous)) before } "
                            + "(trailing commas are not JSON)")
                }
                throw problem("expected a key in double quotes")
            }
            let keyLine = line
            let key = try string()
            if seen == nil && members.count >= 16 { seen = Set(members.map(\.key)) }
            let twice = seen.map { $0.contains(key) } ?? members.contains { $0.key == key }
            if twice { throw problem("key \(Self.quoted(key)) given twice in one object", line: keyLine) }
            seen?.insert(key)
            keys.append(key)
            skipSpace()
            try expect(UInt8(ascii: ":"), ": after the key")
            skipSpace()
            members.append(JSONValue.Member(key: key, value: try value(depth: depth + 1)))
            skipSpace()
            if current == UInt8(ascii: ",") {
                keys.removeLast()
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), ", or } after the value")
            keys.removeLast()
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Problem) -> JSONValue {
        index += 1
        skipSpace()
        var items: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw problem("a comma before ] (trailing commas are not JSON)") }
            items.append(try value(depth: depth + 1))
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), ", or ] after the value")
            return .array(items)
        }
    }

    private mutating func literal(_ word: String) throws(Problem) {
        for expected in word.utf8 {
            guard current == expected else { throw problem("expected \(word)") }
            index += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as written.
    private mutating func number() throws(Problem) -> JSONNumber {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw problem("a number needs a digit after -") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, Self.isDigit(next) {
            throw problem("a number may not start with 0 (write 8080, not 08080)")
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            index += 1
            guard let b = current, Self.isDigit(b) else { throw problem("a number needs digits after its point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let b = current, Self.isDigit(b) else { throw problem("a number needs digits in its exponent") }
            skipDigits()
        }
        return JSONNumber(checkedText: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
