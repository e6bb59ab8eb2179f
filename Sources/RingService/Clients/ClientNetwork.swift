import Glibc
import HTTPServer

/// An address or a network of them (`10.0.0.0/8`, `2001:db8::/32`, `127.0.0.1`), as `trustedProxies` lists them.
struct ClientNetwork: Sendable, Hashable {
    private let bytes: [UInt8]
    private let prefix: Int

    /// Reads `203.0.113.7`, `10.0.0.0/8`, `::1` or `2001:db8::/32`; nil for anything else (a prefix longer than the
    /// address, bits set past it, a name).
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = ClientNetwork.address(parts[0]) else { return nil }
        let bytes = address.bytes
        let prefix: Int
        if parts.count == 2 {
            guard let given = Int(parts[1]), parts[1].allSatisfy({ $0 >= "0" && $0 <= "9" }),
                (0...bytes.count * 8).contains(given)
            else { return nil }
            prefix = given
        } else {
            prefix = bytes.count * 8
        }
        // Host bits set past the prefix are a mistake in the list, not a network.
        for bit in prefix..<bytes.count * 8 where bytes[bit / 8] & (0x80 >> UInt8(bit % 8)) != 0 { return nil }
        self.bytes = bytes
        self.prefix = prefix
    }

    /// Whether `address` is in the network (an IPv4 address is never in an IPv6 network, nor the other way).
    func contains(_ address: ClientAddress) -> Bool {
        let other = address.bytes
        guard other.count == bytes.count else { return false }
        var bit = 0
        while bit + 8 <= prefix {
            guard other[bit / 8] == bytes[bit / 8] else { return false }
            bit += 8
        }
        guard bit < prefix else { return true }
        let mask = UInt8(0xff) << UInt8(8 - (prefix - bit))
        return other[bit / 8] & mask == bytes[bit / 8] & mask
    }

    /// An IPv4 or IPv6 address in text (`203.0.113.7`, `2001:db8::1`), or nil.
    static func address(_ text: Substring) -> ClientAddress? {
        guard !text.isEmpty, text.utf8.count <= 45, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return nil
        }
        let string = String(text)
        var four = [UInt8](repeating: 0, count: 4)
        if string.contains("."), !string.contains(":"), inet_pton(AF_INET, string, &four) == 1 {
            return ClientAddress(bytes: four)
        }
        var sixteen = [UInt8](repeating: 0, count: 16)
        if string.contains(":"), inet_pton(AF_INET6, string, &sixteen) == 1 { return ClientAddress(bytes: sixteen) }
        return nil
    }
}
