import RingKit

/// Strong entity tags computed from response bytes, and the `If-None-Match` comparison (RFC 9110 §13.1.2).
enum EntityTag {
    /// A strong ETag: the XXH64 hash of the bytes and their length, in hex and quotes. The length guards against
    /// the rare collision of two images of different sizes.
    static func strong(for bytes: [UInt8]) -> String {
        "\"" + hex(XXHash64.hash(bytes)) + "-" + String(bytes.count, radix: 16) + "\""
    }

    static func hex(_ n: UInt64) -> String {
        let s = String(n, radix: 16)
        return s.leftPadded(to: 16)
    }

    /// Whether any `If-None-Match` field value matches the tag: `*`, or a list of tags compared weakly
    /// (`W/"x"` matches `"x"`), as the standard asks for GET and HEAD.
    static func noneMatch(_ fieldValues: [String], matches tag: String) -> Bool {
        let opaque = tag.utf8.dropFirst(tag.hasPrefix("W/") ? 2 : 0)
        for field in fieldValues {
            var rest = Substring(field).utf8[...]
            while true {
                while let b = rest.first, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: ",") {
                    rest = rest.dropFirst()
                }
                guard let first = rest.first else { break }
                if first == UInt8(ascii: "*") { return true }
                if rest.starts(with: "W/".utf8) { rest = rest.dropFirst(2) }
                guard rest.first == UInt8(ascii: "\"") else {
                    // Not a tag: skip to the next comma so one malformed member does not hide the others.
                    rest = rest.drop { $0 != UInt8(ascii: ",") }
                    continue
                }
                guard let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else { break }
                let candidate = rest[rest.startIndex...close]
                if candidate.elementsEqual(opaque) { return true }
                rest = rest[rest.index(after: close)...]
            }
        }
        return false
    }
}
