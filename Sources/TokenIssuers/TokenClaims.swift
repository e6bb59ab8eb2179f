import StrictJSON

/// The registered claims every accepted token must satisfy (RFC 7519 §4.1): its issuer, its audience, and its
/// times, with a minute's leeway for clocks that differ.
package enum TokenClaims {
    /// Seconds a clock may be off either way.
    static let leeway = 60.0

    /// Why `claims` are not those of a live token of `issuer` for `audience` at `now` (Unix seconds), or nil.
    package static func problem(_ claims: JSONValue, issuer: IssuerSettings, now: Double) -> TokenRefusal? {
        switch claims["aud"] {
        case .string(let audience)? where audience == issuer.audience: break
        case .array(let audiences)? where audiences.contains(.string(issuer.audience)): break
        default: return .invalid("the token is not for this server (its aud is not the configured audience)")
        }
        guard let expiry = number(claims["exp"]) else { return .invalid("the token has no numeric exp") }
        guard now <= expiry + leeway else { return .invalid("the token has expired") }
        if let value = claims["nbf"] {
            guard let notBefore = number(value) else { return .invalid("the token's nbf is not a number") }
            guard now >= notBefore - leeway else { return .invalid("the token is not valid yet (nbf)") }
        }
        if let value = claims["iat"] {
            guard let issued = number(value) else { return .invalid("the token's iat is not a number") }
            guard now >= issued - leeway else { return .invalid("the token was issued in the future (iat)") }
        }
        return nil
    }

    private static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let number)? = value, number.double.isFinite else { return nil }
        return number.double
    }
}
