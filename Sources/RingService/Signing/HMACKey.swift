import CCrypto

/// An HMAC-SHA256 key made ready once (RFC 2104): the SHA-256 states after its inner and outer pads, so
/// authenticating a message hashes only the message and the inner digest. OpenSSL 3's one-shot `HMAC()` looks up
/// its algorithm on every call, which costs more than hashing a URL (docs/decisions.md, "Signed URLs").
///
/// `@unchecked Sendable`: the class owns two libcrypto digest contexts that are written only in `init` and only
/// read afterwards (`EVP_MD_CTX_copy_ex` copies from them), so any thread may authenticate with the same key.
final class HMACKey: @unchecked Sendable {
    private let inner: OpaquePointer
    private let outer: OpaquePointer
    private let digest: OpaquePointer

    /// A key of any length: one longer than SHA-256's 64-byte block is hashed first, as RFC 2104 says.
    init(_ key: [UInt8]) {
        guard let digest = EVP_MD_fetch(nil, "SHA256", nil), let inner = EVP_MD_CTX_new(),
            let outer = EVP_MD_CTX_new()
        else { preconditionFailure("libcrypto has no SHA-256") }
        self.digest = digest
        self.inner = inner
        self.outer = outer
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        for (context, pad) in [(inner, UInt8(0x36)), (outer, UInt8(0x5c))] {
            let padded = block.map { $0 ^ pad }
            let ok = EVP_DigestInit_ex(context, digest, nil) == 1 && EVP_DigestUpdate(context, padded, 64) == 1
            precondition(ok, "libcrypto could not start SHA-256")
        }
    }

    deinit {
        EVP_MD_CTX_free(inner)
        EVP_MD_CTX_free(outer)
        EVP_MD_free(digest)
    }

    /// The 32-byte HMAC-SHA256 of `message` under this key.
    func authenticate(_ message: [UInt8]) -> [UInt8] {
        guard let work = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate") }
        defer { EVP_MD_CTX_free(work) }
        var innerDigest = [UInt8](repeating: 0, count: 32)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        var ok = EVP_MD_CTX_copy_ex(work, inner) == 1
        ok = ok && message.withUnsafeBytes { EVP_DigestUpdate(work, $0.baseAddress, $0.count) } == 1
        ok = ok && EVP_DigestFinal_ex(work, &innerDigest, &length) == 1 && length == 32
        ok = ok && EVP_MD_CTX_copy_ex(work, outer) == 1 && EVP_DigestUpdate(work, innerDigest, 32) == 1
        ok = ok && EVP_DigestFinal_ex(work, &out, &length) == 1 && length == 32
        precondition(ok, "libcrypto could not authenticate")
        return out
    }
}
