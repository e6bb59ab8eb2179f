/// The hosts a `url` may name: exact names (`coverage.example.com`), `*.suffix` patterns (`*.example.com` allows
/// every name under example.com, but not example.com itself), and IP addresses. Compared in canonical form
/// (`HostName`): case-insensitive, a trailing dot ignored, an address in any spelling. Empty means `url` is off.
public struct HostAllowList: Sendable, Hashable {
    /// The entries in canonical form, as configured, for messages.
    public let entries: [String]
    private let exact: Set<String>
    /// Each pattern's suffix with its leading dot: `.example.com`.
    private let suffixes: [String]

    /// Reads the entries; a bad one is refused with the reason, naming it.
    public init(_ entries: [String]) throws(LiveSettingsError) {
        var canonical: [String] = []
        var exact: Set<String> = []
        var suffixes: [String] = []
        for entry in entries {
            let isPattern = entry.hasPrefix("*.")
            var hostPart = isPattern ? entry.dropFirst(2) : entry[...]
            // An IPv6 address may be listed with or without its URL brackets.
            if !isPattern && IPAddress.parseIPv6(hostPart) != nil { hostPart = "[\(hostPart)]" }
            let host: HostName
            switch HostName.parse(hostPart) {
            case .success(let h):
                host = h
            case .failure(let reason):
                throw LiveSettingsError(
                    setting: "liveHosts",
                    reason: "\(LiveText.quoted(entry)) \(reason) (accepted: host names, *.suffix patterns, addresses)")
            }
            if isPattern {
                guard host.address == nil, host.text.utf8.contains(UInt8(ascii: ".")) else {
                    throw LiveSettingsError(
                        setting: "liveHosts",
                        reason: "\(LiveText.quoted(entry)) is too wide: a pattern needs a domain of two labels or more")
                }
                suffixes.append("." + host.text)
                canonical.append("*." + host.text)
            } else {
                exact.insert(host.text)
                canonical.append(host.text)
            }
        }
        self.entries = canonical
        self.exact = exact
        self.suffixes = suffixes
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `host`, in canonical form (`FetchURL.host`), is allowed.
    public func allows(_ host: String) -> Bool {
        exact.contains(host) || suffixes.contains { host.hasSuffix($0) && host.utf8.count > $0.utf8.count }
    }

    /// The first few entries, for a message saying what is accepted.
    var summary: String {
        entries.count <= 5 ? entries.joined(separator: ", ") : entries.prefix(5).joined(separator: ", ") + ", …"
    }
}
