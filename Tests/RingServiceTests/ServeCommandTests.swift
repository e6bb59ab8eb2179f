import Dispatch
import Foundation
import Synchronization
import Testing

/// The built `progress-rings` binary run as a user runs it.
@Suite(.serialized)
struct ServeCommandTests {
    static let binary = packageRoot.appendingPathComponent(".build/debug/progress-rings").path

    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        try await offPool { try runBlocking(arguments, environment: environment) }
    }

    static func runBlocking(_ arguments: [String], environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    static func value(_ setting: String, in printed: String) throws -> Any? {
        let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [String: Any]]
        return object?[setting]?["value"]
    }

    @Test func printConfigWithoutOverridesIsTheDefaultFile() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the package first")
        let run = try await Self.run(["serve", "--print-config"])
        #expect(run.status == 0)
        let file = try String(contentsOf: packageRoot.appendingPathComponent("config/default.json"), encoding: .utf8)
        #expect(run.output == file)
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
        #expect(try Self.value("port", in: run.output) as? Int == 3333)
        #expect(try Self.value("maxAge", in: run.output) as? Int == 20)
        #expect(try Self.value("backlog", in: run.output) as? Int == 99)
        #expect(try Self.value("cacheEntries", in: run.output) as? Int == 7)
        #expect(try Self.value("cacheBytes", in: run.output) as? Int == 64 << 20)
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "serve", "--port", "0", "--drain-delay", "1", "--drain-deadline", "3", "--log-format", "json",
        ]
        let output = Pipe()
        process.standardOutput = output
        let exited = DispatchGroup()
        exited.enter()
        process.terminationHandler = { _ in exited.leave() }
        try process.run()

        // The start-up line names the port the kernel chose.
        var lines: [String] = []
        var pending = Data()
        var foundPort = 0
        while foundPort == 0 {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            pending += chunk
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending = pending[(newline + 1)...]
                lines.append(line)
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["msg"] as? String == "listening", let address = object["address"] as? String
                {
                    foundPort = Int(address.split(separator: ":").last ?? "") ?? 0
                }
            }
        }
        try #require(foundPort > 0, "no listening line in \(lines)")
        let port = foundPort
        // Keep reading the log, as a terminal or a collector would, so the server never waits on the pipe.
        let logTail = Mutex<Data>(Data(pending))
        let reader = DispatchGroup()
        reader.enter()
        Thread {
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            logTail.withLock { $0 += rest }
            reader.leave()
        }.start()

        // Load: keep-alive clients that stop sending once a load balancer would have seen /readyz fail.
        let notReady = Atomic<Bool>(false)
        let completed = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let client = try TestHTTPClient(port: port)
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
                if let client = try? TestHTTPClient(port: port), let r = try? client.request("GET", "/readyz"),
                    r.status == 503
                {
                    notReady.store(true, ordering: .relaxed)
                    let health = try? TestHTTPClient(port: port).request("GET", "/healthz")
                    if health?.status != 200 { failures.withLock { $0.append("healthz failed while draining") } }
                }
            }
        }.start()
        try await Task.sleep(for: .milliseconds(500))
        let before = completed.load(ordering: .relaxed)
        let signalled = Date()
        kill(process.processIdentifier, SIGTERM)
        await group.completion()
        await exited.completion()
        let elapsed = Date().timeIntervalSince(signalled)
        await reader.completion()
        let tail = String(decoding: logTail.withLock { $0 }, as: UTF8.self)

        #expect(failures.withLock { $0 } == [])
        #expect(before > 200)
        #expect(process.terminationStatus == 0)
        #expect(elapsed >= 1.0 && elapsed < 5.0)
        #expect(tail.contains(#""msg":"draining""#))
        #expect(tail.contains(#""msg":"stopped""#))
        #expect(tail.contains("all requests finished"))
    }
}
