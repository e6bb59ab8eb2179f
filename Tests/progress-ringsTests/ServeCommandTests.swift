import Foundation
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

    /// `make live-demo` starts the server with this file: it must be a configuration the server accepts.
    @Test func theLiveDemoConfigurationIsAccepted() async throws {
        let config = packageRoot.appendingPathComponent("config/live-demo.json").path
        let run = try await Self.run(["serve", "--config", config, "--print-config"])
        #expect(run.status == 0, "\(run.errors)")
        let sources = try Self.value("liveSources", in: run.text) as? [String: Any]
        #expect(Set(sources?.keys.map(\.self) ?? []) == ["coverage", "tasks", "endpoint"])
        #expect(try Self.value("liveTTL", in: run.text) as? Int == 10)
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
}
