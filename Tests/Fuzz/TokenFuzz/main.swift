import Dispatch
import LiveValues
import StrictJSON
import TokenIssuers

/// libFuzzer entry: reads the input as a bearer token, as a key set and as base64url. A token is read
/// (`JSONWebToken`) and checked in full (`OIDCIssuers`) against an issuer whose keys are held; the check must
/// refuse in one line, or allow only a token whose signature verifies with its key id's key, and never wait for a
/// fetch. A key set's keys must build or be left out, never crash libcrypto, and verify no arbitrary signature.
/// base64url decoding must accept exactly its alphabet at lengths an encoding has, giving 3 bytes for 4.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    checkBase64(input)
    checkToken(input)
    if case .success(let set) = KeySet.parse(input) {
        for (kid, key) in set.keys where key.verifies(Array(input.prefix(64)), of: input) {
            fatalError("the key \(kid) verified its own document as a signature")
        }
    }
    return 0
}

/// The issuer's key set: an RSA and a P-256 key made by openssl for the corpus's seed tokens.
let keySetText = #"""
    {"keys": [{"kty": "RSA", "kid": "rsa-1", "alg": "RS256", "use": "sig", "n": "rxBZwK9vQcHrarXgl1zIttMx4dfmGXx9CNCWOojo6dcwFBkvPks9mUmT9k2a0b-i_HenvTNSQ1fpgJFAJfW1tTbp-1ZPV4mUP8IWRJM4ooizEiyU4sElGNfKtOW6IqbxO4DPnuhOwq1U_xYhbAexA8EboPdEBm1eYRr2_hfR8payg2fJja_tVESJG2PFey2E3wxswNOPY_DTr9iD62E7xssQ0giSocAVLblRnEcB2LwBG153UCwTIGoV_MeN7BSje4YmSMznDZJ64Qw8m_1odiwpOxcKMdhrwjQfmTBtsjZjp0Mpd7lIsAqlycUfbS4HkU3AzvrkZb1utG9pUfP_AQ", "e": "AQAB"}, {"kty": "EC", "kid": "ec-1", "crv": "P-256", "alg": "ES256", "use": "sig", "x": "1ihSvgDFY0_1-QmeIJ-7jsm3AZORwuX_m8upwmFwCl4", "y": "aKRiBeUciIsr8YHjbZaZa8F7DpcS8XVslsd9vXfY-JI"}]}
    """#

/// A clock that stands still, so a key id the set lacks is never fetched again: the check never waits.
struct StillClock: LiveClock {
    func now() -> Double { 1000 }
}

let keySet: KeySet = {
    guard case .success(let set) = KeySet.parse(Array(keySetText.utf8)) else { fatalError("the seed key set") }
    return set
}()

let issuers: OIDCIssuers = {
    let settings = IssuerSettings(
        issuer: "https://issuer.test", audience: "https://rings.test",
        grants: [
            ClaimGrant(pattern: "coverage", claims: [("repository", ["acme/*"]), ("ref", ["refs/heads/main"])]),
            ClaimGrant(pattern: "ci.*", claims: [("ref_protected", ["true"])]),
        ])
    let issuers = OIDCIssuers(
        [settings], clock: StillClock(), wallClock: { 1_800_000_000 }, report: { _, _ in },
        fetch: { _ in { .success(keySet) } })
    // The first token of the issuer fetches its keys; from then on the clock keeps them from being asked again.
    let seed = Array(#"eyJhbGciOiJSUzI1NiIsImtpZCI6Im5vbmUifQ.eyJpc3MiOiJodHRwczovL2lzc3Vlci50ZXN0In0.AA"#.utf8)
    if case .pending(let finish) = issuers.check(token: seed, name: "coverage") {
        let done = DispatchSemaphore(value: 0)
        finish { _ in done.signal() }
        done.wait()
    }
    return issuers
}()

func checkToken(_ input: [UInt8]) {
    let parsed: JSONWebToken?
    do {
        let token = try JSONWebToken(input)
        guard !token.keyID.isEmpty, case .object = token.claims else { fatalError("a token without kid or claims") }
        guard input.starts(with: token.signedPart), input.count > token.signedPart.count else {
            fatalError("the signed part is not the token's beginning")
        }
        for grant in [ClaimGrant(pattern: "x", claims: [("sub", ["repo:*"]), ("ref_protected", ["true"])])] {
            _ = grant.firstMismatch(in: token.claims)
        }
        let settings = IssuerSettings(issuer: "https://issuer.test", audience: "https://rings.test", grants: [])
        if let problem = TokenClaims.problem(token.claims, issuer: settings, now: 1_800_000_000) {
            oneLine(problem.message)
        }
        parsed = token
    } catch {
        oneLine(error.message)
        parsed = nil
    }
    for name in ["coverage", "ci.tests", "other"] {
        switch issuers.check(token: input, name: name) {
        case .allowed:
            guard let parsed, let key = keySet.keys[parsed.keyID], key.algorithm == parsed.algorithm,
                key.verifies(parsed.signature, of: parsed.signedPart)
            else { fatalError("allowed a token no key of the issuer signed") }
            if name == "other" { fatalError("allowed a name no grant covers") }
        case .refused(let refusal): oneLine(refusal.message)
        case .pending: fatalError("a check waited for keys the clock holds")
        }
    }
}

func checkBase64(_ input: [UInt8]) {
    let alphabet = input.allSatisfy { b in
        (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b == 0x2d || b == 0x5f
    }
    let decoded = Base64URL.decode(input)
    if (decoded != nil) != (alphabet && input.count % 4 != 1) { fatalError("base64url accepted or refused wrongly") }
    if let decoded, decoded.count != input.count * 3 / 4 { fatalError("base64url gave \(decoded.count) bytes") }
}

func oneLine(_ message: String) {
    if message.isEmpty || message.contains("\n") { fatalError("message: \(message)") }
}
