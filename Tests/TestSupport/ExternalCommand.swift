import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way the tests run another program: the built `progress-rings` (`BuiltBinary`) or a real tool from
/// Debian found on the PATH (`rsvg-convert`, `pngcheck`, `promtool`, `openssl`). Input is written from a thread of
/// its own and both outputs are read at once, so a program that fills a pipe never deadlocks the test; a run still
/// going after `limit` is killed (status 9), so a program that never returns fails its test instead of hanging it.
public enum ExternalCommand {
    /// Runs `program` (looked up on the PATH) with `arguments` to its exit, blocking the calling thread.
    public static func run(
        _ program: String, _ arguments: [String], input: [UInt8]? = nil, directory: URL? = nil,
        limit: Duration = .seconds(60)
    ) throws -> BuiltBinary.Run {
        try run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [program] + arguments, environment: nil,
            input: input, directory: directory, limit: limit)
    }

    static func run(
        executable: URL, arguments: [String], environment: [String: String]?, input: [UInt8]?, directory: URL?,
        limit: Duration
    ) throws -> BuiltBinary.Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let inputPipe = input == nil ? nil : Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = inputPipe ?? FileHandle.nullDevice
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
        if let input, let inputPipe {
            let writer = inputPipe.fileHandleForWriting
            let data = Data(input)
            Thread.detachNewThread {
                writer.write(data)
                try? writer.close()
            }
        }
        let exited: @Sendable () -> Bool = { [process] in !process.isRunning }
        let errorsRead = DispatchGroup()
        nonisolated(unsafe) var errorBytes: [UInt8] = []
        errorsRead.enter()
        Thread {
            errorBytes = Self.drain(errors.fileHandleForReading.fileDescriptor, until: exited)
            errorsRead.leave()
        }.start()
        let out = Self.drain(output.fileHandleForReading.fileDescriptor, until: exited)
        errorsRead.wait()
        // Timed when the output is in, before `waitUntilExit`. Among parallel tests on CI a 0.5 s `check` measured
        // 17 s although it had exited before its 10 s kill timer looked (cause not found): see `drain`.
        let elapsed = ContinuousClock.now - started
        process.waitUntilExit()
        return BuiltBinary.Run(
            status: process.terminationStatus, output: out,
            errors: String(decoding: errorBytes, as: UTF8.self),
            elapsed: elapsed)
    }

    /// Everything the program writes to `fd`: read until end of file, or until the program has exited and the pipe
    /// holds nothing more, so that a write end held open elsewhere (by another program started in the same instant,
    /// in parallel tests) cannot keep the reader waiting after the program is gone.
    static func drain(_ fd: Int32, until exited: () -> Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                // Nothing for 50 ms: done once the program is gone, since what it wrote is already in the pipe.
                var last = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if exited() && poll(&last, 1, 0) == 0 { return bytes }
                continue
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return bytes }
            bytes += chunk[0..<n]
        }
    }
}
