import Foundation
import TestSupport
import Testing

@testable import progress_rings

/// `progress-rings check`: its command line in-process, and the built binary against real servers and sockets.
struct CheckCommandTests {
    /// URLs check accepts: loopback literals and localhost, with the port and path they name.
    @Test(
        arguments: [
            ("http://127.0.0.1:8080/healthz", "http://127.0.0.1:8080/healthz", 4),
            ("http://localhost", "http://localhost:80/", 4),
            ("http://127.3.2.1:9/readyz?x=1", "http://127.3.2.1:9/readyz?x=1", 4),
            ("http://[::1]:8080/healthz", "http://[::1]:8080/healthz", 16),
        ])
    func acceptsLoopbackURLs(text: String, canonical: String, addressBytes: Int) throws {
        let url = try LoopbackURL.parse(text)
        #expect(url.description == canonical)
        #expect(url.address.count == addressBytes)
    }

    /// Anything that could leave the machine, or that is not a URL check can send, is a usage error naming it.
    @Test(
        arguments: [
            (["--url", "https://127.0.0.1/healthz"], "plain HTTP only"),
            (["--url", "http://10.0.0.1:8080/healthz"], "not a loopback address"),
            (["--url", "http://example.com/healthz"], "no names are looked up"),
            (["--url", "http://[::2]/healthz"], "not the loopback address [::1]"),
            (["--url", "http://127.0.0.1:0/"], "port \"0\" is not a number from 1 to 65535"),
            (["--url", "http://127.0.0.1:70000/"], "port \"70000\""),
            (["--url", "http://127.0.0.1:+80/"], "port \"+80\""),
            (["--url", "http://user@127.0.0.1/"], "user names"),
            (["--url", "http://127.0.0.1/a b"], "a space"),
            (["--url"], "--url needs a value"),
            (["--timeout", "0"], "--timeout \"0\" is not a number of seconds more than 0 and at most 60"),
            (["--timeout", "2s"], "--timeout \"2s\""),
            (["--timeout", "61"], "--timeout \"61\""),
            (["--timeout", "1", "--timeout", "2"], "--timeout given twice"),
            (["http://127.0.0.1/"], "unknown argument \"http://127.0.0.1/\""),
            (["--port"], "--port needs a value"),
            (["--port", "1", "--port", "2"], "--port given twice"),
            (["--port", "9001", "--url", "http://127.0.0.1:9/x"], "--url and --port both name the address"),
        ])
    func badArgumentsAreUsageErrorsNamingTheValue(arguments: [String], expected: String) {
        guard case .exit(let status, let message) = CheckCommand.parse(arguments) else {
            Issue.record("\(arguments) parsed as a check")
            return
        }
        #expect(status == .usage)
        #expect(message.contains(expected), "\(message)")
    }

    @Test func timeoutAndURLAreRead() throws {
        let parsed = CheckCommand.parse(["--timeout=0.25", "--url", "http://127.0.0.1:9/x"])
        #expect(
            parsed == .run(.init(url: try LoopbackURL.parse("http://127.0.0.1:9/x"), timeout: .milliseconds(250))))
        #expect(CheckCommand.parse([]) == .run(.init(url: nil, timeout: .seconds(2))))
    }

    /// Without --url, check asks /healthz where serve would listen with the same file and environment.
    @Test func defaultURLFollowsTheSettingsServeWouldUse() throws {
        #expect(try CheckCommand.defaultURL(environment: [:]).description == "http://127.0.0.1:8080/healthz")
        #expect(
            try CheckCommand.defaultURL(environment: ["PROGRESS_RINGS_PORT": "9001"]).description
                == "http://127.0.0.1:9001/healthz")
        #expect(
            try CheckCommand.defaultURL(environment: ["PROGRESS_RINGS_HOST": "0.0.0.0"]).description
                == "http://127.0.0.1:8080/healthz")
        #expect(
            try CheckCommand.defaultURL(environment: ["PROGRESS_RINGS_HOST": "::"]).description
                == "http://[::1]:8080/healthz")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).json")
        try Data(#"{"port": 7001, "host": "0.0.0.0"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            try CheckCommand.defaultURL(environment: ["PROGRESS_RINGS_CONFIG": file.path]).description
                == "http://127.0.0.1:7001/healthz")
        #expect(
            try CheckCommand.defaultURL(environment: [
                "PROGRESS_RINGS_CONFIG": file.path, "PROGRESS_RINGS_PORT": "7002",
            ])
            .description == "http://127.0.0.1:7002/healthz")
    }

    /// `--config`, `--port` and `--host` are serve's flags, read as serve reads them (over the environment).
    @Test func serveFlagsNameTheAddressAsServeReadsThem() throws {
        let parsed = CheckCommand.parse(["--port=9003", "--host", "::"])
        #expect(parsed == .run(.init(url: nil, serveFlags: ["--port", "9003", "--host", "::"])))
        guard case .run(let options) = parsed else { return }
        #expect(
            try CheckCommand.defaultURL(arguments: options.serveFlags, environment: ["PROGRESS_RINGS_PORT": "9001"])
                .description == "http://[::1]:9003/healthz")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).json")
        try Data(#"{"port": 7004}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            try CheckCommand.defaultURL(arguments: ["--config", file.path], environment: [:]).description
                == "http://127.0.0.1:7004/healthz")
    }

    @Test(
        arguments: [
            (["PROGRESS_RINGS_HOST": "10.1.2.3"], "listen on 10.1.2.3 only, which is not loopback"),
            (["PROGRESS_RINGS_PORT": "0"], "pick a free port (port 0)"),
            (["PROGRESS_RINGS_PORT": "eighty"], "PROGRESS_RINGS_PORT"),
        ] as [([String: String], String)])
    func settingsCheckCannotFollowAreRefused(environment: [String: String], expected: String) {
        #expect {
            _ = try CheckCommand.defaultURL(environment: environment)
        } throws: { error in
            (error as? LoopbackURL.Refusal)?.message.contains(expected) == true
        }
    }

    // The binary, as Docker's HEALTHCHECK runs it.

    @Test func exitsZeroWhenTheServerAnswersHealthz() async throws {
        let server = try await ServerProcess.start()
        defer { server.kill(SIGKILL) }
        let run = try await BuiltBinary.run(["check", "--url", "http://127.0.0.1:\(server.port)/healthz"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.text == "progress-rings check: http://127.0.0.1:\(server.port)/healthz answered 200 OK\n")
        // No --url: the port comes from the environment, as serve would read it.
        let fromSettings = try await BuiltBinary.run(
            ["check"], environment: ["PROGRESS_RINGS_PORT": "\(server.port)"])
        #expect(fromSettings.status == 0, "\(fromSettings.errors)")
    }

    @Test func exitsOneOnAnyOtherStatus() async throws {
        let server = try await ServerProcess.start()
        defer { server.kill(SIGKILL) }
        let missing = try await BuiltBinary.run(["check", "--url", "http://127.0.0.1:\(server.port)/nothing"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("answered 404"), "\(missing.errors)")
        // A draining server's /readyz (ServeCommandTests drives a real drain).
        let draining = try TestListener()
        defer { withExtendedLifetime(draining) {} }
        draining.answerFirstConnection(
            with: Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 8\r\n\r\ndraining".utf8))
        let ready = try await BuiltBinary.run(["check", "--url", "http://127.0.0.1:\(draining.port)/readyz"])
        #expect(ready.status == 1)
        #expect(ready.errors.contains("answered 503 Service Unavailable"), "\(ready.errors)")
    }

    @Test func exitsOneWhenNothingListens() async throws {
        let port = try TestListener.closedPort()
        let run = try await BuiltBinary.run(["check", "--url", "http://127.0.0.1:\(port)/healthz"])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot connect to http://127.0.0.1:\(port)/healthz: Connection refused"))
    }

    /// A server that takes the connection and never answers costs the timeout, not forever.
    @Test func exitsOneWithinTheTimeoutWhenNoAnswerComes() async throws {
        let listener = try TestListener()
        defer { withExtendedLifetime(listener) {} }
        let run = try await BuiltBinary.run(
            ["check", "--timeout", "0.5", "--url", "http://127.0.0.1:\(listener.port)/healthz"], limit: .seconds(10))
        let took = run.elapsed
        #expect(run.status == 1)
        #expect(run.errors.contains("no answer from http://127.0.0.1:\(listener.port)/healthz within 0.5 s"))
        // At least the timeout; the upper bound leaves room for starting a sanitized binary on a busy machine and
        // still fails a check that waits for ever (killed after 10 s).
        #expect(took >= .milliseconds(500) && took < .seconds(8), "took \(took)")
    }

    @Test func exitsOneWhenTheAnswerIsNotHTTP() async throws {
        let listener = try TestListener()
        defer { withExtendedLifetime(listener) {} }
        listener.answerFirstConnection(with: Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
        let run = try await BuiltBinary.run(["check", "--url", "http://127.0.0.1:\(listener.port)/healthz"])
        #expect(run.status == 1)
        #expect(run.errors.contains("answered \"SSH-2.0-OpenSSH_9.2\", which is not an HTTP status line"))
    }

    @Test func helpExitsZeroAndBadUsageExitsTwo() async throws {
        let help = try await BuiltBinary.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.text.hasPrefix("usage: progress-rings check [--url URL | --config FILE --port PORT --host HOST]"))
        let top = try await BuiltBinary.run(["--help"])
        #expect(top.text.contains("  check     ask a server on this machine for /healthz"))
        let bad = try await BuiltBinary.run(["check", "--url", "http://192.168.1.1/healthz"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("not a loopback address"))
        #expect(bad.output.isEmpty)
    }
}

/// The server's allocator: jemalloc, linked into the binary with its settings, and its view in `/metrics`.
@Suite struct AllocatorTests {
    @Test func theServerRunsOnJemallocAndShowsItsHeap() async throws {
        let server = try await ServerProcess.start()
        defer { server.kill(SIGTERM) }
        let text = try await onOwnThread {
            let client = try TestClient(port: server.port)
            _ = try client.request("GET", "/ring.png?value=72")
            return try client.request("GET", "/metrics").text
        }
        func bytes(_ state: String) -> (allocator: String, value: Int)? {
            guard
                let line = text.split(separator: "\n").first(where: {
                    $0.hasPrefix("progress_rings_allocator_bytes{") && $0.contains("state=\"\(state)\"")
                }),
                let value = Int(line.split(separator: " ").last ?? "")
            else { return nil }
            let allocator = line.split(separator: "\"")[1]
            return (String(allocator), value)
        }
        let inUse = try #require(bytes("in_use"))
        let held = try #require(bytes("held"))
        // A sanitizer's malloc comes before the linked jemalloc (sanitizers.sh sets these): the figures are glibc's.
        let sanitized = ["LSAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }
        if !sanitized {
            #expect(inUse.allocator == "jemalloc")
            #expect(inUse.value > 1_000_000 && held.value >= inUse.value, "\(inUse) \(held)")
        }
    }
}
