/// Which content coding a text answer goes out in, from the request's `Accept-Encoding` (RFC 9110 §12.5.3).
enum ContentCoding: Sendable, Hashable {
    /// The bytes as they are.
    case identity
    /// gzip, when it saves bytes.
    case gzip
    /// gzip even where it saves nothing: the client refused `identity` (`identity;q=0`, or `*;q=0` with no
    /// `identity` entry) and accepts gzip.
    case gzipRequired

    /// The coding to send. gzip (or `x-gzip`, or `*`) with a q-value above 0 is chosen, unless the client lists
    /// `identity` itself with a higher q-value (an unlisted identity is acceptable but preferred to nothing, as
    /// nginx reads it); no field, or an empty one, means identity. A client that refuses both gets identity: the
    /// bytes it can read, as nginx sends them, rather than a 406 an `<img>` cannot show.
    static func choose(acceptEncoding fieldValues: [String]) -> ContentCoding {
        if fieldValues.isEmpty { return .identity }
        var gzip: Double? = nil
        var identity: Double? = nil
        var any: Double? = nil
        for field in fieldValues {
            for member in field.split(separator: ",") {
                var parts = member.split(separator: ";").makeIterator()
                guard let name = parts.next()?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
                var q = 1.0
                while let parameter = parts.next() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" {
                        q = Double(pair[1].trimmingSpaces).map { Swift.min(Swift.max($0, 0), 1) } ?? 0
                    }
                }
                switch name {
                case "gzip", "x-gzip": gzip = Swift.max(gzip ?? 0, q)
                case "identity": identity = q
                case "*": any = q
                default: break
                }
            }
        }
        let gzipQ = gzip ?? any ?? 0
        guard gzipQ > 0 else { return .identity }
        if (identity ?? any) == 0 { return .gzipRequired }
        if let identity, identity > gzipQ { return .identity }
        return .gzip
    }
}
