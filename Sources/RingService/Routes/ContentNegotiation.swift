import RingKit

/// Chooses the format of `/ring` from the `Accept` header.
enum ContentNegotiation {
    /// The format the client prefers by q-value (each from its most specific matching range): a raster format only
    /// when it is preferred over `image/svg+xml`, and among raster formats of equal q PNG, then WebP, then GIF (a
    /// client that only says `image/*` may not read WebP: it gets WebP where it rates `image/webp` above
    /// `image/png`); SVG otherwise, including when Accept is absent or names none of them.
    static func format(accept fieldValues: [String]) -> ImageFormat {
        if fieldValues.isEmpty { return .svg }
        var best = (format: ImageFormat.svg, q: quality(of: "image", "svg+xml", in: fieldValues))
        for format in [ImageFormat.png, .webp, .gif] {
            let q = quality(of: "image", format.rawValue, in: fieldValues)
            if q > best.q { best = (format, q) }
        }
        return best.format
    }

    /// The q-value the Accept fields give a media type: from the most specific matching range
    /// (`image/png` over `image/*` over `*/*`), 0 when none matches.
    static func quality(of type: String, _ subtype: String, in fieldValues: [String]) -> Double {
        var best: (specificity: Int, q: Double) = (-1, 0)
        for field in fieldValues {
            for member in field.split(separator: ",") {
                let parts = member.split(separator: ";")
                guard let range = parts.first else { continue }
                let mediaRange = range.trimmingSpaces.lowercased()
                let slash = mediaRange.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
                guard slash.count == 2 else { continue }
                let specificity: Int
                if slash[0] == type && slash[1] == subtype {
                    specificity = 2
                } else if slash[0] == type && slash[1] == "*" {
                    specificity = 1
                } else if slash[0] == "*" && slash[1] == "*" {
                    specificity = 0
                } else {
                    continue
                }
                var q = 1.0
                for param in parts.dropFirst() {
                    let kv = param.split(separator: "=", maxSplits: 1)
                    if kv.count == 2, kv[0].trimmingSpaces.lowercased() == "q" {
                        q = Double(kv[1].trimmingSpaces).map { Swift.min(Swift.max($0, 0), 1) } ?? 0
                    }
                }
                if specificity > best.specificity || (specificity == best.specificity && q > best.q) {
                    best = (specificity, q)
                }
            }
        }
        return best.q
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let s = self[...]
        let start = s.firstIndex { $0 != " " && $0 != "\t" } ?? s.endIndex
        let end = s[start...].lastIndex { $0 != " " && $0 != "\t" }.map { s.index(after: $0) } ?? start
        return Substring(s[start..<end])
    }
}
