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
    /// a cached ring, an SVG never drawn before and a large PNG (drawn by the worker) are all answered while every
    /// waiting request is still unanswered, and the waiting requests get their error images once the timeout
    /// passes. Judged by order, not by a clock: a loaded machine may take seconds to run the test's own steps.
    @Test func requestsWaitingForHangingSourcesDelayNobodyElse() async throws {
        let service = try makeLiveService(fixture) {
            $0.port = 0
            $0.eventLoops = 1
            $0.live.timeout = 15
        }
        let server = try LiveService(service: service)
        defer { server.stop() }
        let warm = try server.client()
        #expect(try warm.request("GET", "/ring.svg?value=5").status == 200)
        // On a thread of the test's own, so that no step waits for a turn on a busy cooperative pool.
        let port = server.port
        let (answeredFirst, statuses) = try await onOwnThread { [fixture] in
            let waiting = try (0..<20).map { i in
                let client = try TestClient(port: port, receiveTimeout: 60)
                let target = "/ring.svg?url=\(QueryParameters.encode(fixture.url("hang?n=\(i)")))&query=v"
                _ = client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
                return client
            }
            // Fetches hold the host's four slots (the others wait for one).
            let deadline = Date().addingTimeInterval(10)
            while fixture.requests.isEmpty && Date() < deadline { usleep(5000) }
            #expect(!fixture.requests.isEmpty)
            let other = try TestClient(port: port)
            #expect(try other.request("GET", "/ring.svg?value=5").status == 200)
            #expect(try other.request("GET", "/ring.svg?value=6&size=200").status == 200)
            let png = try other.request("GET", "/ring.png?value=7&size=512")
            #expect(png.status == 200 && DecodedPNG(png.body)?.width == 512)
            let answeredFirst = !waiting.contains { $0.hasPendingBytes() }
            return (answeredFirst, waiting.map { $0.readResponse()?.status ?? 0 })
        }
        #expect(answeredFirst, "a waiting request was answered before the others")
        // 504 for the fetches that timed out, 503 for those that waited for a slot for the whole timeout.
        #expect(statuses.allSatisfy { $0 == 504 || $0 == 503 }, "\(statuses)")
    }
}
