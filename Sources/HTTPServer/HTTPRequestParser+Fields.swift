extension HTTPRequestParser {
    /// One field line, with what the framing rules need to know of it already decoded.
    struct ParsedField {
        enum Meaning {
            case other
            case host
            case contentLength(Int)
            case transferEncoding(chunked: Bool)
            case connection(close: Bool, keepAlive: Bool)
            case expect(continue: Bool)
        }

        let name: String
        let value: String
        let meaning: Meaning
    }

    /// The longest Content-Length accepted: 18 digits cannot overflow an Int.
    static let maxContentLengthDigits = 18

    /// Parses `field-name ":" OWS field-value OWS` (RFC 9112 §5). The scan has already refused control bytes.
    static func parseField(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> ParsedField {
        // A line that starts with whitespace continues the previous one (obs-fold) or, right after the request
        // line, hides a field from whoever skips it (RFC 9112 §2.2, §5.2): both are refused.
        guard let first = line.first, !ASCII.isWhitespace(first) else {
            throw .badRequest("header line starts with whitespace (obs-fold is not accepted)")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else { throw .badRequest("header line without a colon") }
        let name = UnsafeBufferPointer(rebasing: line[0..<colon])
        guard !name.isEmpty else { throw .badRequest("empty header field name") }
        guard name.allSatisfy(ASCII.isToken) else {
            if name.contains(where: ASCII.isWhitespace) {
                throw .badRequest("whitespace between a header field name and its colon")
            }
            throw .badRequest("header field name is not a token")
        }
        let value = ASCII.trimmed(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
        let meaning = try Self.meaning(name: name, value: value)
        return ParsedField(
            name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self),
            meaning: meaning)
    }

    static func meaning(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
    ) throws(Failure) -> ParsedField.Meaning {
        switch name.count {
        case 4 where ASCII.equalsIgnoringCase(name, "host"):
            // RFC 9112 §3.2: a Host whose value is invalid is a 400. An empty value is valid: it is what a
            // client sends for a target URI without an authority.
            try checkAuthority(value, what: "Host")
            return .host
        case 6 where ASCII.equalsIgnoringCase(name, "expect"):
            return .expect(continue: ASCII.equalsIgnoringCase(value, "100-continue"))
        case 10 where ASCII.equalsIgnoringCase(name, "connection"):
            return connectionOptions(value)
        case 14 where ASCII.equalsIgnoringCase(name, "content-length"):
            // 1*DIGIT only: no sign, no list (`1, 1`), no empty value (RFC 9110 §8.6).
            guard !value.isEmpty, value.count <= maxContentLengthDigits, value.allSatisfy(ASCII.isDigit) else {
                throw .badRequest("Content-Length is not a decimal number of at most 18 digits")
            }
            var length = 0
            for digit in value { length = length * 10 + Int(digit - UInt8(ascii: "0")) }
            return .contentLength(length)
        case 17 where ASCII.equalsIgnoringCase(name, "transfer-encoding"):
            return .transferEncoding(chunked: ASCII.equalsIgnoringCase(value, "chunked"))
        default:
            return .other
        }
    }

    /// Reads the `close` and `keep-alive` options of a Connection list; other options are ignored.
    static func connectionOptions(_ value: UnsafeBufferPointer<UInt8>) -> ParsedField.Meaning {
        var close = false
        var keepAlive = false
        var start = 0
        while start <= value.count {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.count
            let option = ASCII.trimmed(UnsafeBufferPointer(rebasing: value[start..<end]))
            if ASCII.equalsIgnoringCase(option, "close") {
                close = true
            } else if ASCII.equalsIgnoringCase(option, "keep-alive") {
                keepAlive = true
            }
            start = end + 1
        }
        return .connection(close: close, keepAlive: keepAlive)
    }
}
