extension HTTPRequestParser {
    /// A parsed request line.
    struct RequestLine {
        let method: HTTPMethod
        /// The target in origin-form (or `*`).
        let target: String
        /// The host and port of an absolute-form target, which replace the Host field (RFC 9112 §3.2.2).
        let authority: String?
        let version: HTTPVersion
    }

    /// Parses `method SP request-target SP HTTP-version` (RFC 9112 §3), one SP between the parts.
    static func parseRequestLine(
        _ line: UnsafeBufferPointer<UInt8>, maxMethodBytes: Int
    ) throws(Failure) -> RequestLine {
        let firstSpace = line.firstIndex(of: ASCII.space)
        let methodEnd = firstSpace ?? line.count
        guard methodEnd <= maxMethodBytes else { throw .badRequest("method longer than \(maxMethodBytes) bytes") }
        guard methodEnd > 0 else { throw .badRequest("request line starts with whitespace") }
        let methodBytes = UnsafeBufferPointer(rebasing: line[0..<methodEnd])
        guard methodBytes.allSatisfy(ASCII.isToken) else { throw .badRequest("method is not a token") }
        guard let firstSpace else { throw .badRequest("request line has no target and no version") }
        let targetStart = firstSpace + 1
        guard let secondSpace = line[targetStart...].firstIndex(of: ASCII.space) else {
            throw .badRequest("request line has no HTTP version")
        }
        let method = HTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self))
        let (target, authority) = try parseTarget(
            UnsafeBufferPointer(rebasing: line[targetStart..<secondSpace]), method: method)
        let version = try parseVersion(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...]))
        return RequestLine(method: method, target: target, authority: authority, version: version)
    }

    /// The target in origin-form: origin-form as sent, absolute-form reduced to its path and query, `*` for
    /// OPTIONS (asterisk-form, RFC 9112 §3.2.4: a request about the server as a whole, handed to the handler as
    /// it is). Percent-escapes (`%00` included) are checked for form only and left for the service to decode.
    static func parseTarget(
        _ bytes: UnsafeBufferPointer<UInt8>, method: HTTPMethod
    ) throws(Failure) -> (target: String, authority: String?) {
        guard !bytes.isEmpty else { throw .badRequest("empty request target") }
        if bytes[0] == ASCII.slash {
            try checkPathAndQuery(bytes)
            return (String(decoding: bytes, as: UTF8.self), nil)
        }
        if bytes.count == 1 && bytes[0] == UInt8(ascii: "*") {
            guard method.rawValue == "OPTIONS" else { throw .badRequest("target * is only for OPTIONS") }
            return ("*", nil)
        }
        guard bytes.allSatisfy({ $0 > ASCII.space && $0 < 0x7F }) else {
            throw .badRequest("request target holds a byte outside visible ASCII")
        }
        let schemeEnd: Int
        if bytes.count >= 7 && ASCII.equalsIgnoringCase(UnsafeBufferPointer(rebasing: bytes[0..<7]), "http://") {
            schemeEnd = 7
        } else if bytes.count >= 8
            && ASCII.equalsIgnoringCase(UnsafeBufferPointer(rebasing: bytes[0..<8]), "https://")
        {
            schemeEnd = 8
        } else {
            throw .badRequest("request target is neither a path nor an http(s) URL")
        }
        let rest = bytes[schemeEnd...]
        let authorityEnd = rest.firstIndex { $0 == ASCII.slash || $0 == ASCII.question || $0 == UInt8(ascii: "#") }
        let pathStart = authorityEnd ?? bytes.count
        let authority = UnsafeBufferPointer(rebasing: bytes[schemeEnd..<pathStart])
        guard !authority.isEmpty else { throw .badRequest("absolute request target without a host") }
        // No userinfo (`user@host` is deprecated and a phishing shape, RFC 9110 §4.2.4) and nothing a Host field
        // could not hold.
        try checkAuthority(authority, what: "absolute request target's host")
        let host = String(decoding: authority, as: UTF8.self)
        let path = UnsafeBufferPointer(rebasing: bytes[pathStart...])
        try checkPathAndQuery(path)
        if path.first == ASCII.slash { return (String(decoding: path, as: UTF8.self), host) }
        return ("/" + String(decoding: path, as: UTF8.self), host)
    }

    /// `HTTP/` DIGIT `.` DIGIT (RFC 9112 §2.3): 1.0 and 1.1 are served, other well-formed versions get 505.
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> HTTPVersion {
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
            bytes[2] == UInt8(ascii: "T"), bytes[3] == UInt8(ascii: "P"), bytes[4] == ASCII.slash,
            ASCII.isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."), ASCII.isDigit(bytes[7])
        else {
            throw .badRequest("malformed HTTP version; expected HTTP/1.1 or HTTP/1.0")
        }
        let version = HTTPVersion(major: Int(bytes[5] - UInt8(ascii: "0")), minor: Int(bytes[7] - UInt8(ascii: "0")))
        guard version == .http1_1 || version == .http1_0 else {
            throw Failure(
                status: .httpVersionNotSupported, reason: "HTTP version not supported; use HTTP/1.1 or HTTP/1.0")
        }
        return version
    }
}

extension HTTPRequestParser {
    /// The path of a request line's target (`GET /ring.svg?…` → `/ring.svg`): after the first space, up to `?`,
    /// printable ASCII starting with `/`, at most `refusedPathLength` bytes; nil otherwise.
    static func path(in line: ArraySlice<UInt8>) -> String? {
        guard let space = line.firstIndex(of: ASCII.space) else { return nil }
        let target = line[(space + 1)...]
        guard target.first == UInt8(ascii: "/") else { return nil }
        let path = target.prefix { $0 != UInt8(ascii: "?") && $0 != ASCII.space }
        guard path.count <= refusedPathLength, path.endIndex < target.endIndex,
            path.allSatisfy({ $0 > 0x20 && $0 < 0x7f })
        else { return nil }
        return String(decoding: path, as: UTF8.self)
    }
}
