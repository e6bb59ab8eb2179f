import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

/// The built `progress-rings` binary run as a user runs it.
@Suite(.serialized)
struct ServeCommandTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> BuiltBinary.Run {
        try await BuiltBinary.run(arguments, environment: environment)
    }

    static func value(_ setting: String, in printed: String) throws -> Any? {
        let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [String: Any]]
        return object?[setting]?["value"]
    }

    @Test func printConfigWithoutOverridesIsTheDefaultFile() async throws {
        let run = try await Self.run(["serve", "--print-config"])
        #expect(run.status == 0)
        let file = try String(contentsOf: packageRoot.appendingPathComponent("config/default.json"), encoding: .utf8)
        #expect(run.text == file)
    }

    @Test func precedenceIsDefaultsThenFileThenEnvironmentThenFlags() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rings-\(UUID().uuidString).json")
        try Data(#"{"port": {"value": 1111}, "maxAge": 10, "cacheEntries": 7, "backlog": 9}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await Self.run(
            ["serve", "--config", file.path, "--print-config", "--port", "3333"],
            environment: [
                "PROGRESS_RINGS_PORT": "2222", "PROGRESS_RINGS_MAX_AGE": "20", "PROGRESS_RINGS_BACKLOG": "99",
            ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try Self.value("port", in: run.text) as? Int == 3333)
        #expect(try Self.value("maxAge", in: run.text) as? Int == 20)
        #expect(try Self.value("backlog", in: run.text) as? Int == 99)
        #expect(try Self.value("cacheEntries", in: run.text) as? Int == 7)
        #expect(try Self.value("cacheBytes", in: run.text) as? Int == 64 << 20)
    }

    @Test(
        arguments: [
            (["serve", "--cache-bytes", "lots"], [:], "cacheBytes"),
            (["serve", "--prot", "80"], [:], "--prot"),
            (["serve"], ["PROGRESS_RINGS_LOG_FORMAT": "yaml"], "logFormat"),
            (["serve"], ["PROGRESS_RINGS_PROT": "80"], "PROGRESS_RINGS_PROT"),
        ] as [([String], [String: String], String)])
    func badSettingsStopStartUpWithExitTwo(
        arguments: [String], environment: [String: String], name: String
    ) async throws {
        let run = try await Self.run(arguments, environment: environment)
        #expect(run.status == 2)
        #expect(run.errors.contains(name))
        #expect(run.output.isEmpty)
    }

    @Test func sigtermDrainsUnderLoadWithoutAFailedRequest() async throws {
        let server = try await ServerProcess.start(["--drain-delay", "1", "--drain-deadline", "3"], logFormat: "json")
        let port = server.port

        // Load: keep-alive clients that stop sending once a load balancer would have seen /readyz fail.
        let notReady = Atomic<Bool>(false)
        let completed = Atomic<Int>(0)
        let failures = Lock<[String]>([])
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let client = try TestClient(port: port)
                    var n = 0
                    while !notReady.load(ordering: .relaxed) {
                        let format = n % 2 == 0 ? "svg" : "png"
                        let response = try client.request("GET", "/ring.\(format)?value=\(worker * 1000 + n % 500)")
                        if response.status != 200 { failures.withLock { $0.append("status \(response.status)") } }
                        completed.add(1, ordering: .relaxed)
                        n += 1
                        // Steady load rather than a saturating one: other suites run timing tests beside this one.
                        usleep(1000)
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        group.enter()
        Thread {
            defer { group.leave() }
            // The load balancer: polls readiness on its own connections.
            while !notReady.load(ordering: .relaxed) {
                usleep(20_000)
                if let client = try? TestClient(port: port), let r = try? client.request("GET", "/readyz"),
                    r.status == 503
                {
                    notReady.store(true, ordering: .relaxed)
                    let health = try? TestClient(port: port).request("GET", "/healthz")
                    if health?.status != 200 { failures.withLock { $0.append("healthz failed while draining") } }
                }
            }
        }.start()
        try await Task.sleep(for: .milliseconds(500))
        let before = completed.load(ordering: .relaxed)
        let signalled = Date()
        server.signal(SIGTERM)
        await group.completion()
        await server.exit()
        let elapsed = Date().timeIntervalSince(signalled)
        await server.logClosed()
        let tail = server.log

        #expect(failures.withLock { $0 } == [])
        #expect(before > 200)
        #expect(server.process.terminationStatus == 0)
        #expect(elapsed >= 1.0 && elapsed < 5.0)
        #expect(tail.contains(#""msg":"draining""#))
        #expect(tail.contains(#""msg":"stopped""#))
        #expect(tail.contains("all requests finished"))
    }
}
