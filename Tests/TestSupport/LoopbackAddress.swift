#if canImport(Glibc)
    import Glibc
#endif

/// Socket addresses on the loopback interfaces, for the clients and listeners of the tests.
enum LoopbackAddress {
    /// Calls `body` with the address of `host` (IPv4 or, with a colon, IPv6) and `port`, and its length.
    static func with<T>(host: String, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        if host.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
