import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `progress-rings push` against the real server: a number, a report file and a report on standard input
/// stored and listed; a refusal's sentence printed with exit 1; network errors and 5xx tried again with one
/// Idempotency-Key.
@Suite(.serialized)
struct PushCommandTests {
    static let token = "pr_push-test-token"
    static func digest() throws -> String {
        let run = try ExternalCommand.run("sha256sum", [], input: Array(token.utf8))
        return "sha256:" + String(run.text.prefix(64))
    }

    /// Runs `progress-rings push ARGUMENTS` with RINGS_TOKEN set, `input` on standard input.
    func push(_ arguments: [String], token: String = token, input: [UInt8]? = nil) async throws -> BuiltBinary.Run {
        try await onOwnThread {
            try ExternalCommand.run(
                "env", ["RINGS_TOKEN=\(token)", BuiltBinary.path, "push"] + arguments, input: input ?? [])
        }
    }

    /// `--branch` pushes a branch beside main under NAME.BRANCH, and main as NAME; `--branch-from-ci` reads the
    /// branch from the CI's environment.
    @Test func aBranchPushesBesideMain() async throws {
        let folder = NSTemporaryDirectory() + "push-branch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(try Self.digest())\"}",
        ])
        defer { server.kill(SIGTERM) }
        let url = "http://127.0.0.1:\(server.port)"
        let feature = try await push(["--server", url, "--branch", "Feature/Login", "coverage", "80"])
        #expect(feature.status == 0 && feature.text == "stored coverage.feature-login: 80\n", "\(feature.errors)")
        let main = try await push(["--server", url, "--branch", "main", "coverage", "81"])
        #expect(main.status == 0 && main.text == "stored coverage: 81\n", "\(main.errors)")
        let trunk = try await push(["--server", url, "--main", "trunk", "--branch", "main", "coverage", "82"])
        #expect(trunk.text == "stored coverage.main: 82\n", "\(trunk.errors)")
        let ci = try await onOwnThread {
            try ExternalCommand.run(
                "env",
                [
                    "RINGS_TOKEN=\(Self.token)", "GITHUB_HEAD_REF=fix/x", BuiltBinary.path, "push", "--branch-from-ci",
                    "--server", url, "coverage", "79",
                ])
        }
        #expect(ci.status == 0 && ci.text == "stored coverage.fix-x: 79\n", "\(ci.errors)")
        let none = try await push(["--server", url, "--branch", "✓", "coverage", "1"])
        #expect(none.status == 2 && none.errors.contains("has no character a name takes"))
    }

    @Test func numbersAndReportsAreStoredAndListed() async throws {
        let folder = NSTemporaryDirectory() + "push-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(try Self.digest())\"}",
        ])
        defer { server.kill(SIGTERM) }
        let url = "http://127.0.0.1:\(server.port)"

        let number = try await push(["--server", url, "coverage", "87.5"])
        #expect(number.status == 0 && number.text == "stored coverage: 87.5\n", "\(number.errors)")

        let lcov = folder + "/lcov.info"
        try "SF:a.c\nLF:10\nLH:8\nFNF:2\nFNH:1\nend_of_record\n".write(toFile: lcov, atomically: true, encoding: .utf8)
        let report = try await push(["--server", url + "/", "coverage", lcov])
        #expect(report.status == 0, "\(report.errors)")
        #expect(report.text == "stored coverage: 8 of 10\nstored coverage.functions: 1 of 2\n")

        let junit = "<testsuite><testcase/><testcase><failure/></testcase></testsuite>"
        let piped = try await push(["--server", url, "tests", "-"], input: Array(junit.utf8))
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.text.contains("stored tests: 1 of 2\nstored tests.failed: 1 of 2\nstored tests.skipped: 0 of 2"))

        let client = try TestClient(port: server.port)
        #expect(try client.request("GET", "/values/coverage.functions").text.contains("\"value\": 1, \"max\": 2"))
    }

    /// A refusal is not retried: the server's sentence is printed and the exit status is 1.
    @Test func aRefusalPrintsTheServersSentence() async throws {
        let folder = NSTemporaryDirectory() + "push-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await ServerProcess.start([
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(try Self.digest())\"}",
        ])
        defer { server.kill(SIGTERM) }
        let url = "http://127.0.0.1:\(server.port)"
        let wrongToken = try await push(["--server", url, "coverage", "87"], token: "pr_not-this-one")
        #expect(wrongToken.status == 1)
        #expect(
            wrongToken.errors.contains("the server refused the push (401): the token is not one this server knows"))
        let html = try await push(["--server", url, "coverage", "-"], input: Array("<html/>".utf8))
        #expect(html.status == 1 && html.errors.contains("(415): the body is an XML document whose root is <html>"))
        #expect(!html.errors.contains("trying again"))
    }

    /// No server: each try fails to connect, is tried again after the delay, and the last failure is the exit.
    @Test func networkErrorsAreTriedAgainThenReported() async throws {
        let port = try TestListener.closedPort()
        let run = try await push([
            "--server", "http://127.0.0.1:\(port)", "--attempts", "3", "--retry-delay", "0.05", "coverage", "1",
        ])
        #expect(run.status == 1)
        #expect(run.errors.components(separatedBy: "trying again").count == 3)
        #expect(run.errors.contains("no answer from http://127.0.0.1:\(port)/values/coverage after 3 tries"))
    }

    /// A 503 is tried again with the same Idempotency-Key, and the 200 that follows is what the command prints.
    @Test func a5xxIsTriedAgainWithTheSameKey() async throws {
        let listener = try TestListener()
        let keys = Lock<[String]>([])
        let record = "{\"name\": \"coverage\", \"value\": 1, \"max\": null}"
        let answers = [
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(record.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + record,
        ]
        let fd = listener.fd
        let server = Thread {
            for answer in answers {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                var request: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                // The request is small: read until its one-byte body has come after the head.
                while !String(decoding: request, as: UTF8.self).hasSuffix("\r\n\r\n1") {
                    let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    request += chunk[..<count]
                }
                let head = String(decoding: request, as: UTF8.self)
                if let line = head.split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("idempotency-key:")
                }) {
                    keys.withLock {
                        $0.append(String(line.dropFirst("idempotency-key:".count)).trimmingCharacters(in: .whitespaces))
                    }
                }
                _ = Array(answer.utf8).withUnsafeBytes {
                    send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                Glibc.close(connection)
            }
        }
        server.start()
        let run = try await push([
            "--server", "http://127.0.0.1:\(listener.port)", "--retry-delay", "0.05", "coverage", "1",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("try 1 failed (the server answered 503)"))
        #expect(run.text == "stored coverage: 1\n")
        let seen = keys.withLock { $0 }
        #expect(seen.count == 2 && seen[0] == seen[1] && seen[0].count == 32, "\(seen)")
    }

    @Test(arguments: [
        (["coverage"], "give a NAME and a NUMBER"),
        (["--server", "ftp://x", "coverage", "1"], "is not an http:// or https:// URL"),
        (["Coverage", "1"], "NAME \"Coverage\""),
        (["--attempts", "0", "coverage", "1"], "--attempts needs a whole number"),
        (["coverage", "1"], "give the server as --server URL or in RINGS_SERVER"),
    ])
    func usageErrors(arguments: [String], says: String) async throws {
        let run = try await push(arguments)
        #expect(run.status == 2 && run.errors.contains(says), "\(run.errors)")
    }

    @Test func aMissingFileIsAFailure() async throws {
        let run = try await push(["--server", "http://127.0.0.1:1", "coverage", "/nonexistent/lcov.info"])
        #expect(
            run.status == 1 && run.errors.contains("\"/nonexistent/lcov.info\" is not a number, and cannot be read"))
    }
}
