extension ServiceConfiguration {
    /// How costly work is shared between clients (`ClientResolver`, `ClientShares`), in the order
    /// `config/default.json` lists them.
    static let clientSettings: [ConfigurationSetting] = [
        .init(
            name: "trustedProxies",
            doc:
                "Addresses and networks (10.0.0.0/8, ::1) of proxies in front of the server (a load balancer, a CDN): "
                + "a request from one of them is its X-Forwarded-For (or Forwarded) client's. Empty: every client "
                + "is the address it connects from.",
            kind: .list, get: { .list($0.trustedProxies) }, set: { if case .list(let v) = $1 { $0.trustedProxies = v } }
        ),
        integer(
            "clientQueue",
            "Different images of one client waiting to be drawn off the event loops at once; its miss of another "
                + "image beyond them gets 429 with Retry-After while other clients' work goes on. Clients' waiting "
                + "images are drawn in turn.",
            1...100_000, \.clientQueue),
        integer(
            "clientRate",
            "Costly requests (a miss's render, a live read, a push) one client may make a second once its burst is "
                + "spent; past it 429 with Retry-After. Cache hits and 304s are never counted. 0 turns it off.",
            0...1_000_000, \.clientRate),
        integer(
            "clientBurst", "Costly requests one client may make at once, before clientRate applies.", 1...10_000_000,
            \.clientBurst),
    ]

    /// `trustedProxies` read, or the first entry that is no address or network.
    func trustedNetworks() throws(ConfigurationError) -> [ClientNetwork] {
        var networks: [ClientNetwork] = []
        for entry in trustedProxies {
            guard let network = ClientNetwork(entry) else {
                throw ConfigurationError(
                    "trustedProxies: \(ConfigurationSetting.quoted(entry)) is not an address or a network "
                        + "(accepted: 203.0.113.7, 10.0.0.0/8, ::1, 2001:db8::/32)")
            }
            networks.append(network)
        }
        return networks
    }
}
