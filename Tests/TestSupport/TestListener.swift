#if canImport(Glibc)
    import Glibc
#endif

/// A plain listening socket on 127.0.0.1 and a kernel-chosen port, without SO_REUSEPORT: nobody else may bind it
/// while it lives.
public final class TestListener {
    public let fd: Int32
    public let port: Int

    public init() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        let socket = fd
        let bound = LoopbackAddress.with(host: "127.0.0.1", port: 0) { bind(socket, $0, $1) }
        guard bound == 0, listen(fd, 1) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw TestFailure("bind or listen on 127.0.0.1: errno \(code)")
        }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(fd) }
}
