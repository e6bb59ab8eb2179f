extension JSONPath {
    /// Reads `text`; the failure is the reason, to follow the quoted text in a message.
    static func parse(_ text: String) -> Result<JSONPath, Refusal> {
        guard !text.isEmpty else { return .failure("is empty (\(accepted))") }
        guard text.utf8.count <= maxLength else { return .failure("is longer than \(maxLength) bytes") }
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        var steps: [Step] = []
        if scanner.peek == "$" {
            scanner.position += 1
        } else {
            // `a.b` is `$.a.b`.
            guard let name = scanner.name() else { return .failure(scanner.problem("a name or $")) }
            steps.append(.key(name))
        }
        while let c = scanner.peek {
            guard steps.count < maxSteps else { return .failure("has more than \(maxSteps) steps") }
            if c == "." {
                scanner.position += 1
                if scanner.peek == "." { return .failure("uses .., which is not read (\(accepted))") }
                if scanner.peek == "*" { return .failure("uses a wildcard, which is not read (\(accepted))") }
                guard let name = scanner.name() else { return .failure(scanner.problem("a name")) }
                steps.append(.key(name))
            } else if c == "[" {
                scanner.position += 1
                if let index = scanner.index() {
                    steps.append(.index(index))
                } else if let key = scanner.quoted() {
                    steps.append(.key(key))
                } else {
                    return .failure(scanner.problem("an index such as [0] or a quoted key such as ['a.b']"))
                }
                guard scanner.peek == "]" else { return .failure(scanner.problem("]")) }
                scanner.position += 1
            } else {
                return .failure(scanner.problem(". or ["))
            }
        }
        return .success(JSONPath(steps: steps))
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func problem(_ expected: String) -> Refusal {
            let found = peek.map { "found \(LiveText.quoted(String($0)))" } ?? "it ends"
            return
                "is not a path this server reads: \(expected) expected at character \(position + 1), \(found) (\(JSONPath.accepted))"
        }

        /// A name, up to the first character no name may hold (`.` and `[` included); nil when empty.
        mutating func name() -> String? {
            let start = position
            while let c = peek, c != ".", c != "[", JSONPath.isNameScalar(c) { position += 1 }
            guard position > start else { return nil }
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars[start..<position])
            return name
        }

        /// Decimal digits (at most 9); nil, at the same position, when there are none.
        mutating func index() -> Int? {
            let start = position
            while let c = peek, ("0"..."9").contains(c), position - start < 9 { position += 1 }
            guard position > start else { return nil }
            return Int(String(String.UnicodeScalarView(scalars[start..<position])))
        }

        /// `'…'` or `"…"` with `\` escaping the quote and itself; nil, at the same position, when absent or open.
        mutating func quoted() -> String? {
            guard let quote = peek, quote == "'" || quote == "\"" else { return nil }
            let start = position
            position += 1
            var key = ""
            while let c = peek {
                position += 1
                if c == quote { return key }
                if c == "\\", let next = peek, next == quote || next == "\\" {
                    key.unicodeScalars.append(next)
                    position += 1
                } else {
                    key.unicodeScalars.append(c)
                }
            }
            position = start
            return nil
        }
    }
}
