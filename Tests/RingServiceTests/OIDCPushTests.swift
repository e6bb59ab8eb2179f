import Foundation
import HTTPServer
import TestSupport
import Testing
import TokenIssuers

@testable import RingService

/// Pushes authenticated by OIDC tokens from a test issuer served over HTTPS (its keys made by openssl, its
/// certificate by a CA of the test's own): a good token of each algorithm is stored; every kind of bad token is
/// refused, 401 when it is no token this server trusts, 403 when its claims do not cover the name, each saying why.
@Suite(.serialized)
final class OIDCPushTests {
    static let audience = "https://rings.test"
    static let staticToken = "pr_static-token-for-coverage"
    static let rotatedToken = "pr_the-next-token-for-coverage"
    let issuer: TestIssuer
    let folder: String
    let service: RingService

    init() throws {
        issuer = try TestIssuer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oidc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.values.store = folder + "/values.db"
        config.values.tokens = [
            "static.*": [Self.staticToken, Self.rotatedToken].map { RingService.valueTokenDigest(Array($0.utf8)) }
        ]
        config.values.issuers = [
            IssuerSettings(
                issuer: issuer.url, audience: Self.audience, caFile: issuer.caFile,
                grants: [
                    ClaimGrant(
                        pattern: "coverage", claims: [("repository", ["acme/widgets"]), ("ref", ["refs/heads/main"])]),
                    ClaimGrant(pattern: "ci.*", claims: [("repository", ["acme/*"]), ("ref", ["refs/heads/*"])]),
                ])
        ]
        service = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
    }

    deinit {
        issuer.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func push(_ token: String, name: String = "coverage") -> (status: HTTPStatus, error: String) {
        let response = service.push(name, "87.5", token: token)
        let body = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return (response.status, body?["error"] as? String ?? "")
    }

    private func claims(_ changes: [String: Any?] = [:]) -> [String: Any] {
        issuer.claims(audience: Self.audience, changes)
    }

    @Test(arguments: ["RS256", "ES256"])
    func aTokenSignedByTheIssuersKeyStoresTheValue(algorithm: String) throws {
        let key = algorithm == "RS256" ? issuer.rsa : issuer.ec
        let answer = push(try issuer.token(claims(), key: key))
        #expect(answer.status == .ok, "\(answer.error)")
        #expect(service.get("/values/coverage").status == .ok)
    }

    /// The discovery document and the key set are fetched once, then kept: later tokens cost no fetch.
    @Test func theKeysAreFetchedOnceAndKept() throws {
        for key in [issuer.rsa, issuer.ec, issuer.rsa] {
            #expect(push(try issuer.token(claims(), key: key)).status == .ok)
        }
        #expect(issuer.fixture.requests == ["/.well-known/openid-configuration", "/jwks.json"])
    }

    /// A token asks for a key the set lacks: the set is fetched again (a rotated key is found), but at most once a
    /// minute however many such tokens come.
    @Test func anUnknownKeyIsRefusedAndRefetchedAtMostOnceAMinute() throws {
        #expect(push(try issuer.token(claims(), key: issuer.rsa)).status == .ok)
        let forged = try issuer.token(claims(), key: issuer.rsa, header: ["kid": "rsa-9"])
        let answer = push(forged)
        #expect(answer.status == .unauthorized)
        #expect(answer.error == "the token's key (kid \"rsa-9\") is not in its issuer's key set")
        #expect(push(forged).status == .unauthorized)
        #expect(issuer.fixture.requests.count == 2)
    }

    @Test func anUnsignedTokenIsRefused() throws {
        let token = try TestIssuer.macToken(claims(), header: ["alg": "none", "kid": "rsa-1"], secret: nil)
        let answer = push(token)
        #expect(answer.status == .unauthorized)
        #expect(answer.error == "the token is unsigned (alg none) (accepted: RS256 and ES256)")
    }

    /// The classic confusion: a token "signed" with HMAC under the issuer's public key, which anyone can read.
    @Test func aTokenSignedWithHMACIsRefused() throws {
        let secret = Array(try String(contentsOfFile: issuer.directory.appendingPathComponent("rsa.pem").path).utf8)
        let token = try TestIssuer.macToken(claims(), header: ["alg": "HS256", "kid": "rsa-1"], secret: secret)
        let answer = push(token)
        #expect(answer.status == .unauthorized)
        #expect(answer.error.hasPrefix("the token is signed with a shared secret (\"HS256\")"))
    }

    @Test func aTokenWhoseClaimsWereChangedAfterSigningIsRefused() throws {
        let good = try issuer.token(claims(), key: issuer.ec).split(separator: ".")
        let changed = try TestIssuer.encode(claims(["repository": "acme/other"]))
        let answer = push([good[0], Substring(changed), good[2]].joined(separator: "."))
        #expect(answer.status == .unauthorized)
        #expect(answer.error == "the token's signature does not verify with its issuer's key")
    }

    @Test func aTokenOfOneAlgorithmWithTheOtherKindOfKeyIsRefused() throws {
        let token = try issuer.token(claims(), key: issuer.ec, header: ["kid": "rsa-1"])
        #expect(push(token).error == "the token's alg ES256 is not its key's")
    }

    /// Each case: the claims changed (times as seconds from now) and the sentence the refusal says.
    nonisolated(unsafe) static let badClaims: [String: (changes: [String: Any?], sentence: String)] = [
        "expired": (["exp": -120], "the token has expired"),
        "no exp": (["exp": nil], "the token has no numeric exp"),
        "not yet": (["nbf": 120], "the token is not valid yet (nbf)"),
        "issued later": (["iat": 120], "the token was issued in the future (iat)"),
        "other audience": (
            ["aud": "https://other.test"], "the token is not for this server (its aud is not the configured audience)"
        ),
        "other audiences": (
            ["aud": ["https://other.test"]],
            "the token is not for this server (its aud is not the configured audience)"
        ),
        "other issuer": (
            ["iss": "https://token.actions.githubusercontent.com"],
            "the token's issuer (iss) is not one this server trusts (valueIssuers)"
        ),
    ]

    @Test(arguments: badClaims.keys.sorted())
    func aTokenWithBadRegisteredClaimsIsRefused(name: String) throws {
        let (change, sentence) = Self.badClaims[name]!
        let now = Int(Date().timeIntervalSince1970)
        var changes = change
        for claim in ["exp", "nbf", "iat"] { if let offset = change[claim] as? Int { changes[claim] = now + offset } }
        let answer = push(try issuer.token(claims(changes), key: issuer.rsa))
        #expect(answer.status == .unauthorized)
        #expect(answer.error == sentence)
    }

    /// Clocks may differ by a minute: a token expired 30 s ago, or valid from 30 s from now, is taken; an
    /// audience list that holds ours is too.
    @Test func aMinutesLeewayAndAnAudienceListAreAccepted() throws {
        let now = Int(Date().timeIntervalSince1970)
        let changes: [String: Any?] = ["exp": now - 30, "nbf": now + 30, "aud": ["x", Self.audience]]
        #expect(push(try issuer.token(claims(changes), key: issuer.ec)).status == .ok)
    }

    @Test func aClaimThatDoesNotMatchIsForbiddenNamingTheClaim() throws {
        let answer = push(try issuer.token(claims(["ref": "refs/heads/feature"]), key: issuer.rsa))
        #expect(answer.status == .forbidden)
        #expect(answer.error == "the token may not write coverage: its claim \"ref\" does not match")
        let missing = push(try issuer.token(claims(["repository": nil]), key: issuer.rsa))
        #expect(missing.error == "the token may not write coverage: its claim \"repository\" does not match")
    }

    @Test func globsMatchClaimsOfTheirPattern() throws {
        let token = try issuer.token(claims(["repository": "acme/gadgets", "ref": "refs/heads/x"]), key: issuer.ec)
        #expect(push(token, name: "ci.tests").status == .ok)
        #expect(push(token, name: "coverage").status == .forbidden)
        let other = try issuer.token(claims(["repository": "evil/acme"]), key: issuer.ec)
        #expect(push(other, name: "ci.tests").status == .forbidden)
    }

    @Test func aNameNoPatternCoversIsForbidden() throws {
        let answer = push(try issuer.token(claims(), key: issuer.rsa), name: "other")
        #expect(answer.status == .forbidden)
        #expect(answer.error == "tokens of this issuer may not write other (no valueIssuers pattern covers it)")
    }

    @Test func aStaticTokenStillWorksAndAPatternHoldsSeveral() {
        #expect(push(Self.staticToken, name: "static.a").status == .ok)
        #expect(push(Self.rotatedToken, name: "static.a").status == .ok)
        #expect(push("pr_unknown", name: "static.a").status == .unauthorized)
        #expect(push(Self.staticToken, name: "coverage").status == .forbidden)
    }

    @Test func garbageShapedAsAJWTIsRefusedAsSuch() {
        #expect(push("eyJ.eyJ.xx").error == "the token's header is not a JSON object")
        #expect(push("eyJhbGciOiJSUzI1NiJ9.e30.!").error == "a part of the token is not base64url")
    }

    /// A discovery document that sends the server to another host for the keys is not followed: the keys are not
    /// fetched, and the push is answered 503 (the issuer cannot be checked now), not 401.
    @Test func keysOffTheIssuersHostAreNotFetched() throws {
        try issuer.fixture.write(
            "openid-configuration",
            #"{"issuer": "\#(issuer.url)", "jwks_uri": "https://localhost:\#(issuer.fixture.port)/jwks.json"}"#)
        let response = service.push("coverage", "1", token: try issuer.token(claims(), key: issuer.rsa))
        #expect(response.status == .serviceUnavailable)
        #expect(response.header("Retry-After") == "60")
        #expect(issuer.fixture.requests == ["/.well-known/openid-configuration"])
    }

    /// A private value is read with a token that may write it, an OIDC token as a static one; without, 401.
    @Test func aPrivateValueIsReadWithAnOIDCTokenThatMayWriteIt() throws {
        var config = service.configuration
        config.values.store = folder + "/private.db"
        config.signing.keys = [URLKey(name: "k", secret: SignedURLTests.secret)]
        config.signing.privateValues = ["coverage"]
        let guarded = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
        let token = try issuer.token(claims(), key: issuer.ec)
        #expect(guarded.push("coverage", "42", token: token).status == .ok)
        #expect(guarded.get("/values/coverage").status == .unauthorized)
        let read = guarded.get("/values/coverage", ["Authorization": "Bearer " + token])
        #expect(read.status == .ok)
        #expect(String(decoding: read.body, as: UTF8.self).contains("\"value\": 42"))
        let other = try issuer.token(claims(["ref": "refs/heads/x"]), key: issuer.ec)
        #expect(guarded.get("/values/coverage", ["Authorization": "Bearer " + other]).status == .forbidden)
    }

    /// A key set's address that redirects is not followed, even on the issuer's own host.
    @Test func aRedirectingKeySetIsNotFollowed() throws {
        try issuer.fixture.write(
            "openid-configuration", #"{"issuer": "\#(issuer.url)", "jwks_uri": "\#(issuer.url)/chain/1"}"#)
        let response = service.push("coverage", "1", token: try issuer.token(claims(), key: issuer.rsa))
        #expect(response.status == .serviceUnavailable)
        #expect(issuer.fixture.requests == ["/.well-known/openid-configuration", "/chain/1"])
    }

    /// The log holds the path and the outcome of each push, and nothing of the token or its claims, whether the
    /// token is taken, refused for a claim, or refused for its signature.
    @Test func nothingOfATokenOrItsClaimsReachesTheLog() throws {
        let good = try issuer.token(claims(), key: issuer.ec)
        let refused = try issuer.token(claims(["ref": "refs/heads/secret-branch"]), key: issuer.rsa)
        let forged = try issuer.token(claims(), key: issuer.rsa, header: ["kid": "kid-never-seen"])
        var config = ServiceConfiguration()
        config.values.store = folder + "/logged.db"
        config.values.issuers = service.configuration.values.issuers
        let lines = ServiceLogTests.lines(format: .logfmt) { log in
            guard let logged = try? RingService(configuration: config, log: log) else { return }
            for token in [good, refused, forged] {
                _ = logged.response(
                    to: HTTPRequest(
                        method: .put, target: "/values/coverage",
                        headers: ["Content-Length": "1", "Authorization": "Bearer " + token], body: Array("1".utf8)))
            }
        }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("path=/values/coverage status=200"))
        #expect(text.contains("path=/values/coverage status=403"))
        #expect(text.contains("path=/values/coverage status=401"))
        for secret in ["acme", "refs/heads", "secret-branch", "kid-never-seen", "rsa-1", "ec-1", "eyJ"] {
            #expect(!text.contains(secret), "the log holds \(secret)")
        }
        for token in [good, refused, forged] {
            for part in token.split(separator: ".") { #expect(!text.contains(part)) }
        }
    }
}
