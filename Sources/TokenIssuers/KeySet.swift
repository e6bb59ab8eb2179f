import StrictJSON

/// An issuer's public keys by key id, read from its JSON Web Key Set (RFC 7517 §5): RSA keys and P-256 keys meant
/// for signatures. Keys of other kinds (encryption keys, other curves, symmetric keys) are left out, not refused:
/// an issuer may publish them for other uses.
package struct KeySet: Sendable {
    package let keys: [String: VerificationKey]

    init(keys: [String: VerificationKey]) { self.keys = keys }

    /// The most keys read from one set; GitHub and GitLab publish two or three.
    static let maxKeys = 32

    /// Reads a JWKS document, or says why it holds no key this server can use.
    package static func parse(_ body: [UInt8]) -> Result<KeySet, KeyProblem> {
        guard let document = try? StrictJSON.parse(body) else { return .failure("is not JSON") }
        guard case .array(let items)? = document["keys"] else { return .failure("has no \"keys\" array") }
        var keys: [String: VerificationKey] = [:]
        for item in items.prefix(maxKeys) {
            guard let kid = item["kid"]?.stringValue, !kid.isEmpty, keys[kid] == nil else { continue }
            if let use = item["use"]?.stringValue, use != "sig" { continue }
            if case .success(let key) = Self.key(item) { keys[kid] = key }
        }
        guard !keys.isEmpty else { return .failure("holds no RSA or P-256 signing key with a kid") }
        return .success(KeySet(keys: keys))
    }

    /// The key of one JWK, or why it is not one of ours.
    static func key(_ jwk: JSONValue) -> Result<VerificationKey, KeyProblem> {
        let algorithm = jwk["alg"]?.stringValue
        switch jwk["kty"]?.stringValue {
        case "RSA":
            guard algorithm == nil || algorithm == "RS256" else { return .failure("is not for RS256") }
            guard let n = bytes(jwk, "n"), let e = bytes(jwk, "e") else { return .failure("lacks n or e") }
            return VerificationKey.rsa(modulus: n, exponent: e)
        case "EC":
            guard algorithm == nil || algorithm == "ES256" else { return .failure("is not for ES256") }
            guard jwk["crv"]?.stringValue == "P-256" else { return .failure("is not on P-256") }
            guard let x = bytes(jwk, "x"), let y = bytes(jwk, "y") else { return .failure("lacks x or y") }
            return VerificationKey.p256(x: x, y: y)
        default:
            return .failure("is neither RSA nor EC")
        }
    }

    private static func bytes(_ jwk: JSONValue, _ member: String) -> [UInt8]? {
        jwk[member]?.stringValue.flatMap { Base64URL.decode(Array($0.utf8)) }
    }
}
