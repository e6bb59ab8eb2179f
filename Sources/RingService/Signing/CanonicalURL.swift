import RingKit

/// The text a URL signature covers: an image URL's path and query written one way, so that the order of the
/// parameters and how they are percent-encoded do not change it (docs/operations.md, "Signed URLs and private
/// values", defines it for signers in other languages).
///
///     canonical path "\n" canonical query
///
/// - The path: split at each `/`; each segment percent-decoded (`%` and two hex digits is a byte; a `+` is a `+`)
///   and encoded again; joined with `/`.
/// - The query: split at each `&`, empty pieces dropped; each piece split at its first `=` into a name and a value
///   (no `=`: the value is empty); both percent-decoded as the server reads them (`+` is a space) and encoded again;
///   every parameter named `sig` left out; the rest sorted by name, then by value (byte order of the encoded
///   text), written `name=value` and joined with `&`.
/// - Encoding keeps RFC 3986's unreserved bytes (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`) and writes every
///   other byte as `%` and two upper-case hex digits. A `%` not followed by two hex digits is a `%` (`%25`).
///
/// Two URLs with the same canonical text draw the same image: the service's parser reads exactly these names and
/// values, and no parameter's meaning depends on its place in the query.
enum CanonicalURL {
    /// The canonical text of `path` and `query`, both as sent (still percent-encoded).
    static func message(path: Substring, query: Substring) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + query.utf8.count + 16)
        appendPath(path, to: &out)
        out.append(UInt8(ascii: "\n"))
        appendQuery(query, to: &out)
        return out
    }

    private static func appendPath(_ path: Substring, to out: inout [UInt8]) {
        var first = true
        for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if !first { out.append(UInt8(ascii: "/")) }
            first = false
            recode(segment, plusIsSpace: false, into: &out)
        }
    }

    private static func appendQuery(_ query: Substring, to out: inout [UInt8]) {
        // Every parameter is recoded into one buffer; `pairs` holds where each name and value lie in it, and is
        // what is sorted.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(query.utf8.count + 16)
        var pairs: [(start: Int, equals: Int, end: Int)] = []
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let start = buffer.count
            let split = piece.firstIndex(of: UInt8(ascii: "="))
            recode(piece[..<(split ?? piece.endIndex)], plusIsSpace: true, into: &buffer)
            let equals = buffer.count
            if equals - start == 3, buffer[start] == UInt8(ascii: "s"), buffer[start + 1] == UInt8(ascii: "i"),
                buffer[start + 2] == UInt8(ascii: "g")
            {
                buffer.removeSubrange(start...)
                continue
            }
            if let split { recode(piece[piece.index(after: split)...], plusIsSpace: true, into: &buffer) }
            pairs.append((start, equals, buffer.count))
        }
        buffer.withUnsafeBufferPointer { bytes in
            pairs.sort { a, b in
                let nameA = bytes[a.start..<a.equals]
                let nameB = bytes[b.start..<b.equals]
                if !nameA.elementsEqual(nameB) { return nameA.lexicographicallyPrecedes(nameB) }
                return bytes[a.equals..<a.end].lexicographicallyPrecedes(bytes[b.equals..<b.end])
            }
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: "&")) }
                out += bytes[pair.start..<pair.equals]
                out.append(UInt8(ascii: "="))
                out += bytes[pair.equals..<pair.end]
            }
        }
    }

    /// Percent-decodes `bytes` (WHATWG's rule: only `%` and two hex digits is an escape) and encodes the result
    /// again, keeping only unreserved bytes as they are: one pass, no decoded copy.
    static func recode(_ bytes: Substring.UTF8View.SubSequence, plusIsSpace: Bool, into out: inout [UInt8]) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            var byte = bytes[index]
            bytes.formIndex(after: &index)
            if byte == UInt8(ascii: "%"), index != bytes.endIndex {
                let second = bytes.index(after: index)
                if second != bytes.endIndex, let high = PercentDecoding.hexValue(bytes[index]),
                    let low = PercentDecoding.hexValue(bytes[second])
                {
                    byte = high << 4 | low
                    index = bytes.index(after: second)
                }
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                byte = UInt8(ascii: " ")
            }
            if PercentDecoding.isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(PercentDecoding.digits[Int(byte >> 4)])
                out.append(PercentDecoding.digits[Int(byte & 0xF)])
            }
        }
    }
}
