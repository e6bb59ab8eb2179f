import CCrypto

/// One public key of an issuer, built by libcrypto from a JSON Web Key's parameters (RFC 7518 §6: `n` and `e` of
/// an RSA key, `x` and `y` of a P-256 key), and the check of a signature made with it.
// Holds an EVP_PKEY, which libcrypto allows many threads to verify with at once (it is never changed after
// EVP_PKEY_fromdata); freed once, in deinit.
package final class VerificationKey: @unchecked Sendable {
    package let algorithm: JSONWebToken.Algorithm
    private let key: OpaquePointer

    /// The smallest RSA modulus accepted, in bits (RFC 7518 §3.3 asks for 2048 or more).
    static let minimumRSABits: Int32 = 2048

    private init(algorithm: JSONWebToken.Algorithm, key: OpaquePointer) {
        self.algorithm = algorithm
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    /// An RSA public key of modulus `n` and exponent `e` (big-endian bytes), or why not.
    static func rsa(modulus n: [UInt8], exponent e: [UInt8]) -> Result<VerificationKey, KeyProblem> {
        let modulus = BN_bin2bn(n, Int32(n.count), nil)
        let exponent = BN_bin2bn(e, Int32(e.count), nil)
        defer {
            BN_free(modulus)
            BN_free(exponent)
        }
        guard let modulus, let exponent, BN_num_bits(modulus) >= minimumRSABits, BN_is_odd(exponent) == 1,
            BN_num_bits(exponent) > 1, BN_num_bits(exponent) <= 64
        else { return .failure("is not an RSA key of 2048 bits or more with an odd exponent") }
        return build("RSA", algorithm: .rs256) { builder in
            OSSL_PARAM_BLD_push_BN(builder, pr_param_rsa_n, modulus) == 1
                && OSSL_PARAM_BLD_push_BN(builder, pr_param_rsa_e, exponent) == 1
        }
    }

    /// A P-256 public key at the point (`x`, `y`), 32 bytes each, or why not (a point off the curve included).
    static func p256(x: [UInt8], y: [UInt8]) -> Result<VerificationKey, KeyProblem> {
        guard x.count == 32, y.count == 32 else { return .failure("is not a P-256 point (x and y of 32 bytes)") }
        // The uncompressed point (SEC 1 §2.3.3), alive until the parameters are built from it.
        let point = [0x04] + x + y
        return point.withUnsafeBytes { bytes in
            build("EC", algorithm: .es256) { builder in
                OSSL_PARAM_BLD_push_utf8_string(builder, pr_param_group, pr_group_p256, 0) == 1
                    && OSSL_PARAM_BLD_push_octet_string(builder, pr_param_public_key, bytes.baseAddress, bytes.count)
                        == 1
            }
        }
    }

    /// A public key of `type` from the parameters `push` gives a builder; what they point to must stay alive
    /// for the whole call.
    private static func build(
        _ type: String, algorithm: JSONWebToken.Algorithm, push: (OpaquePointer) -> Bool
    ) -> Result<VerificationKey, KeyProblem> {
        guard let builder = OSSL_PARAM_BLD_new() else { return .failure("libcrypto could not build parameters") }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard push(builder), let parameters = OSSL_PARAM_BLD_to_param(builder) else {
            return .failure("libcrypto could not build parameters")
        }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else {
            return .failure("libcrypto has no \(type) keys")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
            EVP_PKEY_fromdata(context, &key, pr_evp_pkey_public_key, parameters) == 1, let key
        else {
            ERR_clear_error()
            return .failure("is not a valid \(type) public key")
        }
        if type == "EC" {
            // fromdata decodes the point; the check proves it lies on the curve (not the point at infinity).
            guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
                EVP_PKEY_free(key)
                return .failure("libcrypto could not check the key")
            }
            defer { EVP_PKEY_CTX_free(check) }
            guard EVP_PKEY_public_check(check) == 1 else {
                ERR_clear_error()
                EVP_PKEY_free(key)
                return .failure("is not a point on P-256")
            }
        }
        return .success(VerificationKey(algorithm: algorithm, key: key))
    }

    /// Whether `signature` (the JWS form: PKCS #1 v1.5 bytes for RS256, `r || s` for ES256) signs `message`.
    package func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        let encoded: [UInt8]
        switch algorithm {
        case .rs256: encoded = signature
        case .es256:
            guard let der = Self.der(ecdsa: signature) else { return false }
            encoded = der
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            ERR_clear_error()
            return false
        }
        let result = EVP_DigestVerify(context, encoded, encoded.count, message, message.count)
        if result != 1 { ERR_clear_error() }
        return result == 1
    }

    /// JWS's ECDSA signature, `r` and `s` as 32 big-endian bytes each (RFC 7518 §3.4), as the DER `ECDSA-Sig-Value`
    /// libcrypto reads; nil for any other length.
    static func der(ecdsa signature: [UInt8]) -> [UInt8]? {
        guard signature.count == 64, let value = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(value) }
        guard let r = BN_bin2bn(signature, 32, nil) else { return nil }
        guard let s = signature[32...].withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, 32, nil) }) else {
            BN_free(r)
            return nil
        }
        // set0 takes both numbers; they are freed with the value.
        guard ECDSA_SIG_set0(value, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(value, nil)
        guard length > 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(value, &cursor)
        }
        return written == length ? out : nil
    }
}

/// Why a JSON Web Key is not used: the end of a sentence after the key's name (`is not a point on P-256`).
package struct KeyProblem: Error, Equatable, ExpressibleByStringInterpolation {
    package let reason: String
    package init(stringLiteral value: String) { reason = value }
    package init(stringInterpolation: DefaultStringInterpolation) {
        reason = String(stringInterpolation: stringInterpolation)
    }
}
