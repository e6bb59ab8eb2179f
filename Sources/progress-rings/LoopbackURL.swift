import Glibc
import RingKit

/// An `http://` URL whose host is a loopback address, the only kind `check` asks: `http://127.0.0.1:8080/healthz`,
/// `http://[::1]:8080/readyz`, `http://localhost/`. A literal address means no DNS; loopback means no TLS.
struct LoopbackURL: Equatable, CustomStringConvertible {
    /// Why a URL was refused, as a sentence for the command line.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// The host as written (`127.0.0.1`, `[::1]`, `localhost`), for the `Host` field and messages.
    var host: String
    /// `AF_INET` or `AF_INET6`.
    var family: Int32
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    var address: [UInt8]
    var port: UInt16
    /// Path and query, as sent in the request line.
    var target: String

    /// The URL back in its usual form, with the port always written.
    var description: String { "http://\(host):\(port)\(target)" }

    /// The `Host` field: the host, and the port unless it is HTTP's default.
    var hostField: String { port == 80 ? host : "\(host):\(port)" }

    /// Reads `http://HOST[:PORT][/PATH[?QUERY]]` with HOST one of 127.0.0.0/8 (dotted), `[::1]` or `localhost`.
    static func parse(_ text: String) throws(Refusal) -> LoopbackURL {
        let accepted =
            "accepted: http://HOST[:PORT]/PATH with HOST 127.x.x.x, [::1] or localhost, e.g. http://127.0.0.1:8080/healthz"
        func refuse(_ why: String) -> Refusal {
            Refusal(message: "\(ParameterError.quoted(text)): \(why); \(accepted)")
        }

        guard text.hasPrefix("http://") else {
            throw refuse(text.hasPrefix("https://") ? "check speaks plain HTTP only" : "not an http:// URL")
        }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var target = String(rest.dropFirst(authority.count))
        if target.isEmpty { target = "/" }
        guard target.hasPrefix("/") else { throw refuse("the path must begin with /") }
        guard target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            throw refuse("the path holds a space, a control character, a non-ASCII character or a #")
        }
        guard !authority.contains("@") else { throw refuse("user names and passwords are not sent") }

        // The host ends at the last colon outside brackets; IPv6 literals are bracketed.
        var host = Substring(authority)
        var portText: Substring?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        var port: UInt16 = 80
        if let portText {
            guard portText.count <= 5, portText.allSatisfy({ $0 >= "0" && $0 <= "9" }), let value = Int(portText),
                (1...65535).contains(value)
            else { throw refuse("port \(ParameterError.quoted(String(portText))) is not a number from 1 to 65535") }
            port = UInt16(value)
        }

        var url = LoopbackURL(host: String(host), family: AF_INET, address: [], port: port, target: target)
        if host.lowercased() == "localhost" {
            // Resolved here rather than by DNS: a resolver or /etc/hosts could send localhost anywhere.
            url.address = [127, 0, 0, 1]
        } else if host.hasPrefix("["), host.hasSuffix("]") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else {
                throw refuse("\(ParameterError.quoted(String(host))) is not an IPv6 address")
            }
            url.family = AF_INET6
            url.address = withUnsafeBytes(of: &address) { Array($0) }
            guard url.address == Array(repeating: 0, count: 15) + [1] else {
                throw refuse("\(host) is not the loopback address [::1]")
            }
        } else {
            var address = in_addr()
            guard inet_pton(AF_INET, String(host), &address) == 1 else {
                throw refuse(
                    "\(ParameterError.quoted(String(host))) is not a loopback address (no names are looked up)")
            }
            url.address = withUnsafeBytes(of: &address) { Array($0) }
            guard url.address[0] == 127 else { throw refuse("\(host) is not a loopback address (127.0.0.0/8)") }
        }
        return url
    }

    /// The URL `check` asks when none is given: `/healthz` where `serve` would listen with the same settings.
    /// A server on every interface is reached through loopback; one on another single address cannot be.
    static func health(host: String, port: Int) throws(Refusal) -> LoopbackURL {
        let loopback: String
        switch host {
        case "0.0.0.0": loopback = "127.0.0.1"
        case "::": loopback = "[::1]"
        default: loopback = host.contains(":") ? "[\(host)]" : host
        }
        guard port != 0 else {
            throw Refusal(message: "serve is set to pick a free port (port 0), so check cannot know it; give --url")
        }
        do {
            return try parse("http://\(loopback):\(port)/healthz")
        } catch {
            throw Refusal(
                message: "serve is set to listen on \(host) only, which is not loopback: check cannot reach it")
        }
    }
}
