import CCrypto

/// SHA-256 and HMAC-SHA256 by OpenSSL's libcrypto: the `'sha256-…'` sources of a Content-Security-Policy, the
/// hashes `valueTokens` keeps instead of tokens, and message authentication.
enum SHA256 {
    /// The 32-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = message.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &out, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "libcrypto could not hash")
        return Array(out.prefix(32))
    }

    /// The 32-byte HMAC-SHA256 of `message` under `key` (RFC 2104).
    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // An empty key still passes a pointer: libcrypto reads none of it.
        let keyBytes = key.isEmpty ? [0] : key
        let result = keyBytes.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                HMAC(
                    EVP_sha256(), k.baseAddress, Int32(key.count), m.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    m.count, &out, &length)
            }
        }
        precondition(result != nil && length == 32, "libcrypto could not authenticate")
        return Array(out.prefix(32))
    }

    /// Whether `a` and `b` are equal, in a time that depends on their length only (`CRYPTO_memcmp`).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 }
        }
    }
}
