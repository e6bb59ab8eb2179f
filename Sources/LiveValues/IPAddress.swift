import Glibc

/// An IPv4 or IPv6 address as numbers, whatever text it was written in.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    case v4(UInt32)
    /// The 128 bits as two halves, most significant first.
    case v6(high: UInt64, low: UInt64)

    /// An address from its bytes in network order: 4 for IPv4, 16 for IPv6; nil for any other count.
    public init?(bytes: some Collection<UInt8>) {
        switch bytes.count {
        case 4:
            self = .v4(bytes.reduce(0) { $0 << 8 | UInt32($1) })
        case 16:
            let all = Array(bytes)
            self = .v6(
                high: all[0..<8].reduce(0) { $0 << 8 | UInt64($1) }, low: all[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
            )
        default:
            return nil
        }
    }

    /// The bytes in network order.
    public var bytes: [UInt8] {
        switch self {
        case .v4(let a):
            return (0..<4).map { UInt8(truncatingIfNeeded: a >> (24 - 8 * $0)) }
        case .v6(let high, let low):
            return (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
                + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        }
    }

    /// The usual text: `127.0.0.1`, `::ffff:127.0.0.1`, `fe80::1` (RFC 5952, as inet_ntop writes it).
    public var description: String {
        switch self {
        case .v4(let a):
            return "\(a >> 24).\(a >> 16 & 0xff).\(a >> 8 & 0xff).\(a & 0xff)"
        case .v6:
            var raw = bytes
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "?" }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// An IPv6 address written as RFC 4291 text (without brackets or zone), parsed by inet_pton.
    public static func parseIPv6(_ text: some StringProtocol) -> IPAddress? {
        guard text.utf8.count <= 64, !text.utf8.contains(0) else { return nil }
        var raw = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, String(text), &raw) == 1 else { return nil }
        return IPAddress(bytes: raw)
    }
}
