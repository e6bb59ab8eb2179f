import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// Authentication to a Prometheus server, against the fixture, which records the headers each request carried:
/// secrets read from files and variables reach the server's origin only, and never a message.
@Suite(.serialized)
final class PrometheusAuthTests {
    let fixture: FixtureServer
    let directory: URL
    static let sample =
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1700000000,"7"]}]}}"#
    static let token = "s3cret-token-\(UUID().uuidString)"

    init() throws {
        fixture = try FixtureServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prom-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try fixture.write("up", Self.sample)
        try fixture.write("down", #"{"status":"error","errorType":"bad_data","error":"no"}"#)
    }

    deinit {
        fixture.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func secretFile(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func live(base: String = "prom", _ auth: PrometheusAuth) throws -> LiveValues {
        // `localhost` is the other origin a redirect leads to (the same fixture, another host name).
        try makeLive(resolve: [fixture.resolve("localhost")]) {
            $0.hosts = ["127.0.0.1", "localhost"]
            $0.promQL = .any
            $0.retrySeconds = 0.001
            $0.ttl = 0.001
            $0.prometheusServers = [.init(name: "main", url: fixture.url(base), auth: auth)]
        }
    }

    func read(_ live: LiveValues, _ query: String = "up") async throws -> LiveAnswer {
        try await onOwnThread { try live.read(prometheus: query) }
    }

    /// A bearer token read from a file (its trailing line break dropped) and a plain X-Scope-OrgID are sent.
    @Test func aBearerTokenFromAFileAndATenantHeaderAreSent() async throws {
        let path = try secretFile("token", Self.token + "\n")
        let live = try live(
            PrometheusAuth(bearerToken: .file(path), headers: [.init(name: "X-Scope-OrgID", value: .text("tenant-1"))]))
        #expect(try await read(live).value == 7)
        let sent = try #require(fixture.headers.last?.headers)
        #expect(sent["Authorization"] == "Bearer \(Self.token)")
        #expect(sent["X-Scope-OrgID"] == "tenant-1")
    }

    /// A token file rewritten while the service runs (a rotated token) is read again for the next fetch.
    @Test func aRotatedTokenFileIsUsedForTheNextFetch() async throws {
        let path = try secretFile("token", "first")
        let live = try live(PrometheusAuth(bearerToken: .file(path)))
        _ = try await read(live)
        _ = try secretFile("token", "second")
        usleep(20_000)
        _ = try await read(live)
        #expect(fixture.headers.map { $0.headers["Authorization"] } == ["Bearer first", "Bearer second"])
    }

    /// Basic auth takes its password from an environment variable.
    @Test func basicAuthReadsItsPasswordFromTheEnvironment() async throws {
        let variable = "PROGRESS_RINGS_TEST_PROM_PASSWORD_\(UInt32.random(in: 0...UInt32.max))"
        setenv(variable, "pa:ss", 1)
        defer { unsetenv(variable) }
        let live = try live(PrometheusAuth(basicAuth: .init(username: "rings", password: .environment(variable))))
        #expect(try await read(live).value == 7)
        let expected = "Basic " + Data("rings:pa:ss".utf8).base64EncodedString()
        #expect(fixture.headers.last?.headers["Authorization"] == expected)
    }

    /// A redirect to another origin (here `localhost` for `127.0.0.1`) is followed without the credentials.
    @Test func aRedirectToAnotherOriginCarriesNoCredentials() async throws {
        let path = try secretFile("token", Self.token)
        let live = try live(
            base: "moved",
            PrometheusAuth(bearerToken: .file(path), headers: [.init(name: "X-Scope-OrgID", value: .text("t"))]))
        #expect(try await read(live).value == 7)
        let seen = fixture.headers
        #expect(seen.map(\.path) == ["/moved/api/v1/query?query=up", "/prom/api/v1/query?query=up"])
        #expect(seen.first?.headers["Authorization"] == "Bearer \(Self.token)")
        #expect(seen.last?.headers["Authorization"] == nil && seen.last?.headers["X-Scope-OrgID"] == nil)
    }

    /// Neither a refusal by the server nor a secret that cannot be read at fetch time shows the secret or where it is.
    @Test func failuresNeverShowTheSecretOrWhereItIs() async throws {
        let path = try secretFile("token", Self.token)
        let live = try live(PrometheusAuth(bearerToken: .file(path)))
        let refused = try #require(try await read(live, "down").error)
        #expect(!refused.message.contains(Self.token))
        try FileManager.default.removeItem(atPath: path)
        usleep(20_000)
        let unreadable = try #require(try await read(live).error)
        #expect(
            unreadable.message == "prometheus: server main could not be fetched (its credentials could not be read)")
        #expect(!unreadable.message.contains(path) && !unreadable.message.contains("token"))
    }

    /// Settings that cannot work stop start-up naming where the secret is, never what it holds.
    @Test(arguments: [
        (
            PrometheusAuth(headers: [.init(name: "Authorization", value: .text("Bearer abc"))]),
            #"header Authorization holds a credential: give {"file": …} or {"env": …}, not its text"#
        ),
        (
            PrometheusAuth(bearerToken: .environment("PROGRESS_RINGS_UNSET_VARIABLE")),
            "bearerToken's environment variable PROGRESS_RINGS_UNSET_VARIABLE is not set"
        ),
        (
            PrometheusAuth(headers: [.init(name: "Host", value: .text("x"))]),
            "header Host is written by the fetcher itself"
        ),
        (PrometheusAuth(headers: [.init(name: "X-A b", value: .text("x"))]), #"header "X-A b" is not a header name"#),
        (
            PrometheusAuth(headers: [.init(name: "X-Org", value: .text("a\r\nX-Evil: 1"))]),
            "header X-Org's value holds a control character"
        ),
        (
            PrometheusAuth(
                clientCertificate: .init(certificateFile: "/nonexistent/c.pem", keyFile: "/nonexistent/k.pem")),
            #"clientCertificate's certificate file "/nonexistent/c.pem" cannot be read"#
        ),
    ])
    func refusedSettingsNameTheProblem(auth: PrometheusAuth, reason: String) throws {
        var settings = LiveSettings()
        settings.prometheusServers = [.init(name: "main", url: "http://prom.internal:9090", auth: auth)]
        #expect(throws: LiveSettingsError(setting: "prometheusServers", reason: #""main": "# + reason)) {
            try LiveValues.check(settings)
        }
    }

    /// A secret file holding a line break inside (two lines, or a header smuggled after the token) is refused, and
    /// the message does not quote it.
    @Test func aSecretWithALineBreakInsideIsRefusedUnquoted() throws {
        let path = try secretFile("token", Self.token + "\r\nX-Evil: 1\n")
        var settings = LiveSettings()
        settings.prometheusServers = [.init(name: "main", url: "http://p:9090", auth: .init(bearerToken: .file(path)))]
        do {
            try LiveValues.check(settings)
            Issue.record("a token with a line break inside was accepted")
        } catch {
            #expect(error.reason.hasSuffix("holds a control character (a line break inside the secret?)"))
            #expect(!error.message.contains(Self.token) && !error.message.contains("Evil"))
        }
    }
}
