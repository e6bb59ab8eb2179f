import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// deploy/github-action/action.yml, its steps run as a runner runs them (`CompositeAction`) against a live server:
/// with the job's OIDC token from a stand-in for GitHub's token request, or with a token input, the report lands.
@Suite(.serialized)
final class GitHubActionTests {
    static let token = "pr_action-test-token"
    let issuer: TestIssuer
    let folder: String

    init() throws {
        issuer = try TestIssuer()
        folder = NSTemporaryDirectory() + "github-action-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
    }

    deinit {
        issuer.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func text(_ url: String) throws -> String { try ExternalCommand.run("curl", ["-sS", url]).text }

    /// A job with `permissions: id-token: write` and progress-rings on its PATH pushes its JUnit report with no
    /// secret: the token request is asked for the audience input, and the tests badge reads the run.
    @Test func aJobPushesItsReportWithItsOIDCToken() async throws {
        let tokens = try FixtureServer()
        defer { tokens.stop() }
        let audience = "https://rings.test"
        try tokens.write(
            "token", #"{"value": "\#(try issuer.token(issuer.claims(audience: audience), key: issuer.rsa))"}"#)
        let issuers = """
            {"\(issuer.url)": {"audience": "\(audience)", "caFile": "\(issuer.caFile)",
             "names": {"tests": {"repository": "acme/widgets", "ref": "refs/heads/main"}}}}
            """
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-issuers", issuers,
        ])
        defer { server.kill(SIGTERM) }
        let url = "http://127.0.0.1:\(server.port)"
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/bin/progress-rings", withDestinationPath: BuiltBinary.path)
        let cases =
            String(repeating: "<testcase/>", count: 40) + "<testcase><failure/></testcase><testcase><error/></testcase>"
            + "<testcase><skipped/></testcase>"
        try "<testsuites><testsuite>\(cases)</testsuite></testsuites>".write(
            toFile: folder + "/junit.xml", atomically: true, encoding: .utf8)
        let action = try CompositeAction()
        let outcome = try await onOwnThread { [folder] in
            try action.run(
                inputs: ["server": url, "name": "tests", "report": "junit.xml", "audience": audience],
                environment: [
                    "PATH": folder + "/bin:/usr/bin:/bin",
                    "ACTIONS_ID_TOKEN_REQUEST_URL": tokens.url("token") + "?api-version=2.0",
                    "ACTIONS_ID_TOKEN_REQUEST_TOKEN": "request-secret",
                ], folder: folder)
        }
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("stored tests: 40 of 42\n"), "\(outcome.output)")
        #expect(outcome.skipped == ["actions/cache@v4"])
        #expect(tokens.requests == ["/token?api-version=2.0&audience=https%3A%2F%2Frings.test"])
        let badge = try text(url + "/badge.svg?value=@tests&preset=tests")
        #expect(badge.contains(">40 passed, 2 failed, 1 skipped<"), "\(badge)")
    }

    /// A token input and a binary input, on a pull request with branch handling on: the number is stored beside
    /// main, under the branch's name.
    @Test func aTokenInputPushesABranchBesideMain() async throws {
        let digest =
            "sha256:"
            + String(
                try ExternalCommand.run("sha256sum", [], input: Array(Self.token.utf8)).text.prefix(64))
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(digest)\"}",
        ])
        defer { server.kill(SIGTERM) }
        let url = "http://127.0.0.1:\(server.port)"
        let action = try CompositeAction()
        let outcome = try await onOwnThread { [folder] in
            try action.run(
                inputs: [
                    "server": url, "name": "coverage", "report": "87.4", "token": Self.token,
                    "binary": BuiltBinary.path, "branch-from-ci": "true",
                ],
                environment: ["PATH": "/usr/bin:/bin", "GITHUB_HEAD_REF": "feature/Login"], folder: folder)
        }
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "stored coverage.feature-login: 87.4\n", "\(outcome.errors)")
        #expect(try text(url + "/values/coverage.feature-login").contains(#""value": 87.4"#))
        // A binary input that is no program stops the job at once, saying which input.
        let wrong = try await onOwnThread { [folder] in
            try action.run(
                inputs: ["server": url, "name": "coverage", "report": "1", "binary": folder + "/nothing"],
                environment: ["PATH": "/usr/bin:/bin"], folder: folder)
        }
        #expect(wrong.status == 1 && wrong.output.contains("::error::binary: "))
    }

    /// With no binary given and none on the PATH, the action asks for its build, keyed by the digest of the sources
    /// it is built from; a binary the cache restored (placed where actions/cache puts it) is used without building.
    @Test func aCachedBuildIsKeyedBySourcesAndUsed() async throws {
        let digest =
            "sha256:"
            + String(
                try ExternalCommand.run("sha256sum", [], input: Array(Self.token.utf8)).text.prefix(64))
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(digest)\"}",
        ])
        defer { server.kill(SIGTERM) }
        try FileManager.default.createDirectory(
            atPath: folder + "/.cache/progress-rings-action", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/.cache/progress-rings-action/progress-rings", withDestinationPath: BuiltBinary.path)
        let action = try CompositeAction()
        let outcome = try await onOwnThread { [folder] in
            try action.run(
                inputs: [
                    "server": "http://127.0.0.1:\(server.port)", "name": "tasks", "report": "12", "token": Self.token,
                ],
                environment: ["PATH": "/usr/bin:/bin"], folder: folder)
        }
        #expect(outcome.status == 0 && outcome.output == "stored tasks: 12\n", "\(outcome.errors)")
        let outputs = try String(contentsOfFile: folder + "/github_output", encoding: .utf8)
        #expect(outputs.hasPrefix("build=true\nkey=progress-rings-Linux-"), "\(outputs)")
        #expect(outputs.split(separator: "-").last?.count == 17, "\(outputs)")
    }
}
