extension HTTPRequestParser {
    /// Checks `uri-host [ ":" port ]`, the value of Host (RFC 9110 §7.2) and the authority of an absolute-form
    /// target once userinfo is ruled out (RFC 3986 §3.2.2–3.2.3). `what` names the part in the reason. The caller
    /// decides about an empty value: RFC 9112 §3.2 allows an empty Host, an http URI never has an empty authority.
    ///
    /// Choices where the grammar leaves room: an empty port (`host:`) is accepted, as RFC 3986 §3.2.3 allows and
    /// RFC 9110 §4.2.3 reads as the default port; a port over 65535 is refused although `port = *DIGIT` allows it,
    /// because no TCP port has that number and URL parsers disagree about it (WHATWG's fails, older ones wrap it
    /// modulo 65536); an IPv6 zone identifier (`[fe80::1%25eth0]`, RFC 6874) is refused, as RFC 3986 and RFC 9110
    /// do not have it and browsers never send it.
    static func checkAuthority(_ bytes: UnsafeBufferPointer<UInt8>, what: String) throws(Failure) {
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                throw .badRequest("\(what) opens an IP literal with [ and does not close it")
            }
            let literal = UnsafeBufferPointer(rebasing: bytes[1..<close])
            guard isIPv6Address(literal) || isIPvFuture(literal) else {
                throw .badRequest("\(what) holds an IP literal that is not an IPv6 address")
            }
            hostEnd = close + 1
            guard hostEnd == bytes.count || bytes[hostEnd] == ASCII.colon else {
                throw .badRequest("\(what) has bytes after its IP literal other than a port")
            }
        } else {
            hostEnd = bytes.firstIndex(of: ASCII.colon) ?? bytes.count
            try checkRegName(UnsafeBufferPointer(rebasing: bytes[0..<hostEnd]), what: what)
        }
        guard hostEnd < bytes.count else { return }
        // RFC 9110 §4.2.1: an http URI with an empty host is invalid and its recipient must reject it.
        guard hostEnd > 0 else { throw .badRequest("\(what) has a port but no host") }
        let port = UnsafeBufferPointer(rebasing: bytes[(hostEnd + 1)...])
        guard port.allSatisfy(ASCII.isDigit) else { throw .badRequest("\(what) has a port that is not a number") }
        let significant = port.drop { $0 == UInt8(ascii: "0") }
        var number = 0
        for digit in significant.prefix(6) { number = number * 10 + Int(digit - UInt8(ascii: "0")) }
        guard significant.count <= 5 && number <= 65535 else {
            throw .badRequest("\(what) has a port over 65535")
        }
    }

    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`; IPv4 addresses are reg-names too.
    static func checkRegName(_ bytes: UnsafeBufferPointer<UInt8>, what: String) throws(Failure) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else {
                    throw .badRequest("\(what) has a % not followed by two hex digits")
                }
                i += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelim(byte) else {
                throw .badRequest(
                    "\(what) holds a byte a host name may not (accepted: letters, digits, -._~!$&'()*+,;= and %XX)")
            }
            i += 1
        }
    }

    /// RFC 3986 §3.2.2 IPv6address: eight groups of 1 to 4 hex digits separated by `:`, the last two of which
    /// may be an IPv4 address; one `::` stands for one or more groups of zeros.
    static func isIPv6Address(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 2 else { return false }
        var groups = 0
        var compressed = false
        var i = 0
        if bytes[0] == ASCII.colon {
            guard bytes[1] == ASCII.colon else { return false }
            compressed = true
            i = 2
        }
        while i < count {
            let start = i
            while i < count && i - start < 5 && isHexDigit(bytes[i]) { i += 1 }
            if i < count && bytes[i] == UInt8(ascii: ".") {
                // ls32 as an IPv4 address: only as the last piece, where it stands for two groups.
                guard isIPv4Address(UnsafeBufferPointer(rebasing: bytes[start...])) else { return false }
                groups += 2
                break
            }
            guard i - start >= 1 && i - start <= 4 else { return false }
            groups += 1
            if i == count { break }
            guard bytes[i] == ASCII.colon else { return false }
            i += 1
            if i < count && bytes[i] == ASCII.colon {
                guard !compressed else { return false }
                compressed = true
                i += 1
            } else if i == count {
                return false  // a single trailing colon
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// `dec-octet "." dec-octet "." dec-octet "." dec-octet`, without leading zeros (RFC 3986 §3.2.2).
    static func isIPv4Address(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var octets = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
            let octet = bytes[start..<end]
            guard (1...3).contains(octet.count), octet.allSatisfy(ASCII.isDigit) else { return false }
            guard octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
            var value = 0
            for digit in octet { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
            guard value <= 255 else { return false }
            octets += 1
            start = end + 1
        }
        return octets == 4
    }

    /// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (RFC 3986 §3.2.2).
    static func isIPvFuture(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, ASCII.lowercased(first) == UInt8(ascii: "v"),
            let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        else { return false }
        let version = bytes[1..<dot]
        let rest = bytes[(dot + 1)...]
        return !version.isEmpty && version.allSatisfy(isHexDigit) && !rest.isEmpty
            && rest.allSatisfy { isUnreserved($0) || isSubDelim($0) || $0 == ASCII.colon }
    }

    /// Checks the path and query of a target (origin-form, or what follows the authority of absolute-form) against
    /// RFC 9112 §3.2 and RFC 3986 §3.3–3.4: only visible ASCII, never `#` (a fragment is not sent), `"`, `<` or `>`.
    ///
    /// A `%` not followed by two hex digits breaks the grammar without any forbidden byte; it is left to the handler,
    /// whose percent-decoding refuses it with an error that names the parameter (an error image an `<img>` shows),
    /// where a transport 400 would show a broken image. Browsers send `50%` in a query as typed.
    ///
    /// Deviations from RFC 3986, as nginx makes them, for the bytes browsers send unencoded (the WHATWG URL
    /// standard's percent-encode sets) and so that the documented `label={value}` works as written. In the query,
    /// `[`, `]`, `\`, `^`, `|`, `{`, `}` and the backtick are accepted: the query set encodes only controls,
    /// space, `"`, `#`, `<` and `>`. In the path, `[`, `]`, `^` and `|` are accepted and `{`, `}`, `\` and the
    /// backtick refused: browsers encode `{`, `}` and the backtick in a path and turn `\` into `/`, so a raw `\`
    /// would name another path than any browser asks for; `^` joined the path set only in 2025
    /// (whatwg/url#846), and Safari sent it raw before.
    static func checkPathAndQuery(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var inQuery = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            // Only visible ASCII: raw UTF-8, HTAB and other controls are not URI characters; clients encode them.
            guard byte > ASCII.space && byte < 0x7F else {
                throw .badRequest("request target holds a byte outside visible ASCII")
            }
            switch byte {
            case ASCII.question:
                inQuery = true
            case UInt8(ascii: "#"):
                throw .badRequest("request target holds a fragment (#), which a client never sends")
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"):
                throw .badRequest(
                    "request target holds \(Character(UnicodeScalar(byte))); send it as %\(hexUpper(byte))")
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                guard inQuery else {
                    throw .badRequest(
                        "request target's path holds \(Character(UnicodeScalar(byte))); send it as %\(hexUpper(byte))")
                }
            default:
                break
            }
            i += 1
        }
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
    @inline(__always)
    static func isSubDelim(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Two uppercase hex digits, as a percent-escape writes them.
    static func hexUpper(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}
