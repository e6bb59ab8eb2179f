import TestSupport
import Testing

@testable import LiveValues

/// The refused-address table: every non-public range, IPv4 and IPv6, at its edges; public neighbours pass.
struct AddressPolicyTests {
    static let refusedIPv4: [(String, String)] = [
        ("0.0.0.0", "unspecified"), ("0.255.255.255", "unspecified"),
        ("10.0.0.0", "private"), ("10.255.255.255", "private"),
        ("100.64.0.0", "CGNAT"), ("100.127.255.255", "CGNAT"), ("100.100.100.200", "CGNAT"),
        ("127.0.0.1", "loopback"), ("127.255.255.254", "loopback"),
        ("169.254.0.0", "link-local"), ("169.254.169.254", "link-local"), ("169.254.255.255", "link-local"),
        ("172.16.0.0", "private"), ("172.31.255.255", "private"),
        ("192.168.0.0", "private"), ("192.168.255.255", "private"),
        ("224.0.0.1", "multicast"), ("239.255.255.255", "multicast"),
        ("240.0.0.1", "reserved"), ("255.255.255.255", "broadcast"),
    ]

    static let publicIPv4 = [
        "1.1.1.1", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
        "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0",
        "223.255.255.255", "8.8.8.8",
    ]

    static let refusedIPv6: [(String, String)] = [
        ("::", "unspecified"), ("::1", "loopback"),
        ("::ffff:127.0.0.1", "loopback address in IPv4-mapped"), ("::ffff:10.1.2.3", "private"),
        ("::ffff:169.254.169.254", "link-local"), ("::ffff:7f00:1", "loopback"),
        ("::127.0.0.1", "loopback address in IPv4-compatible"), ("::192.168.1.1", "IPv4-compatible"),
        ("64:ff9b::a9fe:a9fe", "NAT64"), ("2002:7f00:1::", "6to4"), ("2002:a00:1::1", "6to4"),
        ("fc00::", "unique-local"), ("fd00:ec2::254", "unique-local"), ("fdff:ffff::1", "unique-local"),
        ("fe80::", "link-local"), ("febf:ffff::1", "link-local"), ("fec0::1", "site-local"),
        ("ff02::1", "multicast"), ("ff0e::1", "multicast"),
    ]

    static let publicIPv6 = [
        "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::",
        "fbff:ffff::1", "fe00::1",
    ]

    @Test(arguments: refusedIPv4)
    func refusesEveryNonPublicIPv4Range(address: String, kind: String) throws {
        guard case .address(let a) = IPv4Host.read(address[...]) else { throw TestFailure("\(address) unread") }
        let range = try #require(AddressPolicy.refusedRange(.v4(a)))
        #expect(range.contains(kind), "\(address): \(range)")
    }

    @Test(arguments: publicIPv4)
    func allowsPublicIPv4EvenNextToARefusedRange(address: String) throws {
        guard case .address(let a) = IPv4Host.read(address[...]) else { throw TestFailure("\(address) unread") }
        #expect(AddressPolicy.refusedRange(.v4(a)) == nil)
    }

    @Test(arguments: refusedIPv6)
    func refusesEveryNonPublicIPv6RangeAndEveryIPv4FormOfOne(address: String, kind: String) throws {
        let ip = try #require(IPAddress.parseIPv6(address))
        let range = try #require(AddressPolicy.refusedRange(ip))
        #expect(range.contains(kind), "\(address): \(range)")
    }

    @Test(arguments: publicIPv6)
    func allowsPublicIPv6AndIPv4FormsOfPublicAddresses(address: String) throws {
        #expect(AddressPolicy.refusedRange(try #require(IPAddress.parseIPv6(address))) == nil)
    }

    @Test(
        arguments: [
            ("127.0.0.1", 0x7f00_0001), ("2130706433", 0x7f00_0001), ("0x7f000001", 0x7f00_0001),
            ("0x7f.1", 0x7f00_0001), ("0177.0.0.1", 0x7f00_0001), ("127.1", 0x7f00_0001), ("0x7F.0.0.0X1", 0x7f00_0001),
            ("017700000001", 0x7f00_0001), ("169.254.43518", 0xa9fe_a9fe), ("0xa9.0376.0xa9fe", 0xa9fe_a9fe),
            ("10.0x1.1", 0x0a01_0001), ("0", 0), ("0x", 0), ("1.2.3.0x", 0x0102_0300), ("4294967295", 0xffff_ffff),
        ] as [(String, UInt32)])
    func readsEveryNumericSpellingOfAnIPv4Address(text: String, expected: UInt32) {
        #expect(IPv4Host.read(text.lowercased()[...]) == .address(expected))
    }

    @Test(arguments: [
        "4294967296", "256.0.0.1", "1.2.3.4.5", "0x100.0.0.1", "1.2.3.256", "1.2.65536", "08.1.1.1", "1..1",
        "+1.2.3.4", "0xg.1",
    ])
    func refusesNumberShapedHostsThatAreNoAddress(text: String) {
        #expect(IPv4Host.read(text[...]) == .invalid)
    }

    @Test(arguments: ["example.com", "x1.test", "1.2.3.com", "0x7f.example", "1.2.3.-4"])
    func hostNamesAreNotReadAsAddresses(text: String) {
        #expect(IPv4Host.read(text[...]) == .notNumeric)
    }

    @Test func bytesAndTextRoundTrip() throws {
        let ip = try #require(IPAddress.parseIPv6("fe80::1:2"))
        #expect(IPAddress(bytes: ip.bytes) == ip)
        #expect(ip.description == "fe80::1:2")
        #expect(IPAddress(bytes: [127, 0, 0, 1])?.description == "127.0.0.1")
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }
}
