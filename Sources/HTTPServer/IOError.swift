#if canImport(Glibc)
    import Glibc
#endif

/// A system call failed for a reason the caller must handle (not EINTR, not "would block"): the call and errno.
public struct IOError: Error, Sendable, Hashable, CustomStringConvertible {
    public let errno: Int32
    public let function: String

    public init(errno: Int32, function: String) {
        self.errno = errno
        self.function = function
    }

    /// The system's text for errno, e.g. `No such file or directory`.
    public var reason: String { String(cString: strerror(errno)) }

    public var description: String { "\(function) failed: \(reason) (errno \(errno))" }
}
