import Foundation
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Live values behind the real transport: a request waiting for a value holds no thread of the server.
@Suite(.serialized)
final class LiveValueServerTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    /// Twenty requests wait for documents that never come, on a server of one event loop (and so one worker):
    /// a cached ring, an SVG never drawn before and a large PNG (drawn by the worker) are all answered meanwhile,
    /// and the waiting requests get their error images once the timeout passes.
    @Test func requestsWaitingForHangingSourcesDelayNobodyElse() async throws {
        let service = try makeLiveService(fixture) {
            $0.port = 0
            $0.eventLoops = 1
            $0.live.timeout = 6
        }
        let server = try LiveService(service: service)
        defer { server.stop() }
        let warm = try server.client()
        #expect(try warm.request("GET", "/ring.svg?value=5").status == 200)
        // No waiting request can be answered before this plus the 6 s timeout: its fetch starts after it.
        let started = Date()
        let waiting = try (0..<20).map { i in
            let client = try server.client()
            let target = "/ring.svg?url=\(QueryParameters.encode(fixture.url("hang?n=\(i)")))&query=v"
            _ = client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return client
        }
        // Fetches hold the host's four slots (the others wait for one).
        #expect(await eventually { !self.fixture.requests.isEmpty })
        let other = try server.client()
        #expect(try other.request("GET", "/ring.svg?value=5").status == 200)
        #expect(try other.request("GET", "/ring.svg?value=6&size=200").status == 200)
        let png = try other.request("GET", "/ring.png?value=7&size=512")
        #expect(png.status == 200 && DecodedPNG(png.body)?.width == 512)
        #expect(Date().timeIntervalSince(started) < 6, "answered after \(Date().timeIntervalSince(started)) s")
        let statuses = try await onOwnThread { waiting.map { $0.readResponse()?.status ?? 0 } }
        // 504 for the fetches that timed out, 503 for those that waited for a slot for the whole timeout.
        #expect(statuses.allSatisfy { $0 == 504 || $0 == 503 }, "\(statuses)")
    }
}
