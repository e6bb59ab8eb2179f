extension JSONPath {
    /// Reads `text`; the failure is the reason, to follow the quoted text in a message.
    static func parse(_ text: String) -> Result<JSONPath, Refusal> {
        guard !text.isEmpty else { return .failure("is empty (\(accepted))") }
        guard text.utf8.count <= maxLength else { return .failure("is longer than \(maxLength) bytes") }
        var scanner = Scanner(bytes: Array(text.utf8))
        var steps: [Step] = []
        if scanner.peek == UInt8(ascii: "$") {
            scanner.position += 1
        } else {
            // `a.b` is `$.a.b`.
            guard let name = scanner.name() else { return .failure(scanner.problem("a name or $")) }
            steps.append(.key(name))
        }
        while let c = scanner.peek {
            guard steps.count < maxSteps else { return .failure("has more than \(maxSteps) steps") }
            if c == UInt8(ascii: ".") {
                scanner.position += 1
                if scanner.peek == UInt8(ascii: ".") { return .failure("uses .., which is not read (\(accepted))") }
                if scanner.peek == UInt8(ascii: "*") {
                    return .failure("uses a wildcard, which is not read (\(accepted))")
                }
                guard let name = scanner.name() else { return .failure(scanner.problem("a name")) }
                steps.append(.key(name))
            } else if c == UInt8(ascii: "[") {
                scanner.position += 1
                if let index = scanner.index() {
                    steps.append(.index(index))
                } else if let key = scanner.quoted() {
                    steps.append(.key(key))
                } else {
                    return .failure(scanner.problem("an index such as [0] or a quoted key such as ['a.b']"))
                }
                guard scanner.peek == UInt8(ascii: "]") else { return .failure(scanner.problem("]")) }
                scanner.position += 1
            } else {
                return .failure(scanner.problem(". or ["))
            }
        }
        return .success(JSONPath(steps: steps))
    }

    /// Reads UTF-8 bytes: every delimiter is ASCII, so names and keys are sliced whole, never built scalar by scalar.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        func problem(_ expected: String) -> Refusal {
            let before = String(decoding: bytes[..<position], as: UTF8.self)
            let rest = String(decoding: bytes[position...], as: UTF8.self)
            let found = rest.unicodeScalars.first.map { "found \(LiveText.quoted(String($0)))" } ?? "it ends"
            let at = before.unicodeScalars.count + 1
            return
                "is not a path this server reads: \(expected) expected at character \(at), \(found) (\(JSONPath.accepted))"
        }

        /// A name, up to the first byte no name may hold (`.` and `[` included); nil when empty. Bytes of non-ASCII
        /// characters are name bytes.
        mutating func name() -> String? {
            let start = position
            while let b = peek, b >= 0x80 || (b != UInt8(ascii: ".") && b != UInt8(ascii: "[") && isNameByte(b)) {
                position += 1
            }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private func isNameByte(_ b: UInt8) -> Bool {
            JSONPath.isNameScalar(Unicode.Scalar(b))
        }

        /// Decimal digits (at most 9); nil, at the same position, when there are none.
        mutating func index() -> Int? {
            let start = position
            var value = 0
            while let b = peek, b >= 0x30 && b <= 0x39, position - start < 9 {
                value = value * 10 + Int(b - 0x30)
                position += 1
            }
            return position > start ? value : nil
        }

        /// `'…'` or `"…"` with `\` escaping the quote and itself; nil, at the same position, when absent or open.
        mutating func quoted() -> String? {
            guard let quote = peek, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return nil }
            let start = position
            position += 1
            var key: [UInt8] = []
            while let b = peek {
                position += 1
                if b == quote { return String(decoding: key, as: UTF8.self) }
                if b == UInt8(ascii: "\\"), let next = peek, next == quote || next == UInt8(ascii: "\\") {
                    key.append(next)
                    position += 1
                } else {
                    key.append(b)
                }
            }
            position = start
            return nil
        }
    }
}
