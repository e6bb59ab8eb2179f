/// An http or https URL the server is willing to fetch, in one canonical spelling: lowercase scheme and host, the
/// host's trailing dot removed, an IP literal written as its address, the default port dropped, no fragment, and
/// bytes outside URL syntax percent-encoded. libcurl is given this text, never the request's, so the server and
/// libcurl cannot read two different hosts out of one URL.
public struct FetchURL: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    public let host: String
    /// The host's address when it is an IP literal.
    public let address: IPAddress?
    /// nil for the scheme's default.
    public let port: Int?
    /// The path and query, starting with `/`.
    public let target: String

    /// The longest URL read, in bytes.
    public static let maxLength = 2048

    public var description: String { "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(target)" }

    /// Reads `text`; the failure is the reason, to follow the shown value in a message.
    package static func parse(_ text: String) -> Result<FetchURL, Refusal> {
        guard text.utf8.count <= maxLength else { return .failure("is longer than \(maxLength) bytes") }
        if let bad = text.utf8.first(where: { $0 < 0x20 || $0 == 0x7f }) {
            return .failure("contains the control character \(LiveText.shown(String(UnicodeScalar(bad))))")
        }
        // WHATWG URL parsers read `\` as `/` in http(s) URLs and libcurl does not: refusing it leaves no doubt.
        guard !text.utf8.contains(0x5c) else { return .failure("contains a backslash") }
        // Delimiters are found as bytes, as libcurl finds them: a combining mark after `:` or `/` is one Character
        // with it, and a search by Character would miss the delimiter that libcurl sees.
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure("is not an absolute URL (accepted: http:// or https:// URLs)")
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .failure("has scheme \(LiveText.shown(scheme)) (accepted: http or https)")
        }
        let afterScheme = text[text.utf8.index(after: colon)...]
        guard afterScheme.utf8.starts(with: "//".utf8) else { return .failure("has no //host after \(scheme):") }
        let rest = afterScheme[afterScheme.utf8.index(afterScheme.startIndex, offsetBy: 2)...]
        let authorityEnd =
            rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.utf8.contains(UInt8(ascii: "@")) else {
            return .failure("carries a user name or password (not accepted)")
        }
        let hostText: Substring
        var port: Int?
        switch splitPort(authority) {
        case .failure(let reason): return .failure(reason)
        case .success(let parts): (hostText, port) = parts
        }
        guard !hostText.isEmpty else { return .failure("has no host") }
        let host: HostName
        switch HostName.parse(hostText) {
        case .failure(let reason): return .failure(reason)
        case .success(let h): host = h
        }
        if port == (scheme == "https" ? 443 : 80) { port = nil }
        var target = rest[authorityEnd...]
        if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) { target = target[..<hash] }
        var encoded = target.utf8.first == UInt8(ascii: "/") ? "" : "/"
        encoded += percentEncoded(target)
        return .success(
            FetchURL(scheme: scheme, host: host.text, address: host.address, port: port, target: encoded))
    }

    private static func splitPort(_ authority: Substring) -> Result<(Substring, Int?), Refusal> {
        // An IPv6 literal holds colons of its own; the port's colon follows its `]`.
        let searchFrom =
            authority.utf8.first == UInt8(ascii: "[")
            ? (authority.utf8.firstIndex(of: UInt8(ascii: "]")) ?? authority.endIndex) : authority.startIndex
        guard let colon = authority[searchFrom...].utf8.lastIndex(of: UInt8(ascii: ":")) else {
            return .success((authority, nil))
        }
        let digits = authority[authority.utf8.index(after: colon)...]
        let host = authority[..<colon]
        if digits.isEmpty { return .success((host, nil)) }
        guard digits.utf8.count <= 5, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(digits),
            (1...65535).contains(n)
        else {
            return .failure("has port \(LiveText.quoted(digits)) (accepted: 1…65535)")
        }
        return .success((host, n))
    }

    /// Bytes a URL may hold as they are: unreserved, reserved, and `%` (already-encoded text stays as given).
    private static let kept: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?[]@!$&'()*+,;=%".utf8 {
            table[Int(b)] = true
        }
        return table
    }()

    private static func percentEncoded(_ text: Substring) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in text.utf8 {
            if kept[Int(b)] {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
