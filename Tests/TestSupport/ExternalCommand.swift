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
        let started = ContinuousClock.now
        let process = try ChildProcess(
            executable: executable.path, arguments: arguments, environment: environment, directory: directory?.path,
            input: input == nil ? .null : .pipe, output: .pipe, errors: .pipe)
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) { [weak process] in
            process?.signal(SIGKILL)
        }
        if let input, let writer = process.input {
            let data = Data(input)
            Thread {
                try? writer.write(contentsOf: data)
                try? writer.close()
            }.start()
        }
        let exited: @Sendable () -> Bool = { !process.isRunning }
        let errorsRead = DispatchGroup()
        nonisolated(unsafe) var errorBytes: [UInt8] = []
        errorsRead.enter()
        Thread {
            errorBytes = Self.drain(process.errors!.fileDescriptor, until: exited)
            errorsRead.leave()
        }.start()
        let out = Self.drain(process.output!.fileDescriptor, until: exited)
        errorsRead.wait()
        let elapsed = ContinuousClock.now - started
        try? process.output?.close()
        try? process.errors?.close()
        process.waitUntilExit()
        return BuiltBinary.Run(
            status: process.terminationStatus, output: out,
            errors: String(decoding: errorBytes, as: UTF8.self),
            elapsed: elapsed)
    }

    /// Everything the program writes to `fd`: read until end of file, or until the program has exited and the pipe
    /// holds nothing more, so that a write end the program handed on (to a child of its own that outlives it)
    /// cannot keep the reader waiting after the program is gone.
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
