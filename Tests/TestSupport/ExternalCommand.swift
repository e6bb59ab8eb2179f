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
        let inputPipe = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
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
        if let input {
            let writer = inputPipe.fileHandleForWriting
            let data = Data(input)
            Thread.detachNewThread {
                writer.write(data)
                try? writer.close()
            }
        }
        let errorsRead = DispatchGroup()
        nonisolated(unsafe) var errorBytes = Data()
        errorsRead.enter()
        Thread {
            errorBytes = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.leave()
        }.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        return BuiltBinary.Run(
            status: process.terminationStatus, output: [UInt8](out),
            errors: String(decoding: errorBytes, as: UTF8.self),
            elapsed: elapsed)
    }
}
