import RingKit

/// Why a URL's signature was refused: each case says which parameter, what was wrong and what is accepted, in the
/// 403 image and its `X-Error`.
enum SignatureRefusal: Sendable, Equatable {
    /// No `sig`: on a server that draws only signed URLs, for a private value, or beside `exp` or `key`. The
    /// private value's name when it is one.
    case missing(String?)
    case malformedSignature(String)
    case malformedExpiry(String)
    case repeated(String)
    /// Several keys, and the URL names none.
    case keyNeeded
    case unknownKey(String)
    /// The signature is not this URL's under the key.
    case mismatch
    /// Unix seconds.
    case expired(Int64)

    /// The sentence of the error image.
    func message(required: Bool) -> String {
        switch self {
        case .missing(let name?):
            "sig: missing; the stored value \(name) is private on this server and is drawn only on a signed URL "
                + "(progress-rings sign makes one)"
        case .missing(nil) where required:
            "sig: missing; this server draws only signed URLs (progress-rings sign makes one)"
        case .missing(nil):
            "sig: missing; exp and key are given only with sig (progress-rings sign makes a signed URL)"
        case .malformedSignature(let text):
            "sig: \(ParameterError.quoted(text)) is not a signature (accepted: 64 hex digits, the HMAC-SHA256 of the "
                + "URL's canonical text)"
        case .malformedExpiry(let text):
            "exp: \(ParameterError.quoted(text)) is not a time (accepted: Unix seconds, such as 1767225600)"
        case .repeated(let name):
            "\(name): given twice"
        case .keyNeeded:
            "key: missing; this server has several URL keys, and a signed URL names the one it was signed with"
        case .unknownKey(let name):
            "key: \(ParameterError.quoted(name)) is not a URL key of this server"
        case .mismatch:
            "sig: does not match this URL (it was signed for another path, query or key, or the URL was changed)"
        case .expired(let seconds):
            "exp: the signature expired at \(Self.time(seconds)) (\(seconds))"
        }
    }

    /// The words a small error image shows.
    var brief: String {
        switch self {
        case .missing: "signature needed"
        case .expired: "signature expired"
        case .keyNeeded, .unknownKey: "unknown key"
        default: "bad signature"
        }
    }

    private static func time(_ seconds: Int64) -> String {
        ValueTime.text(milliseconds: seconds * 1000)
    }
}
