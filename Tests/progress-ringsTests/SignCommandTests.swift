import Foundation
import TestSupport
import Testing

/// `progress-rings sign`: the built binary signs with a key read as `serve` reads it, and a server with the same
/// key draws the URL it prints, refuses it once changed, and refuses it past its expiry.
@Suite(.serialized)
final class SignCommandTests {
    let keyFile = NSTemporaryDirectory() + "sign-key-\(UUID().uuidString)"
    var keys: String { #"{"web": "file:\#(keyFile)"}"# }

    init() throws {
        try Data("a signing secret of thirty-two bytes or more\n".utf8).write(to: URL(fileURLWithPath: keyFile))
    }

    deinit { try? FileManager.default.removeItem(atPath: keyFile) }

    @Test func theServerDrawsWhatSignPrintsAndNothingElse() async throws {
        let server = try await ServerProcess.start(["--url-keys", keys, "--require-signature", "true"])
        defer { server.kill(SIGTERM) }
        let environment = ["PROGRESS_RINGS_URL_KEYS": keys]
        let signed = try await BuiltBinary.run(
            ["sign", "value=72&size=64&label=%7Bvalue%7D", "--path", "/ring.png", "--expires", "1h", "--canonical"],
            environment: environment)
        #expect(signed.status == 0, "\(signed.errors)")
        let lines = signed.text.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(signed.text)")
        #expect(lines[0] == "/ring.png")
        #expect(lines[1].hasPrefix("exp=") && lines[1].hasSuffix("&key=web&label=%7Bvalue%7D&size=64&value=72"))
        let url = lines[2]
        #expect(url.hasPrefix("/ring.png?value=72&size=64&label=%7Bvalue%7D&exp="))
        #expect(url.contains("&key=web&sig="))
        let reordered =
            "/ring.png?" + url.split(separator: "?")[1].split(separator: "&").reversed().joined(separator: "&")
        let answers = try await onOwnThread {
            let client = try TestClient(port: server.port)
            return try [
                url, reordered, url.replacingOccurrences(of: "value=72", with: "value=73"),
                "/ring.png?value=72&size=64",
            ].map { try client.request("GET", $0) }
        }
        #expect(answers[0].status == 200, "\(answers[0].header("X-Error") ?? "")")
        #expect(answers[0].header("Content-Type") == "image/png")
        let maxAge = answers[0].header("Cache-Control").flatMap { $0.split(separator: "=").last }.flatMap { Int($0) }
        #expect(maxAge.map { $0 <= 3600 && $0 > 3500 } == true, "\(answers[0].header("Cache-Control") ?? "")")
        #expect(answers[1].status == 200 && answers[1].body == answers[0].body)
        #expect(answers[2].status == 403)
        #expect(answers[2].header("X-Error")?.hasPrefix("sig: does not match this URL") == true)
        #expect(answers[3].status == 403)
        #expect(answers[3].header("X-Error")?.hasPrefix("sig: missing; this server draws only signed URLs") == true)
    }

    @Test func anExpiredURLIsRefused() async throws {
        let server = try await ServerProcess.start(["--url-keys", keys])
        defer { server.kill(SIGTERM) }
        let signed = try await BuiltBinary.run(
            ["sign", "value=5", "--expires", "1000000000", "--key", "web"],
            environment: ["PROGRESS_RINGS_URL_KEYS": keys])
        #expect(signed.status == 0, "\(signed.errors)")
        let url = signed.text.trimmingCharacters(in: .newlines)
        let answer = try await onOwnThread { try TestClient(port: server.port).request("GET", url) }
        #expect(answer.status == 403)
        #expect(answer.header("X-Error") == "exp: the signature expired at 2001-09-09T01:46:40Z (1000000000)")
    }

    @Test(
        arguments: [
            (["sign", "value=1"], [:], "the settings name no urlKeys"),
            (["sign", "value=1", "--key", "mail"], ["PROGRESS_RINGS_URL_KEYS": "KEYS"], "--key \"mail\" is not one"),
            (["sign", "value=1&sig=00"], ["PROGRESS_RINGS_URL_KEYS": "KEYS"], "already holds sig, exp or key"),
            (["sign", "value=1", "--expires", "soon"], ["PROGRESS_RINGS_URL_KEYS": "KEYS"], "--expires \"soon\""),
            (["sign"], [:], "give the query to sign"),
            (["sign", "value=1", "--path", "ring.svg"], ["PROGRESS_RINGS_URL_KEYS": "KEYS"], "is not a path"),
        ] as [([String], [String: String], String)])
    func badUsageExitsTwoSayingWhy(arguments: [String], environment: [String: String], message: String) async throws {
        let run = try await BuiltBinary.run(
            arguments, environment: environment.mapValues { $0 == "KEYS" ? keys : $0 })
        #expect(run.status == 2)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(!run.errors.contains("a signing secret"))
    }
}
