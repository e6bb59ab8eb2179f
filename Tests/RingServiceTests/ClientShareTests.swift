import HTTPServer
import RingKit
import Testing

@testable import RingService

/// Costly work is shared between clients: a client is the connection's peer or, behind a trusted proxy, the address
/// the proxy forwards for; each client has at most `clientQueue` images waiting for a worker, and past it gets 429.
struct ClientShareTests {
    private static func address(_ text: String) -> ClientAddress { ClientNetwork.address(text[...])! }

    private static func request(
        _ target: String, from peer: String, _ headers: [String: String] = [:]
    )
        -> HTTPRequest
    {
        var request = HTTPRequest(method: .get, target: target)
        for (name, value) in headers { request.headers.append(HTTPFieldName(name), value) }
        request.client = address(peer)
        return request
    }

    /// Addresses and networks as `trustedProxies` lists them; host bits past the prefix, long prefixes and names
    /// are refused.
    @Test func networksAreReadAndHoldTheirAddresses() {
        let private10 = ClientNetwork("10.0.0.0/8")!
        #expect(private10.contains(Self.address("10.200.3.4")) && !private10.contains(Self.address("11.0.0.1")))
        #expect(!private10.contains(Self.address("::ffff:10.0.0.1")))
        let odd = ClientNetwork("192.168.4.0/22")!
        #expect(odd.contains(Self.address("192.168.7.255")) && !odd.contains(Self.address("192.168.8.0")))
        let six = ClientNetwork("2001:db8::/32")!
        #expect(six.contains(Self.address("2001:db8:1::5")) && !six.contains(Self.address("2001:db9::1")))
        #expect(ClientNetwork("127.0.0.1")!.contains(Self.address("127.0.0.1")))
        for bad in ["10.0.0.1/8", "10.0.0.0/33", "localhost", "", "10.0.0.0/", "/8", "1.2.3", "::1/129", "10.0.0.0/+8"]
        {
            #expect(ClientNetwork(bad) == nil, "\(bad)")
        }
    }

    /// Behind trusted proxies the client is the rightmost forwarded address that is not a proxy itself; a header
    /// from an untrusted peer, or one that does not parse, leaves the peer.
    @Test func theClientIsWhomTheTrustedProxiesForwardFor() {
        let resolver = ClientResolver(trustedProxies: [ClientNetwork("127.0.0.1")!, ClientNetwork("10.0.0.0/8")!])
        func client(_ peer: String, _ headers: [String: String]) -> String? {
            resolver.client(of: Self.request("/ring.svg", from: peer, headers))?.description
        }
        #expect(client("127.0.0.1", ["X-Forwarded-For": "198.51.100.7, 203.0.113.9, 10.1.2.3"]) == "203.0.113.9")
        #expect(client("127.0.0.1", ["X-Forwarded-For": "10.9.9.9, 10.1.2.3"]) == "10.9.9.9")
        #expect(client("203.0.113.50", ["X-Forwarded-For": "198.51.100.7"]) == "203.0.113.50")
        #expect(client("127.0.0.1", ["X-Forwarded-For": "198.51.100.7, not-an-address"]) == "127.0.0.1")
        #expect(client("127.0.0.1", [:]) == "127.0.0.1")
        #expect(
            client("127.0.0.1", ["Forwarded": "for=198.51.100.7;proto=https, for=\"[2001:db8::1]:4711\""])
                == "2001:db8::1")
        #expect(client("127.0.0.1", ["Forwarded": "for=192.0.2.60:8080"]) == "192.0.2.60")
        #expect(client("127.0.0.1", ["Forwarded": "for=unknown"]) == "127.0.0.1")
        #expect(
            ClientResolver(trustedProxies: []).client(
                of: Self.request("/", from: "127.0.0.1", ["X-Forwarded-For": "1.2.3.4"]))?.description == "127.0.0.1")
    }

    /// With `clientQueue=2`, a client with two images waiting for a worker gets a 429 error image (with
    /// Retry-After) for a third, but not for one of the two again, while another client's miss is still taken; once
    /// one of its own is drawn, the first client's next miss is taken again.
    @Test func aClientPastItsQueueGets429WhileOthersAreServed() {
        let service = makeService { $0.clientQueue = 2 }
        func ask(_ value: Int, from peer: String) -> HTTPAnswer {
            service.answer(Self.request("/ring.png?value=\(value)&size=512", from: peer))
        }
        var waiting: [@Sendable () -> HTTPResponse] = []
        for value in 1...2 {
            guard case .later(let work, _, let client) = ask(value, from: "192.0.2.1") else {
                Issue.record("miss \(value) was not left to a worker")
                return
            }
            #expect(client?.description == "192.0.2.1")
            waiting.append(work)
        }
        guard case .now(let refused) = ask(3, from: "192.0.2.1") else {
            Issue.record("a third miss was taken past the client's queue")
            return
        }
        #expect(refused.status.code == 429 && refused.header("Retry-After") == "1")
        #expect(refused.header("Content-Type") == "image/png" && refused.header("Cache-Control") == "no-store")
        #expect(refused.header("X-Error")?.contains("at most 2 wait") == true)
        // The same image again is not another one: it waits for the render already waiting.
        guard case .later = ask(2, from: "192.0.2.1") else {
            Issue.record("a request for an image already waiting was refused")
            return
        }
        guard case .later = ask(4, from: "192.0.2.2") else {
            Issue.record("another client's miss was refused")
            return
        }
        #expect(waiting[0]().status == .ok)
        guard case .later = ask(5, from: "192.0.2.1") else {
            Issue.record("the client's miss was refused after one of its own was drawn")
            return
        }
    }

    /// A `trustedProxies` entry that is no address or network stops the server at start-up, naming it.
    @Test func aBadTrustedProxyIsRefusedAtStartUp() {
        #expect(throws: ConfigurationError.self) {
            _ = try ServiceConfiguration.load(arguments: ["--trusted-proxies", "10.0.0.1/8"], environment: [:])
        }
        var config = ServiceConfiguration()
        config.trustedProxies = ["example.com"]
        #expect(throws: ConfigurationError.self) { try config.validateTogether() }
    }
}
