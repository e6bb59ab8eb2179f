import CCrypto
import Foundation

/// An OIDC issuer for tests, as GitHub's and GitLab's are seen by a server: a discovery document and a JSON Web Key
/// Set served over HTTPS by the fixture server on 127.0.0.1, with a certificate from a CA made for the test
/// (`caFile`), and the keys that sign its tokens: an RSA key (RS256) and a P-256 key (ES256), made by `openssl`.
public final class TestIssuer: @unchecked Sendable {
    public let directory: URL
    public let fixture: FixtureServer
    public let rsa: TestSigningKey
    public let ec: TestSigningKey

    /// The issuer's URL, as its tokens' `iss`.
    public var url: String { "https://127.0.0.1:\(fixture.port)" }
    /// The CA that signed the server's certificate.
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("issuer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: directory.appendingPathComponent("leaf.ext"))
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + ec + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=progress-rings test issuer CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ],
            ["req"] + ec + ["-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "leaf.pem", "-days", "2", "-extfile", "leaf.ext",
            ],
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "rsa.pem"],
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "ec.pem"],
        ]
        for arguments in steps {
            guard try ExternalCommand.run("openssl", arguments, directory: directory).status == 0 else {
                throw TestFailure("openssl \(arguments.prefix(2).joined(separator: " ")) failed")
            }
        }
        rsa = try TestSigningKey(
            file: directory.appendingPathComponent("rsa.pem").path, kid: "rsa-1", algorithm: "RS256")
        self.ec = try TestSigningKey(
            file: directory.appendingPathComponent("ec.pem").path, kid: "ec-1", algorithm: "ES256")
        fixture = try FixtureServer(
            tls: (directory.appendingPathComponent("leaf.pem").path, directory.appendingPathComponent("leaf.key").path))
        try fixture.write(
            "openid-configuration", #"{"issuer": "\#(url)", "jwks_uri": "\#(url)/jwks.json"}"#)
        try publish([rsa, self.ec])
    }

    deinit { stop() }

    public func stop() {
        fixture.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Serves `keys` as the issuer's key set from now on.
    public func publish(_ keys: [TestSigningKey]) throws {
        let set: [String: Any] = ["keys": keys.map(\.jwk)]
        try fixture.write("jwks.json", String(decoding: try JSONSerialization.data(withJSONObject: set), as: UTF8.self))
    }

    /// The claims of a GitHub Actions token of `acme/widgets` on main, issued now for `audience`, with `changes`
    /// applied (a nil removes a claim).
    public func claims(audience: String, _ changes: [String: Any?] = [:]) -> [String: Any] {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": url, "aud": audience, "iat": now - 5, "nbf": now - 5, "exp": now + 300,
            "sub": "repo:acme/widgets:ref:refs/heads/main", "repository": "acme/widgets", "ref": "refs/heads/main",
            "workflow": "tests", "repository_owner": "acme",
        ]
        for (key, value) in changes { claims[key] = value }
        return claims
    }

    /// A compact JWT of `claims` signed by `key`; `header` changes the header's members.
    public func token(_ claims: [String: Any], key: TestSigningKey, header: [String: Any] = [:]) throws -> String {
        var fields: [String: Any] = ["alg": key.algorithm, "kid": key.kid, "typ": "JWT"]
        for (name, value) in header { fields[name] = value }
        let signed = try Self.encode(fields) + "." + Self.encode(claims)
        return signed + "." + Self.base64URL(key.sign(Array(signed.utf8)))
    }

    /// A token of `claims` with the header `header`, signed with HMAC-SHA256 under `secret` (or unsigned, when
    /// `secret` is nil): what no issuer's public key can check.
    public static func macToken(_ claims: [String: Any], header: [String: Any], secret: [UInt8]?) throws -> String {
        let signed = try encode(header) + "." + encode(claims)
        guard let secret else { return signed + "." }
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), secret, Int32(secret.count), Array(signed.utf8), signed.utf8.count, &out, &length)
        return signed + "." + base64URL(out)
    }

    public static func encode(_ object: [String: Any]) throws -> String {
        base64URL(Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
    }

    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
