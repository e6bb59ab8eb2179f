import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The outcome of a non-blocking system call that did not fail.
enum IOResult: Equatable {
    case processed(Int)
    case wouldBlock
}

/// The one funnel every descriptor call of the package goes through: EINTR is retried, EAGAIN becomes
/// `.wouldBlock`, EBADF and EFAULT are bugs (a precondition stops the process rather than touch a reused
/// descriptor), anything else is thrown as `IOError`. Not inlined, so errno is read right after the call, before
/// anything else can touch it. `package`: the service's log writer and the command line write through it too.
package enum Syscall {
    @inline(never)
    static func call(_ function: StaticString, _ body: () -> Int) throws(IOError) -> IOResult {
        while true {
            let result = body()
            if result >= 0 { return .processed(result) }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                return .wouldBlock
            case EBADF, EFAULT:
                preconditionFailure("\(function) failed with errno \(code): a descriptor bug in HTTPServer")
            default:
                throw IOError(errno: code, function: "\(function)")
            }
        }
    }

    /// A call that cannot block: "would block" is impossible, so only the result or an error comes back.
    static func blocking(_ function: StaticString, _ body: () -> Int) throws(IOError) -> Int {
        switch try call(function, body) {
        case .processed(let value): return value
        case .wouldBlock: throw IOError(errno: EAGAIN, function: "\(function)")
        }
    }

    /// Closes a descriptor. Linux frees the descriptor even when close reports EINTR, so it is never retried
    /// (a retry could close a descriptor another thread just opened).
    static func close(_ fd: Int32) {
        let result = Glibc.close(fd)
        precondition(result == 0 || errno != EBADF, "close(\(fd)) of a descriptor that is not open")
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> IOResult {
        try call("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// writev(2) as sendmsg(2), so MSG_NOSIGNAL applies: a vanished peer gives EPIPE, never SIGPIPE.
    static func sendv(_ fd: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>) throws(IOError) -> IOResult {
        var message = msghdr()
        message.msg_iov = vectors.baseAddress
        message.msg_iovlen = vectors.count
        return try call("sendmsg") { Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
    }

    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(IOError) -> IOResult {
        try call("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    static func shutdownOutput(_ fd: Int32) {
        // ENOTCONN when the peer already reset the connection: nothing left to shut down.
        _ = try? call("shutdown") { Int(Glibc.shutdown(fd, Int32(SHUT_WR))) }
    }

    static func accept(_ fd: Int32) throws(IOError) -> IOResult {
        try call("accept4") { Int(pr_accept(fd)) }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws(IOError) {
        _ = try blocking("setsockopt") { Int(pr_set_int_option(fd, level, name, value)) }
    }

    /// Waits for events like epoll_wait(2); a signal that interrupts the wait counts as no event.
    static func wait(
        _ epoll: Int32, _ events: UnsafeMutablePointer<pr_epoll_event>, _ max: Int, timeoutMilliseconds: Int
    ) -> Int {
        do {
            switch try call("epoll_wait", { Int(pr_epoll_wait(epoll, events, Int32(max), Int32(timeoutMilliseconds))) })
            {
            case .processed(let count): return count
            case .wouldBlock: return 0
            }
        } catch {
            // Only EINVAL is left, which means a bad descriptor or size: a bug here, not a condition to handle.
            preconditionFailure("\(error)")
        }
    }

    /// Adds one to an eventfd, waking whoever waits on it. A counter at its maximum (never reached) stays woken.
    static func signalEventFD(_ fd: Int32) {
        _ = try? call("eventfd write") { Int(pr_eventfd_signal(fd)) }
    }

    /// Resets an eventfd to zero.
    static func drainEventFD(_ fd: Int32) {
        _ = try? call("eventfd read") { Int(pr_eventfd_drain(fd)) }
    }

    /// Writes all of `bytes` to a blocking descriptor (a log, standard output, a file), retrying short writes.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(IOError) {
        var offset = 0
        while offset < bytes.count {
            let result = try call("write") { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            switch result {
            case .processed(let count): offset += count
            case .wouldBlock: throw IOError(errno: EAGAIN, function: "write")
            }
        }
    }

    /// Opens (creating or truncating) a file to write, close-on-exec.
    package static func openForWriting(_ path: String) throws(IOError) -> Int32 {
        Int32(try blocking("open") { Int(Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)) })
    }

    /// Opens a file to read, close-on-exec.
    package static func openForReading(_ path: String) throws(IOError) -> Int32 {
        Int32(try blocking("open") { Int(Glibc.open(path, O_RDONLY | O_CLOEXEC)) })
    }

    /// Reads a blocking descriptor (a file, standard input) to its end; throws `EFBIG` past `limit` bytes.
    package static func readAll(_ fd: Int32, limit: Int) throws(IOError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try blocking("read") {
                chunk.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress, buffer.count) }
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw IOError(errno: EFBIG, function: "read") }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Closes a descriptor the caller opened (see `close(_:)`); `package` for the command line's output files.
    package static func closeDescriptor(_ fd: Int32) throws(IOError) {
        if Glibc.close(fd) != 0 && errno != EINTR { throw IOError(errno: errno, function: "close") }
    }
}
