import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `clientRate` and `clientBurst`: a token bucket per client for costly work (misses, live reads, pushes); past it
/// `429` with `Retry-After`, the route's error image, and a count in `/metrics`; hits and `304`s never count.
struct ClientRateTests {
    static let second: UInt64 = 1_000_000_000

    static func address(_ text: String) -> ClientAddress { ClientNetwork.address(text[...])! }

    static func request(_ target: String, from peer: String, _ headers: HTTPHeaders = [:]) -> HTTPRequest {
        var request = HTTPRequest(method: .get, target: target, headers: headers)
        request.client = address(peer)
        return request
    }

    /// A client spends its burst, is refused with the seconds until its next token, and gains `rate` a second;
    /// another client's bucket is its own.
    @Test func aBucketHoldsItsBurstAndRefillsAtTheRate() {
        let rates = ClientRates(rate: 2, burst: 3)
        let a = Self.address("192.0.2.1")
        for _ in 0..<3 { #expect(rates.take(a, now: 0) == .allowed) }
        #expect(rates.take(a, now: 0) == .refused(retryAfter: 1))
        #expect(rates.take(Self.address("192.0.2.2"), now: 0) == .allowed)
        // Half a second gives one token at 2 a second, and no more.
        #expect(rates.take(a, now: Self.second / 2) == .allowed)
        #expect(rates.take(a, now: Self.second / 2) == .refused(retryAfter: 1))
        // A long pause fills the bucket to its burst, not beyond.
        for _ in 0..<3 { #expect(rates.take(a, now: 100 * Self.second) == .allowed) }
        #expect(rates.take(a, now: 100 * Self.second) == .refused(retryAfter: 1))
    }

    /// An IPv6 client's share is its /64: another address of the same /64 spends the same bucket, another /64 and
    /// an IPv4 address mapped into IPv6 have their own.
    @Test func anIPv6ClientIsCountedByItsSlash64() {
        let rates = ClientRates(rate: 1, burst: 2)
        #expect(rates.take(Self.address("2001:db8:1:2::1"), now: 0) == .allowed)
        #expect(rates.take(Self.address("2001:db8:1:2:ffff::9"), now: 0) == .allowed)
        #expect(rates.take(Self.address("2001:db8:1:2::3"), now: 0) == .refused(retryAfter: 1))
        #expect(rates.take(Self.address("2001:db8:1:3::1"), now: 0) == .allowed)
        let mapped = ["::ffff:192.0.2.1", "::ffff:192.0.2.2", "::ffff:192.0.2.3"].map(Self.address)
        for address in mapped { #expect(rates.take(address, now: 0) == .allowed) }
        #expect(Self.address("2001:db8:1:2:ffff::9").share.description == "2001:db8:1:2::")
        #expect(Self.address("192.0.2.7").share == Self.address("192.0.2.7"))
    }

    /// A slow rate says how long to wait: at one token every 10 s, Retry-After is 10 just after spending it.
    @Test func retryAfterIsTheTimeToTheNextToken() {
        let rates = ClientRates(rate: 1, burst: 1)
        rates.configure(rate: 0.1, burst: 1)
        let a = Self.address("192.0.2.1")
        #expect(rates.take(a, now: 0) == .allowed)
        #expect(rates.take(a, now: 0) == .refused(retryAfter: 10))
        #expect(rates.take(a, now: 4 * Self.second) == .refused(retryAfter: 6))
    }

    /// A rate of 0 never refuses and holds no client.
    @Test func rateZeroIsOff() {
        let rates = ClientRates(rate: 0, burst: 1)
        for _ in 0..<1000 { #expect(rates.take(Self.address("192.0.2.1"), now: 0) == .allowed) }
        #expect(rates.count == 0)
    }

    /// A flood from ever new addresses never holds more than `maxClients`, and a client spending its rate is not
    /// forgotten for others whose buckets are full.
    @Test func theClientTableIsBounded() {
        let rates = ClientRates(rate: 1, burst: 2, maxClients: 100)
        let spender = Self.address("198.51.100.1")
        _ = rates.take(spender, now: 0)
        _ = rates.take(spender, now: 0)
        for i in 0..<1000 {
            _ = rates.take(ClientAddress(bytes: [10, 0, UInt8(i >> 8), UInt8(i & 255)]), now: Self.second)
            #expect(rates.count <= 100)
        }
        // The flood's buckets spent a token each, so they are not full: the table was emptied, not grown.
        #expect(rates.count <= 100)
    }

    /// Through the service: with a burst of 2 and 1 a second, a client's third new image is a 429 error image
    /// with Retry-After and X-Error, while its cached images and 304s are still served, another client's miss is
    /// drawn, a push past the rate is a JSON 429, and `/metrics` counts the refusals by reason.
    @Test func theServiceRefusesMissesPastTheRateButNeverHits() throws {
        let folder = NSTemporaryDirectory() + "/client-rate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = "pr_test-token-for-client-rates"
        let service = try makeStoredService(folder: folder, token: token)
        service.clientRates.configure(rate: 1, burst: 2)
        let first = service.response(to: Self.request("/ring.svg?value=1", from: "192.0.2.1"))
        #expect(first.status == .ok)
        #expect(service.response(to: Self.request("/ring.png?value=2", from: "192.0.2.1")).status == .ok)
        let refused = service.response(to: Self.request("/ring.png?value=3", from: "192.0.2.1"))
        #expect(refused.status == .tooManyRequests)
        #expect(refused.header("Content-Type") == "image/png" && refused.header("Cache-Control") == "no-store")
        #expect(refused.header("X-Error")?.contains("clientRate 1 a second after a burst of 2") == true)
        let wait = try #require(refused.header("Retry-After").flatMap(Int.init))
        #expect((1...2).contains(wait))
        // Hits and revalidations are never counted.
        for _ in 0..<5 {
            #expect(service.response(to: Self.request("/ring.svg?value=1", from: "192.0.2.1")).status == .ok)
            let etag = try #require(first.header("ETag"))
            let revalidated = service.response(
                to: Self.request("/ring.svg?value=1", from: "192.0.2.1", ["If-None-Match": etag]))
            #expect(revalidated.status == .notModified)
        }
        #expect(service.response(to: Self.request("/ring.png?value=3", from: "192.0.2.2")).status == .ok)
        var push = Self.request("/values/coverage", from: "192.0.2.1", ["Authorization": "Bearer " + token])
        push.method = .put
        push.body = Array("87".utf8)
        push.headers.append(.contentLength, "2")
        let pushRefused = service.response(to: push)
        #expect(pushRefused.status == .tooManyRequests && pushRefused.header("Retry-After") != nil)
        #expect(String(decoding: pushRefused.body, as: UTF8.self).contains("clientRate"))
        let metrics = service.get("/metrics").text
        #expect(metrics.contains(#"progress_rings_client_refusals_total{reason="rate"} 2"#))
        #expect(metrics.contains(#"progress_rings_client_refusals_total{reason="queue"} 0"#))
        #expect(
            metrics.contains(
                #"progress_rings_http_request_duration_seconds_count{route="/ring.svg",outcome="not_modified"} 5"#))
        #expect(
            metrics.contains(
                #"progress_rings_http_request_duration_seconds_bucket{route="/ring.png",outcome="error_image",le="+Inf"} 1"#
            ))
    }

    /// The lines a service logs at `level` while `body` runs.
    static func logged(
        level: ServiceLog.Level, _ change: (inout ServiceConfiguration) -> Void, _ body: (RingService) -> Void
    )
        -> [String]
    {
        let pipe = Pipe()
        let log = ServiceLog(format: .logfmt, level: level, fd: pipe.fileHandleForWriting.fileDescriptor)
        var config = ServiceConfiguration()
        change(&config)
        body(RingService(configuration: config, log: log, renderer: RingKitRenderer()))
        log.close()
        try? pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// With `logLevel=warn` the access lines of images are left out but a refusal by rate is written, at warn,
    /// with its outcome, its client, its agent and its sentence.
    @Test func aRefusalByRateIsLoggedAtWarn() {
        let lines = Self.logged(
            level: .warn,
            {
                $0.clientRate = 1; $0.clientBurst = 1
            }
        ) { service in
            _ = service.response(to: Self.request("/ring.svg?value=1", from: "192.0.2.1"))
            _ = service.response(to: Self.request("/ring.svg?value=2", from: "192.0.2.1", ["User-Agent": "camo"]))
        }
        #expect(lines.count == 1, "\(lines)")
        let line = lines.first ?? ""
        for field in [
            "level=warn", "status=429", "outcome=error_image", "client=192.0.2.1", "agent=camo", "error=\"this client",
        ] {
            #expect(line.contains(field), "\(field) in \(line)")
        }
    }

    /// A signed URL's access line holds its path and never its query, so never its `sig`.
    @Test func theAccessLineNeverCarriesTheSignature() {
        let sig = String(repeating: "ab", count: 32)
        let lines = Self.logged(level: .info, { $0.signing.keys = [URLKey(name: "k", secret: SignedURLTests.secret)] })
        {
            _ = $0.response(to: Self.request("/ring.svg?value=1&key=k&sig=\(sig)", from: "192.0.2.1"))
        }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("status=403") == true && lines.first?.contains("outcome=error_image") == true)
        #expect(lines.first?.contains(sig) == false)
        #expect(lines.first?.contains("sig=") == false)
    }

    /// A live read the value cache does not hold is costly: one token for the read and the image it draws, and past
    /// the rate a 429 image with nothing fetched; a value already read is drawn for the client whatever its rate.
    @Test func aLiveReadPastTheRateIsRefusedWithoutAFetch() throws {
        let fixture = try FixtureServer()
        defer { fixture.stop() }
        try fixture.write("c.json", #"{"p": 40}"#)
        try fixture.write("d.json", #"{"p": 50}"#)
        let service = try makeLiveService(fixture) {
            $0.clientRate = 1
            $0.clientBurst = 1
        }
        func live(_ file: String) -> String {
            "/ring.svg?url=\(QueryParameters.encode(fixture.url(file)))&query=$.p"
        }
        let first = service.response(to: Self.request(live("c.json"), from: "192.0.2.1"))
        #expect(first.status == .ok && first.header("X-Source") == "fresh")
        let refused = service.response(to: Self.request(live("d.json"), from: "192.0.2.1"))
        #expect(refused.status == .tooManyRequests && refused.header("Retry-After") == "1")
        #expect(fixture.requests == ["/c.json"])
        let again = service.response(to: Self.request(live("c.json"), from: "192.0.2.1"))
        #expect(again.status == .ok && again.header("X-Source") == "cached")
        #expect(service.response(to: Self.request(live("d.json"), from: "192.0.2.2")).status == .ok)
    }

    /// One token a render, charged to the request that causes it: with a burst of 1, a client's three requests for
    /// one new image, all waiting for a worker, are all taken, and so is another client's for it, while the first
    /// client's next new image is refused for its rate.
    @Test func requestsWaitingForOneRenderAreChargedOneToken() {
        let service = makeService {
            $0.clientRate = 1
            $0.clientBurst = 1
        }
        var waiting: [@Sendable () -> HTTPResponse] = []
        for peer in ["192.0.2.1", "192.0.2.1", "192.0.2.1", "192.0.2.2"] {
            guard case .later(let work, _, _) = service.answer(Self.request("/ring.png?value=7&size=512", from: peer))
            else {
                Issue.record("a request waiting for the same render from \(peer) was not taken")
                return
            }
            waiting.append(work)
        }
        guard case .now(let refused) = service.answer(Self.request("/ring.png?value=8&size=512", from: "192.0.2.1"))
        else {
            Issue.record("a second new image was taken past the client's rate")
            return
        }
        #expect(refused.status == .tooManyRequests && refused.header("X-Error")?.contains("clientRate") == true)
        for work in waiting { #expect(work().status == .ok) }
    }
}
