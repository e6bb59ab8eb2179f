import LiveValues

/// An https URL of an issuer or of its keys, read by the same URL reader as live values, so libcurl is handed the
/// canonical text and the host compared is the host connected to.
struct IssuerURL: Sendable, Hashable {
    let url: FetchURL

    /// nil for anything but an https URL with a host, no query and no fragment.
    init?(_ text: String) {
        guard case .success(let url) = FetchURL.parse(text), url.scheme == "https", !url.host.isEmpty,
            !url.target.contains("?"), !text.contains("#")
        else { return nil }
        self.url = url
    }

    /// Whether `other` is on this URL's host and port, over https.
    func sameOrigin(_ other: FetchURL) -> Bool {
        other.scheme == "https" && other.host == url.host && other.port == url.port
    }

    /// The discovery document's address (OpenID Connect Discovery §4): the issuer with
    /// `/.well-known/openid-configuration` appended to its path.
    var discovery: FetchURL? {
        let base = url.description.hasSuffix("/") ? String(url.description.dropLast()) : url.description
        guard case .success(let discovery) = FetchURL.parse(base + "/.well-known/openid-configuration") else {
            return nil
        }
        return discovery
    }
}
