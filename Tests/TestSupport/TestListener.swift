import Foundation

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

    /// Writes `answer` to the first connection accepted, after reading what the client sent, then closes it.
    public func answerFirstConnection(with answer: [UInt8]) {
        let fd = fd
        Thread {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = request.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            Glibc.close(connection)
        }.start()
    }

    /// A port nothing listens on: bound, then closed at once.
    public static func closedPort() throws -> Int { try TestListener().port }

    deinit { Glibc.close(fd) }
}
