import RingKit

/// Who may see what (`SigningSettings`): signatures of image URLs checked against the named keys, the private
/// stored values, and whether every image must be signed. A value made once from the settings; `check` is pure
/// (the time is given), so every path is tested without a server.
struct URLSigning: Sendable {
    /// What a URL's signature comes to.
    enum Verdict: Sendable {
        /// No signing parameter: an unsigned URL.
        case unsigned
        /// A valid signature: the target without `sig`, `exp` and `key`, and the expiry (Unix seconds), if any.
        case signed(target: String, expires: Int64?)
        /// Refused with a 403 that says why.
        case refused(SignatureRefusal)
    }

    private let keys: [String: HMACKey]
    /// The only key, which a URL need not name.
    private let onlyKey: HMACKey?
    let privatePatterns: [String]
    let required: Bool
    /// Targets whose signatures were checked and held, under these keys: a repeated signed URL is found by its
    /// bytes instead of being decoded, sorted and authenticated again (docs/decisions.md, "Signed URLs").
    let verified = TargetMemo<VerifiedTarget>(maxBytes: 2 << 20)

    init(_ settings: SigningSettings) {
        keys = Dictionary(settings.keys.map { ($0.name, HMACKey($0.secret)) }, uniquingKeysWith: { a, _ in a })
        onlyKey = keys.count == 1 ? keys.first?.value : nil
        privatePatterns = settings.privateValues
        required = settings.requireSignature && !keys.isEmpty
    }

    /// Signatures are read at all: with no key, `sig`, `exp` and `key` are parameters like any unknown one.
    var isEnabled: Bool { !keys.isEmpty }

    /// The verdict on an image URL (`target`, and its path and query as sent) at `now` (Unix seconds). A target
    /// checked before is found by its exact bytes, and only its expiry is read again; any other is checked in full,
    /// the signature before the expiry, so a forged URL is told it is forged, not that it expired.
    func check(target: String, path: Substring, query: Substring, now: Int64) -> Verdict {
        guard isEnabled, SigningParameters.mayBePresent(in: query) else { return .unsigned }
        if let known = verified.entry(target) {
            if let expires = known.expires, now >= expires { return .refused(.expired(expires)) }
            return .signed(target: known.target, expires: known.expires)
        }
        let verdict = check(path: path, query: query, now: now)
        if case .signed(let plain, let expires) = verdict {
            verified.remember(VerifiedTarget(target: plain, expires: expires), for: target)
        }
        return verdict
    }

    /// The verdict of the signature alone, checked in full (see `check(target:path:query:now:)`).
    func check(path: Substring, query: Substring, now: Int64) -> Verdict {
        guard isEnabled else { return .unsigned }
        let given = SigningParameters(query: query)
        guard let remaining = given.remaining else { return .unsigned }
        if let repeated = given.repeated { return .refused(.repeated(repeated)) }
        guard let sigText = given.sig else { return .refused(.missing(nil)) }
        guard sigText.utf8.count == 64, let sig = PercentHex.bytes(sigText) else {
            return .refused(.malformedSignature(sigText))
        }
        var expires: Int64? = nil
        if let exp = given.exp {
            guard let seconds = Self.unixSeconds(exp) else { return .refused(.malformedExpiry(exp)) }
            expires = seconds
        }
        let key: HMACKey
        switch given.key {
        case nil:
            guard let onlyKey else { return .refused(.keyNeeded) }
            key = onlyKey
        case let name?:
            guard let named = keys[name] else { return .refused(.unknownKey(name)) }
            key = named
        }
        let mac = key.authenticate(CanonicalURL.message(path: path, query: query))
        guard SHA256.equal(mac, sig) else { return .refused(.mismatch) }
        if let expires, now >= expires { return .refused(.expired(expires)) }
        return .signed(target: remaining.isEmpty ? String(path) : path + "?" + remaining, expires: expires)
    }

    /// The first of `names` that a `privateValues` pattern covers.
    func privateName(among names: [String]) -> String? {
        guard !privatePatterns.isEmpty else { return nil }
        return names.first { isPrivate($0) }
    }

    /// Whether a `privateValues` pattern covers `name`.
    func isPrivate(_ name: String) -> Bool {
        privatePatterns.contains { ValueTokens.matches($0, name) }
    }

    /// Unix seconds as `exp` gives them: 1 to 12 digits.
    static func unixSeconds(_ text: String) -> Int64? {
        guard (1...12).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    /// The signature of a URL: HMAC-SHA256 of its canonical text under `secret`, in lower-case hex.
    static func signature(path: Substring, query: Substring, secret: [UInt8]) -> String {
        PercentHex.text(HMACKey(secret).authenticate(CanonicalURL.message(path: path, query: query)))
    }
}
