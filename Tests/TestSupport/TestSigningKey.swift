import CCrypto
import Foundation

/// A private key read from a PEM file made by `openssl`, that signs as JWS does (RS256: PKCS #1 v1.5 over SHA-256;
/// ES256: ECDSA P-256 over SHA-256, written as `r || s`) and writes its public half as a JSON Web Key.
// Owns an EVP_PKEY, only read after init; freed in deinit.
public final class TestSigningKey: @unchecked Sendable {
    public let kid: String
    public let algorithm: String
    let key: OpaquePointer

    public init(file: String, kid: String, algorithm: String) throws {
        guard let bio = BIO_new_file(file, "r") else { throw TestFailure("cannot open \(file)") }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { throw TestFailure("no key in \(file)") }
        self.key = key
        self.kid = kid
        self.algorithm = algorithm
    }

    deinit { EVP_PKEY_free(key) }

    /// The JWS signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        precondition(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1)
        var length = 0
        precondition(EVP_DigestSign(context, nil, &length, message, message.count) == 1)
        var signature = [UInt8](repeating: 0, count: length)
        precondition(EVP_DigestSign(context, &signature, &length, message, message.count) == 1)
        signature.removeLast(signature.count - length)
        guard algorithm == "ES256" else { return signature }
        // DER's ECDSA-Sig-Value → r and s, 32 bytes each.
        var cursor: UnsafePointer<UInt8>? = signature.withUnsafeBufferPointer { $0.baseAddress }
        let value = signature.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        defer { ECDSA_SIG_free(value) }
        var out = [UInt8](repeating: 0, count: 64)
        precondition(BN_bn2binpad(ECDSA_SIG_get0_r(value), &out, 32) == 32)
        out.withUnsafeMutableBufferPointer { buffer in
            precondition(BN_bn2binpad(ECDSA_SIG_get0_s(value), buffer.baseAddress! + 32, 32) == 32)
        }
        return out
    }

    /// The public key as a JWK: `kty`, `kid`, `alg`, `use` and `n`/`e` or `crv`/`x`/`y`.
    public var jwk: [String: String] {
        var jwk = ["kid": kid, "alg": algorithm, "use": "sig"]
        if algorithm == "RS256" {
            jwk["kty"] = "RSA"
            jwk["n"] = TestIssuer.base64URL(number("n"))
            jwk["e"] = TestIssuer.base64URL(number("e"))
        } else {
            var point = [UInt8](repeating: 0, count: 65)
            var length = 0
            precondition(EVP_PKEY_get_octet_string_param(key, "pub", &point, 65, &length) == 1 && length == 65)
            jwk["kty"] = "EC"
            jwk["crv"] = "P-256"
            jwk["x"] = TestIssuer.base64URL(Array(point[1...32]))
            jwk["y"] = TestIssuer.base64URL(Array(point[33...64]))
        }
        return jwk
    }

    private func number(_ name: String) -> [UInt8] {
        var value: OpaquePointer?
        precondition(EVP_PKEY_get_bn_param(key, name, &value) == 1)
        defer { BN_free(value) }
        var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(value) + 7) / 8))
        _ = BN_bn2bin(value, &bytes)
        return bytes
    }
}
