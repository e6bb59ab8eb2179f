import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `progress-rings` binary of the build these tests belong to, run as a user runs it.
public enum BuiltBinary {
    /// What one run printed and how it ended.
    public struct Run: Sendable {
        public let status: Int32
        public let output: [UInt8]
        public let errors: String
        /// From the start of the process to its exit, measured on the thread that waited for it (not on the test
        /// pool, which a loaded machine can hold back).
        public let elapsed: Duration

        public init(status: Int32, output: [UInt8], errors: String, elapsed: Duration) {
            self.status = status
            self.output = output
            self.errors = errors
            self.elapsed = elapsed
        }

        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// The binary beside the running test bundle: SwiftPM builds both into one directory, so a sanitizer build
    /// (`--scratch-path .build-asan`) runs its own sanitized binary, not the plain debug one.
    public static let path: String = {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("progress-rings").path
    }()

    /// The environment the binary gets: `extra`, a fixed PATH, and the sanitizers' options of the test process,
    /// so settings of the machine never leak into a test and a sanitized binary reports as the tests do.
    public static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = extra
        environment["PATH"] = environment["PATH"] ?? "/usr/bin:/bin"
        for (name, value) in ProcessInfo.processInfo.environment where name.hasSuffix("SAN_OPTIONS") {
            environment[name] = environment[name] ?? value
        }
        return environment
    }

    /// Runs the binary with `arguments` to its exit, on a thread of its own.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(60)
    ) async throws -> Run {
        try await onOwnThread { try runBlocking(arguments, environment: environment, limit: limit) }
    }

    /// Runs the binary with `arguments` to its exit, blocking the calling thread. A run still going after `limit`
    /// is killed (status 9), so a command that never returns fails its test instead of hanging the run.
    public static func runBlocking(
        _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(60)
    ) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("no binary at \(path): build the package first (swift build --build-tests)")
        }
        let run = try ExternalCommand.run(
            executable: URL(fileURLWithPath: path), arguments: arguments, environment: Self.environment(environment),
            input: nil, directory: nil, limit: limit)
        // A sanitized binary's report would otherwise end in a string the test may never print.
        if run.errors.contains("Sanitizer") { FileHandle.standardError.write(Data(run.errors.utf8)) }
        return run
    }
}
