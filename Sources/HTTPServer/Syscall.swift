import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The outcome of a non-blocking system call that did not fail.
enum IOResult: Equatable {
    case processed(Int)
    case wouldBlock
}

/// The one funnel every system call of the server goes through: EINTR is retried, EAGAIN becomes `.wouldBlock`,
/// EBADF and EFAULT are bugs in this module (a precondition stops the process rather than touch a reused
/// descriptor), anything else is thrown as `IOError`.
enum Syscall {
    @inline(__always)
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
    @inline(__always)
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
}
