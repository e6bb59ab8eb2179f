import RingKit

/// The parameters of a URL's signature (`sig`, `exp`, `key`) read from its query, however their names are encoded
/// (`%73ig` is `sig`), and the query without them: what the image is drawn and cached from, so that URLs signed
/// with other keys or expiries share one cache entry with each other and with the unsigned URL.
struct SigningParameters: Sendable {
    /// The decoded values; nil where the parameter is not given.
    var sig: String?
    var exp: String?
    var key: String?
    /// The name of a signing parameter given more than once, if any.
    var repeated: String?
    /// The query without the signing parameters, the rest as written and in order; nil when there were none.
    var remaining: Substring?

    /// The names it reads.
    static let names = ["sig", "exp", "key"]

    /// Reads `query` (as sent, after `?`). Most queries have no signing parameter and cost one pass, no allocation.
    init(query: Substring) {
        var kept: [Range<Substring.Index>] = []
        var found = false
        var start = query.startIndex
        let utf8 = query.utf8
        while start < query.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
            let piece = query[start..<end]
            if let name = Self.signingName(piece) {
                if !found { kept.reserveCapacity(8) }
                found = true
                let value = Self.value(of: piece)
                switch name {
                case "sig": if sig == nil { sig = value } else { repeated = repeated ?? name }
                case "exp": if exp == nil { exp = value } else { repeated = repeated ?? name }
                default: if key == nil { key = value } else { repeated = repeated ?? name }
                }
            } else if !piece.isEmpty {
                kept.append(start..<end)
            }
            start = end == query.endIndex ? end : utf8.index(after: end)
        }
        guard found else { return }
        remaining = Substring(kept.map { query[$0] }.joined(separator: "&"))
    }

    /// Whether a piece of `query` may be one of the three: a name of three bytes that is one of them, or a name
    /// with an escape. One pass over the bytes, no allocation: what every unsigned URL costs on a server with keys.
    static func mayBePresent(in query: Substring) -> Bool {
        query.utf8.withContiguousStorageIfAvailable { bytes in
            func candidate(_ start: Int, _ end: Int, escaped: Bool) -> Bool {
                guard !escaped else { return true }
                guard end - start == 3 else { return false }
                let (a, b, c) = (bytes[start], bytes[start + 1], bytes[start + 2])
                return (a == UInt8(ascii: "s") && b == UInt8(ascii: "i") && c == UInt8(ascii: "g"))
                    || (a == UInt8(ascii: "e") && b == UInt8(ascii: "x") && c == UInt8(ascii: "p"))
                    || (a == UInt8(ascii: "k") && b == UInt8(ascii: "e") && c == UInt8(ascii: "y"))
            }
            var start = 0
            var inName = true
            var escaped = false
            for index in 0..<bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "&"):
                    if inName && candidate(start, index, escaped: escaped) { return true }
                    start = index + 1
                    inName = true
                    escaped = false
                case UInt8(ascii: "=") where inName:
                    if candidate(start, index, escaped: escaped) { return true }
                    inName = false
                case UInt8(ascii: "%") where inName:
                    escaped = true
                default:
                    break
                }
            }
            return inName && candidate(start, bytes.count, escaped: escaped)
        } ?? true
    }

    /// Whether the URL carries any of the three.
    var any: Bool { remaining != nil }

    /// `sig`, `exp` or `key` when `piece` is one of them.
    private static func signingName(_ piece: Substring) -> String? {
        let name = piece.utf8.prefix { $0 != UInt8(ascii: "=") }
        // Only a three-letter name, or an encoded one, can be one of them.
        guard name.count == 3 || name.contains(UInt8(ascii: "%")) else { return nil }
        var decoded: [UInt8] = []
        CanonicalURL.recode(Substring(name).utf8[...], plusIsSpace: true, into: &decoded)
        guard decoded.count == 3 else { return nil }
        let text = String(decoding: decoded, as: UTF8.self)
        return names.contains(text) ? text : nil
    }

    /// The decoded value of a piece (empty without `=`), as the image parameters are decoded; one that is not
    /// UTF-8 once decoded is U+FFFD, which no valid signature, time or key name holds.
    private static func value(of piece: Substring) -> String {
        guard let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) else { return "" }
        let raw = piece[piece.index(after: equals)...]
        guard raw.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(raw)
        }
        return ((try? QueryParameters(query: "v=" + raw).value("v")) ?? nil) ?? "\u{FFFD}"
    }
}
