/// Which addresses a fetch may connect to when private addresses are not allowed: the public ones only.
///
/// Refused: this-network and unspecified (0/8, `::`), loopback (127/8, `::1`), private (RFC 1918), shared CGNAT
/// (100.64/10), link-local (169.254/16, where cloud metadata answers; `fe80::/10`), multicast (224/4, `ff00::/8`),
/// reserved (240/4) and broadcast, unique-local (`fc00::/7`), site-local (`fec0::/10`), and every IPv6 form that
/// carries an IPv4 address (v4-mapped `::ffff:0:0/96`, v4-compatible `::/96`, NAT64 `64:ff9b::/96`, 6to4
/// `2002::/16`) whose IPv4 address is refused.
public enum AddressPolicy {
    private struct Range {
        var prefix: UInt32
        var bits: UInt32
        var name: String
    }

    private static let v4Ranges: [Range] = [
        Range(prefix: 0x0000_0000, bits: 8, name: "an unspecified (this-network) address"),
        Range(prefix: 0x0a00_0000, bits: 8, name: "a private (RFC 1918) address"),
        Range(prefix: 0x6440_0000, bits: 10, name: "a shared (CGNAT) address"),
        Range(prefix: 0x7f00_0000, bits: 8, name: "a loopback address"),
        Range(prefix: 0xa9fe_0000, bits: 16, name: "a link-local (cloud metadata) address"),
        Range(prefix: 0xac10_0000, bits: 12, name: "a private (RFC 1918) address"),
        Range(prefix: 0xc0a8_0000, bits: 16, name: "a private (RFC 1918) address"),
        Range(prefix: 0xe000_0000, bits: 4, name: "a multicast address"),
        Range(prefix: 0xffff_ffff, bits: 32, name: "the broadcast address"),
        Range(prefix: 0xf000_0000, bits: 4, name: "a reserved (240/4) address"),
    ]

    /// What kind of non-public address this is, e.g. `a loopback address`; nil for a public address.
    public static func refusedRange(_ address: IPAddress) -> String? {
        switch address {
        case .v4(let a):
            return v4Ranges.first { a >> (32 - $0.bits) == $0.prefix >> (32 - $0.bits) }?.name
        case .v6(let high, let low):
            if high == 0 && low == 0 { return "the unspecified address" }
            if high == 0 && low == 1 { return "a loopback address" }
            if high == 0 && low >> 32 == 0xffff { return embedded(UInt32(truncatingIfNeeded: low), "IPv4-mapped") }
            if high == 0 && low >> 32 == 0 { return embedded(UInt32(truncatingIfNeeded: low), "IPv4-compatible") }
            if high == 0x0064_ff9b_0000_0000 && low >> 32 == 0 {
                return embedded(UInt32(truncatingIfNeeded: low), "NAT64")
            }
            if high >> 48 == 0x2002 { return embedded(UInt32(truncatingIfNeeded: high >> 16), "6to4") }
            if high >> 57 == 0xfc >> 1 { return "a unique-local address" }
            if high >> 54 == 0xfe80 >> 6 { return "a link-local address" }
            if high >> 54 == 0xfec0 >> 6 { return "a site-local address" }
            if high >> 56 == 0xff { return "a multicast address" }
            return nil
        }
    }

    private static func embedded(_ v4: UInt32, _ form: String) -> String? {
        guard let name = refusedRange(.v4(v4)) else { return nil }
        return "\(name) in \(form) form"
    }
}
