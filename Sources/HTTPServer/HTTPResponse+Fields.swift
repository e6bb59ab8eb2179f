extension HTTPResponse {
    /// The bytes of the first header line's value named `name` in the serialized head (no copy); nil when there
    /// is none.
    public func fieldValue(_ name: HTTPFieldName) -> ArraySlice<UInt8>? {
        guard let field = field(name) else { return nil }
        return head[field.value..<field.end]
    }

    /// This response with the first header line named `name` given `value` instead; the body is shared, not
    /// copied. Unchanged when no line has the name.
    public func replacing(_ name: HTTPFieldName, with value: [UInt8]) -> HTTPResponse {
        guard let field = field(name) else { return self }
        var head: [UInt8] = []
        head.reserveCapacity(self.head.count + value.count)
        head += self.head[..<field.value]
        head += value
        head += self.head[field.end...]
        return HTTPResponse(status: status, serializedHead: head, body: body)
    }

    /// Where the first line named `name` keeps its value (after `: `) and where the value ends (its CR): one scan of
    /// the head's bytes, names compared without case and without copying.
    private func field(_ name: HTTPFieldName) -> (value: Int, end: Int)? {
        let wanted = name.rawName.utf8
        let count = head.count
        // Lines start after each CRLF; the first line is the status line.
        var start = (head.firstIndex(of: UInt8(ascii: "\n")) ?? count) + 1
        while start < count {
            var end = start
            while end < count && head[end] != UInt8(ascii: "\r") { end += 1 }
            let colon = start + wanted.count
            if colon < end, head[colon] == UInt8(ascii: ":"),
                head[start..<colon].elementsEqual(wanted, by: { Self.lower($0) == Self.lower($1) })
            {
                var value = colon + 1
                while value < end && head[value] == UInt8(ascii: " ") { value += 1 }
                return (value, end)
            }
            start = end + 2
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
