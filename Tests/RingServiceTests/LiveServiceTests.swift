import Dispatch
import Foundation
import HTTPServer
import Locking
import RingKit
import Synchronization
import TestSupport
import Testing

@testable import RingService

/// The service behind the real transport on 127.0.0.1 and a kernel-chosen port.
final class LiveService {
    let service: RingService
    let server: HTTPServer
    let port: Int

    convenience init(
        renderer: any Renderer = RingKitRenderer(), _ change: (inout ServiceConfiguration) -> Void = { _ in }
    ) throws {
        try self.init(
            service: makeService(renderer: renderer) {
                $0.port = 0
                $0.eventLoops = 2
                change(&$0)
            })
    }

    /// Serves `service` as it is configured (its port should be 0).
    init(service: RingService) throws {
        self.service = service
        server = HTTPServer(configuration: service.configuration.httpConfiguration, handler: service)
        // Weak: the server holds the service as its handler, so a strong capture would be a cycle that keeps both.
        service.countConnections { [weak server] in server?.openConnections ?? 0 }
        try server.start()
        port = server.localPort
    }

    func client() throws -> TestClient { try TestClient(port: port) }

    func stop() {
        server.stop()
        server.waitUntilStopped()
    }
}

@Suite(.serialized)
struct LiveServiceTests {
    @Test func everyRouteAnswersOverTheWire() throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        let svg = try client.request("GET", "/ring.svg?value=72")
        #expect(svg.status == 200)
        #expect(svg.header("Content-Type") == "image/svg+xml; charset=utf-8")
        #expect(svg.header("Content-Length") == String(svg.body.count))
        #expect(svg.header("Date") != nil)
        #expect(svg.text.contains("<svg"))
        #expect(try client.request("GET", "/ring.png?value=72").header("Content-Type") == "image/png")
        #expect(try client.request("GET", "/ring/50.png").header("Content-Type") == "image/png")
        let negotiated = try client.request("GET", "/ring?value=72", headers: [("Accept", "image/png")])
        #expect(negotiated.header("Content-Type") == "image/png")
        #expect(negotiated.header("Vary") == "Accept")
        #expect(try client.request("GET", "/healthz").text == "ok\n")
        #expect(try client.request("GET", "/readyz").text == "ready\n")
        let metrics = try client.request("GET", "/metrics")
        #expect(metrics.text.contains("progress_rings_open_connections 1\n"))
        #expect(try client.request("GET", "/ring%2Esvg").status == 404)
        #expect(try client.request("GET", "/nowhere").status == 404)
        let builder = try client.request("GET", "/")
        #expect(builder.status == 200 && builder.header("Content-Type") == "text/html; charset=utf-8")
        #expect(builder.header("Content-Security-Policy")?.contains("script-src 'sha256-") == true)
        #expect(try client.request("GET", "/examples").text.contains("<h1>Gallery</h1>"))
        let post = try client.request("DELETE", "/ring.svg")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
    }

    /// A URL too long to read on an image route is answered with that route's error image (status 414), so a page
    /// shows an error image rather than a broken one; other routes keep the plain-text 414.
    @Test func aTooLongURLOnAnImageRouteGetsAnImage() throws {
        let live = try LiveService()
        defer { live.stop() }
        let long = String(repeating: "9", count: 9000)
        let svg = try live.client().request("GET", "/ring.svg?value=" + long)
        #expect(svg.status == 414)
        #expect(svg.header("Content-Type") == "image/svg+xml; charset=utf-8")
        #expect(svg.text.contains("<svg") && svg.text.contains("width=\"128\""))
        #expect(svg.header("X-Error")?.hasPrefix("URL: the request line is longer than 8192 bytes") == true)
        let badge = try live.client().request("GET", "/badge.png?label=coverage&value=" + long)
        #expect(badge.status == 414 && badge.header("Content-Type") == "image/png")
        #expect(DecodedPNG(badge.body)?.height == 20)
        let text = try live.client().request("GET", "/healthz?x=" + long)
        #expect(text.status == 414 && text.header("Content-Type") == "text/plain; charset=utf-8")
        // A URL just within the limit is read: a custom logo of the largest size accepted fits.
        let logo = try live.client().request("GET", "/badge.svg?label=x&logo=" + Self.largestLogo)
        #expect(logo.status == 200, "\(logo.status) \(logo.header("X-Error") ?? "")")
    }

    /// A data URI of a logo of `CustomLogo.maxBytes`, percent-encoded as a browser sends it.
    static var largestLogo: String {
        let head = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/><!--"#
        let tail = "--></svg>"
        let filler = String(repeating: "x", count: CustomLogo.maxBytes - head.utf8.count - tail.utf8.count)
        let svg = head + filler + tail
        return QueryParameters.encode(Logo.dataPrefix + Data(svg.utf8).base64EncodedString())
    }

    @Test func headSendsTheHeadersOfGetWithoutABody() throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        for target in ["/ring.svg?value=10", "/ring.png?value=10", "/healthz", "/ring.svg?size=1", "/nowhere"] {
            let get = try client.request("GET", target)
            let head = try client.request("HEAD", target)
            #expect(head.status == get.status)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("ETag") == get.header("ETag"))
            // The connection still works: HEAD sent no stray body bytes.
        }
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    @Test func conditionalRequestRoundTrip() throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        let first = try client.request("GET", "/ring.svg?value=64&color=teal")
        let etag = try #require(first.header("ETag"))
        let second = try client.request("GET", "/ring.svg?color=TEAL&value=64.00", headers: [("If-None-Match", etag)])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.header("ETag") == etag)
        #expect(second.header("Cache-Control") == first.header("Cache-Control"))
        let weak = try client.request(
            "HEAD", "/ring.svg?value=64&color=teal", headers: [("If-None-Match", "W/\(etag)")])
        #expect(weak.status == 304)
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    /// Requests for an image being drawn wait for that render (they coalesce) instead of drawing it again; the
    /// render is held at a gate until they have arrived, so coalescing must happen for the test to pass.
    @Test func oneRenderForOneHundredConcurrentRequestsOfANewKey() async throws {
        let gate = Gate()
        let renderer = CountingRenderer(gate: gate)
        // Four loops, each with its worker: requests on the loops other than the first's can wait for its render.
        let live = try LiveService(renderer: renderer) { $0.eventLoops = 4 }
        defer { live.stop() }
        let target = "/ring.png?value=37&size=1024&scale=2"
        // The first answer waits for the others to arrive, and workers run below the priority of everything else
        // on a shared machine: a receive timeout well beyond the gate's.
        let clients = try (0..<100).map { _ in try TestClient(port: live.port, receiveTimeout: 90) }
        let failures = Atomic<Int>(0)
        let etags = Lock<Set<String>>([])
        let group = DispatchGroup()
        func fetch(_ client: TestClient) {
            group.enter()
            Thread {
                do {
                    let response = try client.request("GET", target)
                    if response.status != 200 { failures.add(1, ordering: .relaxed) }
                    etags.withLock { _ = $0.insert(response.header("ETag") ?? "") }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
                group.leave()
            }.start()
        }
        fetch(clients[0])
        #expect(await eventually { gate.entered == 1 })
        for client in clients.dropFirst() { fetch(client) }
        let service = live.service
        #expect(await eventually(within: 50) { service.cacheCounters.coalesced >= 1 })
        gate.open()
        await group.completion()
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(etags.withLock { $0.count } == 1)
        #expect(renderer.renderCount == 1)
        let counters = live.service.cacheCounters
        #expect(counters.misses == 1)
        #expect(counters.coalesced >= 1)
        #expect(counters.hits + counters.coalesced == 99)
    }

    @Test func cacheStaysWithinItsBytesUnderAFloodOfDistinctURLs() async throws {
        let bound = 256 * 1024
        let live = try LiveService { $0.cacheBytes = bound }
        defer { live.stop() }
        let client = try live.client()
        let statuses = try await onOwnThread {
            var statuses: Set<Int> = []
            for n in 0..<1500 {
                let response = try client.request("GET", "/ring.svg?value=\(Double(n) / 30)&size=\(16 + n % 1000)")
                statuses.insert(response.status)
            }
            return statuses
        }
        #expect(statuses == [200])
        let counters = live.service.cacheCounters
        #expect(counters.bytes <= bound)
        #expect(counters.evictions > 0)
        #expect(counters.misses == 1500)
        #expect(counters.entries + counters.evictions == 1500)
    }

    @Test func metricsOverTheWirePassPromtool() async throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        _ = try client.request("GET", "/ring.svg?value=3")
        _ = try client.request("GET", "/ring.png?value=3")
        _ = try client.request("GET", "/ring.png?size=3")
        let text = try client.request("GET", "/metrics").text
        let (status, output) = try await MetricsTests.promtool(text)
        #expect(status == 0, "\(output)")
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="/ring.png",format="png",status="400",outcome="error_image"} 1"#
            ))
    }
}
