import Dispatch
import Foundation
import Glibc
import Synchronization

/// The `progress-rings` binary built beside this test bundle (so a sanitizer build runs the sanitized binary),
/// run as a user runs it.
enum BinaryProcess {
    /// What a finished run left: its exit status and both streams.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
        /// From the start of the process to its exit, measured on the thread that waited for it (not on the test
        /// pool, which a loaded machine can hold back).
        var elapsed: Duration = .zero
    }

    static var binary: URL {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("progress-rings")
    }

    /// The test runner's environment without any PROGRESS_RINGS_ setting, so a run sees only the settings a test
    /// gives it, and keeps the sanitizers' options (their suppression files) when the tests run under one.
    static var baseEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PROGRESS_RINGS_") }
    }

    /// Runs the binary to its end with `environment` over `baseEnvironment`, off the test pool. A run still going after
    /// `limit` is killed (status 9), so a check that never returns fails its test instead of hanging it.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(10)
    ) async throws -> Run {
        try await offPool {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.environment = baseEnvironment.merging(environment) { _, given in given }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            let started = ContinuousClock.now
            try process.run()
            let pid = process.processIdentifier
            let (seconds, attoseconds) = limit.components
            DispatchQueue.global().asyncAfter(
                deadline: .now() + .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
            ) { [process] in
                if process.isRunning { kill(pid, SIGKILL) }
            }
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                errors: String(decoding: err, as: UTF8.self), elapsed: ContinuousClock.now - started)
        }
    }

    /// Runs blocking work on a thread of its own, so long waits never hold a thread of the test pool.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// `progress-rings serve` on a free loopback port, read from its start-up line; ended with SIGKILL.
final class ServeProcess {
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: Process
    private let reader = DispatchGroup()

    init(_ arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = BinaryProcess.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--log-format", "logfmt"] + arguments
        process.environment = BinaryProcess.baseEnvironment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        var port = 0
        while port == 0 {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "msg=listening address=127.0.0.1:") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }
        guard port > 0 else {
            process.terminate()
            throw StartFailure(description: "serve printed no listening line: \(text)")
        }
        self.port = port
        self.process = process
        // Keep reading the log, so the server never waits on a full pipe.
        reader.enter()
        Thread { [reader] in
            _ = output.fileHandleForReading.readDataToEndOfFile()
            reader.leave()
        }.start()
    }

    /// Ends the server and waits for it. SIGKILL, not SIGTERM: these tests are not about shutdown, and under
    /// ThreadSanitizer a SIGTERM that reaches the main thread while it waits in dispatch_group_wait can stay
    /// pending for good (seen in about one run in four), which hung the suite here.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        reader.wait()
    }
}

/// A loopback TCP listener that the kernel completes handshakes for; `answer`, when given, is written to the first
/// connection accepted, which is then closed. Without it, nothing is ever accepted or answered.
final class TestListener: Sendable {
    let port: Int
    private let descriptor: Int32

    init(answer: [UInt8]? = nil) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        precondition(descriptor >= 0, "socket: errno \(errno)")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        precondition(bound, "bind/listen on 127.0.0.1: errno \(errno)")
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        if let answer {
            Thread {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                var request = [UInt8](repeating: 0, count: 4096)
                _ = request.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Glibc.close(connection)
            }.start()
        }
    }

    /// A port nothing listens on: bound, then closed at once.
    static func closedPort() -> Int {
        let listener = TestListener()
        listener.close()
        return listener.port
    }

    func close() { shutdown(descriptor, Int32(SHUT_RDWR)); Glibc.close(descriptor) }
}
