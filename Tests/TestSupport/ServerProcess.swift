import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary serving on 127.0.0.1 and a kernel-chosen port, read from its start-up log line. Its log is
/// read all along (a server never waits on a full pipe) and kept for the test; its standard error stays the test
/// process's, so a sanitized server's reports land in the test log.
public final class ServerProcess: @unchecked Sendable {
    public let process: ChildProcess
    public let port: Int
    private let logRead = DispatchGroup()
    private let lock = NSLock()
    private var logBytes = Data()

    /// Starts `progress-rings serve --port 0 --log-format <logFormat>` followed by `arguments`. `shellPrefix` runs
    /// before the server in a shell, e.g. `ulimit -n 64;`.
    public init(_ arguments: [String] = [], logFormat: String = "logfmt", shellPrefix: String = "") throws {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = [BuiltBinary.path, "serve", "--port", "0", "--log-format", logFormat] + arguments
        // Its port is read from its start-up log line: with the log off it would be waited for forever.
        let formats = [logFormat] + zip(arguments, arguments.dropFirst()).filter { $0.0 == "--log-format" }.map(\.1)
        guard formats.last != "off" else {
            throw TestFailure("a server started with --log-format off never says its port: quiet it with --log-level")
        }
        guard FileManager.default.isExecutableFile(atPath: BuiltBinary.path) else {
            throw TestFailure("no binary at \(BuiltBinary.path): build the package first (swift build --build-tests)")
        }
        process =
            shellPrefix.isEmpty
            ? try ChildProcess(
                executable: BuiltBinary.path, arguments: Array(command.dropFirst()),
                environment: BuiltBinary.environment([:]), output: .pipe)
            : try ChildProcess(
                executable: "/bin/sh",
                arguments: ["-c", "\(shellPrefix) exec \(command.map(quoted).joined(separator: " "))"],
                environment: BuiltBinary.environment([:]), output: .pipe)

        let handle = process.output!
        var pending = Data()
        var found: Int?
        while found == nil {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            pending += chunk
            found = Self.port(in: String(decoding: pending, as: UTF8.self))
        }
        logBytes = pending
        guard let found else {
            process.waitUntilExit()
            throw TestFailure(
                "the server did not say where it listens; its log: \(String(decoding: pending, as: UTF8.self))")
        }
        port = found
        logRead.enter()
        Thread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {
                lock.withLock { logBytes += chunk }
            }
            logRead.leave()
        }.start()
    }

    /// Starts the server as `init` does, waiting for its start-up line on a thread of its own.
    public static func start(
        _ arguments: [String] = [], logFormat: String = "logfmt", shellPrefix: String = ""
    ) async throws -> ServerProcess {
        try await onOwnThread { try ServerProcess(arguments, logFormat: logFormat, shellPrefix: shellPrefix) }
    }

    /// The port of the start-up line (`msg=listening address=127.0.0.1:PORT` or its JSON form), once it is whole.
    static func port(in log: String) -> Int? {
        for line in log.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        where line.contains("listening") {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        return nil
    }

    /// Sends `signal` and returns at once.
    public func signal(_ signal: Int32) { process.signal(signal) }

    /// Sends `signal` and waits until the process has exited; after 30 s it sends SIGKILL, so a server that does
    /// not stop fails its test instead of hanging the run.
    public func kill(_ signal: Int32) {
        self.signal(signal)
        if !process.waitUntilExit(timeout: .seconds(30)) {
            self.signal(SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Returns once the process has exited, without holding a pool thread.
    public func exit() async { await process.exit() }

    /// Everything the server has logged so far; after `exit()` and `logClosed()`, all of it.
    public var log: String { lock.withLock { String(decoding: logBytes, as: UTF8.self) } }

    /// Returns once the server's standard output has closed (it exited, or closed it).
    public func logClosed() async { await logRead.completion() }

    /// How many descriptors the process holds open now.
    public var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }
}
