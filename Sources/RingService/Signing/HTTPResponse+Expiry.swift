import HTTPServer

extension HTTPResponse {
    /// This response with its `Cache-Control` `max-age` and `s-maxage` no longer than `seconds`: a signed URL's
    /// image is fresh only until its signature expires. A response without a longer max-age is returned as it is
    /// (an error image's `no-store`, a live value's shorter freshness).
    func limitingMaxAge(to seconds: Int64) -> HTTPResponse {
        guard let given = values(.cacheControl).compactMap(Self.maxAge).max(), given > seconds else { return self }
        return replacing(.cacheControl, with: "public, max-age=\(seconds), s-maxage=\(seconds)")
    }

    /// The `max-age` directive's seconds in a `Cache-Control` value.
    private static func maxAge(in value: String) -> Int64? {
        for directive in value.split(separator: ",") {
            let directive = directive.drop { $0 == " " }
            if directive.hasPrefix("max-age=") { return Int64(directive.dropFirst(8)) }
        }
        return nil
    }
}
