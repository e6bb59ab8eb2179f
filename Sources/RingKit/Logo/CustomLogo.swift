/// A logo given in the URL as `data:image/svg+xml;base64,…`; not drawn yet.
enum CustomLogo {
    /// The largest custom logo accepted, decoded.
    static let maxBytes = 8 * 1024

    static func parse(dataURI: String) throws(LogoError) -> Logo {
        throw LogoError("is a custom logo, which this server does not draw yet")
    }
}
