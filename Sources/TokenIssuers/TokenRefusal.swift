/// Why a token may not write a name: `invalid` is no token this server trusts (401), `notAllowed` a trusted token
/// whose claims do not cover the name (403), `unavailable` a token that cannot be checked now because its issuer's
/// keys could not be fetched (503). The sentence goes to the client that sent the token, never to a log: it names
/// claims, never their values.
public enum TokenRefusal: Error, Equatable, Sendable {
    case invalid(String)
    case notAllowed(String)
    case unavailable(String)

    /// The sentence for the client.
    public var message: String {
        switch self {
        case .invalid(let text), .notAllowed(let text), .unavailable(let text): text
        }
    }

    /// A short text from the token (an algorithm's name, a key id, a claim's name), shown quoted with anything
    /// but printable ASCII replaced and cut to 40 bytes, since the token is the client's, not ours.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(40) {
            out +=
                scalar.value >= 0x20 && scalar.value < 0x7f && scalar != "\"" && scalar != "\\" ? String(scalar) : "?"
        }
        return "\"" + out + (text.unicodeScalars.count > 40 ? "…" : "") + "\""
    }
}
