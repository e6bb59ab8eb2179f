import Locking

/// A logo given in the URL as `data:image/svg+xml;base64,…`: decoded, parsed by libxml2 (`CustomLogoReader`) into
/// shapes, paths and fills only, or refused saying what was found. Parsed logos are kept by their text, so a logo
/// repeated across requests is parsed once.
public enum CustomLogo {
    /// The largest custom logo accepted, decoded: 5 KiB, whose base64 (6.7 KiB, and 3 % more with `+` written
    /// `%2B`) leaves room in a request line of 8 KiB, the server's and nginx's default, for the rest of the URL.
    public static let maxBytes = 5 * 1024
    /// Parsed custom logos kept at most.
    static let keptLogos = 64

    private static let kept = Lock<[String: Logo]>([:])

    /// The logo of a `data:` URI, as `logo=` gives it.
    static func parse(dataURI: String) throws(LogoError) -> Logo {
        guard
            dataURI.utf8.starts(with: Logo.dataPrefix.utf8)
                || dataURI.prefix(Logo.dataPrefix.count).lowercased() == Logo.dataPrefix
        else {
            throw LogoError("is not an SVG data URI (accepted: \(Logo.dataPrefix)… of at most \(maxBytes / 1024) KiB)")
        }
        let base64 = String(dataURI.dropFirst(Logo.dataPrefix.count))
        if let known = kept.withLock({ $0[base64] }) { return known }
        // Checked before decoding, so a megabyte of text is not decoded to be refused.
        guard base64.utf8.count <= (maxBytes + 2) / 3 * 4 + 4 else {
            throw LogoError(
                "is over \(maxBytes / 1024) KiB decoded (at most \(maxBytes) bytes, so the URL fits a request line "
                    + "of 8 KiB)")
        }
        guard let svg = Base64.decode(base64) else {
            throw LogoError("is not base64 after \(Logo.dataPrefix)")
        }
        let logo = try parse(svg: svg, source: .custom(base64))
        kept.withLock { kept in
            if kept.count >= keptLogos { kept.remove(at: kept.startIndex) }
            kept[base64] = logo
        }
        return logo
    }

    /// The logo of an SVG document's bytes (what the data URI decodes to); what the logo fuzzer calls.
    public static func parse(svg: [UInt8], source: Logo.Source? = nil) throws(LogoError) -> Logo {
        guard svg.count <= maxBytes else {
            throw LogoError("is over \(maxBytes / 1024) KiB decoded (\(svg.count) bytes; at most \(maxBytes))")
        }
        let read = try CustomLogoReader.read(svg)
        return Logo(
            source: source ?? .custom(Base64.encode(svg)), shapes: read.shapes, viewBox: read.viewBox,
            brandColor: nil)
    }
}
