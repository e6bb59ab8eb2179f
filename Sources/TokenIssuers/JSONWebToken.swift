import StrictJSON

/// A JSON Web Token in compact form (RFC 7519), read but not yet trusted: its header's algorithm and key id, its
/// claims, and the signature over the first two parts. Reading it checks only its shape.
package struct JSONWebToken: Sendable {
    /// The signature algorithms accepted: RSASSA-PKCS1-v1_5 and ECDSA P-256, both over SHA-256.
    package enum Algorithm: String, Sendable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    package let algorithm: Algorithm
    package let keyID: String
    /// The payload: an object of claims.
    package let claims: JSONValue
    /// `header.payload`, the bytes the signature covers.
    package let signedPart: [UInt8]
    package let signature: [UInt8]

    /// The longest token read, in bytes: GitHub's and GitLab's are about 1–2 KiB.
    static let maxLength = 16 * 1024

    /// Whether `token` has the shape of a compact JWT (three base64url parts, the header a JSON object's
    /// encoding), as a static token never has: a static token is looked up by digest, a JWT checked by its issuer.
    static func looksLikeJWT(_ token: [UInt8]) -> Bool {
        token.starts(with: "eyJ".utf8) && token.lazy.filter { $0 == UInt8(ascii: ".") }.count == 2
    }

    /// Reads `token`, or throws why it is no token this server accepts.
    package init(_ token: [UInt8]) throws(TokenRefusal) {
        guard token.count <= Self.maxLength else {
            throw .invalid("the token is over \(Self.maxLength) bytes, longer than any CI's identity token")
        }
        let parts = token.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .invalid("the token is not a JSON Web Token (three base64url parts separated by dots)")
        }
        guard let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { throw .invalid("a part of the token is not base64url") }
        guard let header = try? StrictJSON.parse(headerBytes), case .object = header else {
            throw .invalid("the token's header is not a JSON object")
        }
        guard let name = header["alg"]?.stringValue else { throw .invalid("the token's header names no alg") }
        guard let algorithm = Algorithm(rawValue: name) else { throw Self.refusal(algorithm: name) }
        if header["crit"] != nil {
            throw .invalid("the token's header asks for extensions (crit) this server does not implement")
        }
        guard let keyID = header["kid"]?.stringValue, !keyID.isEmpty else {
            throw .invalid("the token's header names no kid (the key that signed it)")
        }
        guard let claims = try? StrictJSON.parse(payloadBytes), case .object = claims else {
            throw .invalid("the token's payload is not a JSON object")
        }
        self.algorithm = algorithm
        self.keyID = keyID
        self.claims = claims
        self.signedPart = Array(token[..<parts[1].endIndex])
        self.signature = signature
    }

    /// The refusal of a token signed with `name`: unsigned tokens and shared-secret MACs are named as such.
    private static func refusal(algorithm name: String) -> TokenRefusal {
        let accepted = "(accepted: RS256 and ES256)"
        if name.lowercased() == "none" { return .invalid("the token is unsigned (alg none) \(accepted)") }
        if name.uppercased().hasPrefix("HS") {
            return .invalid(
                "the token is signed with a shared secret (\(TokenRefusal.shown(name))), which an issuer's public "
                    + "keys cannot check \(accepted)")
        }
        return .invalid("the token's algorithm \(TokenRefusal.shown(name)) is not accepted \(accepted)")
    }
}
