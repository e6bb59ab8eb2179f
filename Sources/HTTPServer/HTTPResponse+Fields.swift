extension HTTPResponse {
    /// The values of the header lines named `name` in the serialized head, in order.
    public func values(_ name: HTTPFieldName) -> [String] {
        lines.compactMap { line in
            guard let field = Self.field(line), field.name == name else { return nil }
            return field.value
        }
    }

    /// This response with every header line named `name` replaced by one line of `value` where the first was; the
    /// body is shared, not copied. Unchanged when no line has the name.
    public func replacing(_ name: HTTPFieldName, with value: String) -> HTTPResponse {
        var head: [UInt8] = []
        head.reserveCapacity(self.head.count + value.utf8.count)
        var replaced = false
        for (index, line) in lines.enumerated() {
            if index > 0, let field = Self.field(line), field.name == name {
                guard !replaced else { continue }
                replaced = true
                head += field.name.rawName.utf8
                head += ": ".utf8
                head += value.utf8
            } else {
                head += line
            }
            head += "\r\n".utf8
        }
        guard replaced else { return self }
        return HTTPResponse(status: status, serializedHead: head, body: body)
    }

    /// The head's lines without their CRLF, the status line first.
    private var lines: [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index + 1 < head.endIndex {
            if head[index] == UInt8(ascii: "\r") && head[index + 1] == UInt8(ascii: "\n") {
                out.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        return out
    }

    private static func field(_ line: ArraySlice<UInt8>) -> (name: HTTPFieldName, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let value = line[(colon + 1)...].drop { $0 == UInt8(ascii: " ") }
        return (
            HTTPFieldName(String(decoding: line[..<colon], as: UTF8.self)), String(decoding: value, as: UTF8.self)
        )
    }
}
