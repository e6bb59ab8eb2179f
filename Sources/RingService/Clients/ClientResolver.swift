import HTTPServer

/// Who a request comes from, for sharing what is costly between clients: the connection's peer, or, when the peer is
/// one of `trustedProxies`, the address the proxies say they forward for. `X-Forwarded-For` is read from the right
/// (each proxy appends the address it heard from): the first address that is not itself a trusted proxy is the
/// client; without it, `Forwarded`'s `for=` the same way. A header that does not parse leaves the peer, so a client
/// cannot choose whose share it takes unless a trusted proxy wrote the header.
struct ClientResolver: Sendable {
    let trustedProxies: [ClientNetwork]

    func client(of request: HTTPRequest) -> ClientAddress? {
        guard let peer = request.client, !trustedProxies.isEmpty, isTrusted(peer) else { return request.client }
        let forwarded = request.headers.values(.xForwardedFor)
        if !forwarded.isEmpty {
            return Self.rightmostUntrusted(forwarded.joined(separator: ",").split(separator: ","), self) ?? peer
        }
        let standard = request.headers.values(.forwarded)
        guard !standard.isEmpty else { return peer }
        let hops = standard.joined(separator: ",").split(separator: ",").compactMap(Self.forParameter)
        return Self.rightmostUntrusted(hops, self) ?? peer
    }

    private func isTrusted(_ address: ClientAddress) -> Bool { trustedProxies.contains { $0.contains(address) } }

    /// The rightmost hop not in `trustedProxies`, or the leftmost where every hop is trusted; nil where a hop
    /// inspected does not parse (the header is not one a proxy wrote).
    private static func rightmostUntrusted(_ hops: [Substring], _ resolver: ClientResolver) -> ClientAddress? {
        var leftmost: ClientAddress? = nil
        for hop in hops.reversed() {
            guard let address = ClientNetwork.address(hop.trimmingSpaces) else { return nil }
            if !resolver.isTrusted(address) { return address }
            leftmost = address
        }
        return leftmost
    }

    /// The address of one `Forwarded` element's `for=` (`for=192.0.2.60`, `for="[2001:db8::1]:4711"`), without
    /// quotes, brackets or port; an element without `for` gives an empty hop (which does not parse).
    private static func forParameter(_ element: Substring) -> Substring? {
        for pair in element.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "for" else { continue }
            var value = parts[1].trimmingSpaces
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            if value.hasPrefix("[") {
                guard let end = value.firstIndex(of: "]") else { return "" }
                return value[value.index(after: value.startIndex)..<end]
            }
            // IPv4 with a port: `192.0.2.60:8080`.
            if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") { return value[..<colon] }
            return value
        }
        return ""
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
