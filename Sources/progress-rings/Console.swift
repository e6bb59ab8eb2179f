import Glibc

/// Writes to the standard streams and to files without Foundation, reporting failures with `errno`'s text.
enum Console {
    /// A write that failed, with the path (or stream) and the system's reason.
    struct WriteError: Error {
        var target: String
        var reason: String

        var message: String { "cannot write \(target): \(reason)" }
    }

    /// Prints one line to standard output.
    static func out(_ line: String) { try? write(Array((line + "\n").utf8), to: STDOUT_FILENO, target: "stdout") }

    /// Prints one line to standard error.
    static func error(_ line: String) { try? write(Array((line + "\n").utf8), to: STDERR_FILENO, target: "stderr") }

    /// Writes `bytes` to `path`, creating or truncating it; `-` is standard output.
    static func write(_ bytes: [UInt8], toPath path: String) throws(WriteError) {
        if path == "-" {
            try write(bytes, to: STDOUT_FILENO, target: "standard output")
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(target: path, reason: systemReason()) }
        do {
            try write(bytes, to: descriptor, target: path)
        } catch {
            close(descriptor)
            throw error
        }
        // close(2) is where some file systems (NFS) first report a failed write.
        guard close(descriptor) == 0 else { throw WriteError(target: path, reason: systemReason()) }
    }

    /// Writes all of `bytes`, retrying short writes and `EINTR`.
    static func write(_ bytes: [UInt8], to descriptor: Int32, target: String) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(target: target, reason: systemReason())
            }
            offset += written
        }
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
