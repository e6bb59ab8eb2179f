import Glibc
import HTTPServer

/// Writes to the standard streams and to files without Foundation, through the package's one syscall funnel,
/// reporting failures with `errno`'s text.
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
        let descriptor: Int32
        do {
            descriptor = try Syscall.openForWriting(path)
        } catch {
            throw WriteError(target: path, reason: error.reason)
        }
        do {
            try write(bytes, to: descriptor, target: path)
        } catch {
            try? Syscall.closeDescriptor(descriptor)
            throw error
        }
        // close(2) is where some file systems (NFS) first report a failed write.
        do {
            try Syscall.closeDescriptor(descriptor)
        } catch {
            throw WriteError(target: path, reason: error.reason)
        }
    }

    /// Writes all of `bytes`, retrying short writes and `EINTR`.
    static func write(_ bytes: [UInt8], to descriptor: Int32, target: String) throws(WriteError) {
        do {
            try bytes.withUnsafeBytes { try Syscall.writeAll(descriptor, $0) }
        } catch {
            // The closure throws only IOError; withUnsafeBytes erases the type.
            throw WriteError(target: target, reason: (error as? IOError)?.reason ?? "\(error)")
        }
    }
}
