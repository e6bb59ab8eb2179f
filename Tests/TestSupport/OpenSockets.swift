import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sockets this process holds open on a local port: a server in the test process has its listener and one
/// accepted socket per connection there, while clients' sockets have ports of their own. Counting them tells what a
/// server's counters cannot: whether it really closed every descriptor it let go.
public enum OpenSockets {
    /// How many descriptors of this process are TCP sockets bound to `port` on this host.
    public static func count(localPort port: Int) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { localPort(of: $0) == port }.count
    }

    /// The local port of descriptor `fd`, nil when it is not an IPv4 or IPv6 socket (or no longer open).
    static func localPort(of fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
        default:
            return nil
        }
    }
}
