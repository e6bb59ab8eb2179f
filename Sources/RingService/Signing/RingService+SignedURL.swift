import RingKit

extension RingService {
    /// Why a URL cannot be signed as asked.
    public struct SigningError: Error, Sendable, Equatable {
        public let message: String
    }

    /// `path?query` signed with `key` (`progress-rings sign`): the query as written, then `exp` when given, `key`
    /// and `sig`. The query must not hold them already.
    public static func signedURL(
        path: String, query: String, key: URLKey, expires: Int64?
    ) throws(SigningError) -> String {
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#") else {
            throw SigningError(
                message: "--path \(ParameterError.quoted(path)) is not a path (accepted: /ring.svg, "
                    + "/badge/coverage/@coverage.svg, any image route)")
        }
        let query = query.hasPrefix("?") ? String(query.dropFirst()) : query
        if SigningParameters(query: Substring(query)).any {
            throw SigningError(
                message: "the query already holds sig, exp or key; give it without them (sign adds them)")
        }
        var pieces: [String] = query.isEmpty ? [] : [query]
        if let expires { pieces.append("exp=\(expires)") }
        pieces.append("key=" + QueryParameters.encode(key.name))
        let unsigned = pieces.joined(separator: "&")
        let sig = URLSigning.signature(path: Substring(path), query: Substring(unsigned), secret: key.secret)
        return path + "?" + unsigned + "&sig=" + sig
    }

    /// The canonical text a signature of `path?query` covers, as `progress-rings sign --canonical` prints it.
    public static func canonicalText(path: String, query: String) -> String {
        String(decoding: CanonicalURL.message(path: Substring(path), query: Substring(query)), as: UTF8.self)
    }
}
