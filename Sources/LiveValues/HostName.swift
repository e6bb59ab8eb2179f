/// A URL's host as the server compares and connects to it: an ASCII name, lowercased, without its trailing dot; or
/// an IP address in its usual text (`127.0.0.1`, `[::1]`) however it was written (`0x7f.1`, `2130706433`).
///
/// Internationalized (non-ASCII) names are refused rather than converted: there is no IDNA library here, and two
/// conversions that disagree (ours and libcurl's libidn2) would let an allow-list check pass for one host and the
/// fetch go to another. Their punycode form (`xn--…`) is an ordinary ASCII name and is accepted.
struct HostName: Hashable, Sendable {
    /// The canonical text: `example.com`, `127.0.0.1`, `[fe80::1]`.
    let text: String
    /// The address, when the host is an IP literal.
    let address: IPAddress?

    /// Reads the host part of an authority; the error is the reason, to follow the shown value in a message.
    static func parse(_ raw: Substring) -> Result<HostName, Refusal> {
        if raw.hasPrefix("[") {
            guard raw.hasSuffix("]"), raw.count > 2 else { return .failure("has an IPv6 host without its closing ]") }
            let inner = raw.dropFirst().dropLast()
            if inner.utf8.contains(UInt8(ascii: "%")) {
                return .failure("has an IPv6 host with a zone (%…), which is not accepted")
            }
            guard let address = IPAddress.parseIPv6(inner) else {
                return .failure("has an IPv6 host that is not an IPv6 address")
            }
            return .success(HostName(text: "[\(address)]", address: address))
        }
        guard raw.utf8.allSatisfy({ $0 < 0x80 }) else {
            return .failure("has a host that is not ASCII (IDN hosts are accepted in their punycode form, xn--…)")
        }
        var name = raw.lowercased()[...]
        if name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty else { return .failure("has no host") }
        switch IPv4Host.read(name) {
        case .address(let a):
            let address = IPAddress.v4(a)
            return .success(HostName(text: address.description, address: address))
        case .invalid:
            return .failure("has a host that looks like an IPv4 address but is not one")
        case .notNumeric:
            break
        }
        guard name.utf8.count <= 253 else { return .failure("has a host longer than 253 characters") }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { return .failure("has a host with an empty label (..)") }
            guard label.utf8.count <= 63 else { return .failure("has a host label longer than 63 characters") }
            guard label.utf8.allSatisfy(isNameByte) else {
                return .failure("has a host with characters a host name cannot hold (accepted: a-z, 0-9, - and _)")
            }
        }
        return .success(HostName(text: String(name), address: nil))
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b == 0x2d || b == 0x5f
    }
}
