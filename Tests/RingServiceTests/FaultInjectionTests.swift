import Dispatch
import Foundation
import HTTPServer
import RingKit
import Synchronization
import TestSupport
import Testing

@testable import RingService

#if canImport(Glibc)
    import Glibc
#endif

/// Faults from outside: a renderer that fails and clients that reset mid-response. Each must cost only what it
/// touches. (Descriptors running out and a process killed without warning are `ServeFaultTests`.)
@Suite(.serialized)
struct FaultInjectionTests {
    /// Fails the PNG of every ring whose value is 13.
    static let failingThirteen = CountingRenderer { drawing, format in
        guard let spec = drawing.image as? RingSpec else { return false }
        return format == .png && spec.reading.value == 13
    }

    @Test func aFailingRenderIsA500ForThatRequestOnlyAndIsNotCached() throws {
        let renderer = CountingRenderer(fails: Self.failingThirteen.fails)
        let service = makeService(renderer: renderer)
        let failed = service.get("/ring.png?value=13")
        #expect(failed.status == .internalServerError)
        #expect(failed.header("Cache-Control") == "no-store")
        #expect(service.get("/ring.png?value=14").status == .ok)
        #expect(service.get("/ring.svg?value=13").status == .ok)
        // Not cached: the next request for it tries again (and fails again).
        #expect(service.get("/ring.png?value=13").status == .internalServerError)
        #expect(renderer.renderCount == 4)
        #expect(service.cacheCounters.entries == 2)
    }

    @Test func onlyUncachedLargePNGsAreLeftToAWorkerThread() {
        let service = makeService()
        func quick(_ target: String, _ headers: HTTPHeaders = [:]) -> Bool {
            if case .now = service.answer(HTTPRequest(method: .get, target: target, headers: headers)) { return true }
            return false
        }
        #expect(!quick("/ring.png?value=5&size=1024"))
        #expect(!quick("/ring.png?value=5&size=200&scale=2"))
        #expect(!quick("/ring/5.png?size=512"))
        #expect(!quick("/ring?value=5&size=512", ["Accept": "image/png"]))
        #expect(quick("/ring?value=5&size=512"))
        #expect(!quick("/ring.png?value=5&size=65"))
        #expect(!quick("/ring.png?value=5&size=128"))
        #expect(!quick("/ring.png?value=5&size=32&scale=3"))
        #expect(quick("/ring.png?value=5&size=64"))
        #expect(quick("/ring.png?value=5&size=32&scale=2"))
        #expect(quick("/ring.svg?value=5&size=1024"))
        #expect(quick("/ring.png?value=5&size=5000"))
        #expect(quick("/healthz"))
        // Once drawn, the same image is a cache hit, answered on the loop.
        #expect(service.get("/ring.png?value=5&size=1024").status == .ok)
        #expect(quick("/ring.png?value=5&size=1024"))
        #expect(quick("/ring.png?size=1024&value=5.0"))
    }

    @Test func aFailingRenderLeavesTheConnectionServing() throws {
        let live = try LiveService()
        defer { live.stop() }
        let failing = RingService(
            configuration: live.service.configuration, log: ServiceLog(format: .off, level: .info),
            renderer: Self.failingThirteen)
        let server = HTTPServer(configuration: live.service.configuration.httpConfiguration, handler: failing)
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        let client = try TestClient(port: server.localPort)
        #expect(try client.request("GET", "/ring.png?value=13").status == 500)
        #expect(try client.request("GET", "/ring.png?value=12").status == 200)
        #expect(try client.request("GET", "/ring.png?value=13").status == 500)
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    /// Clients that reset while a large answer is being written cost nothing that lasts: their sockets are closed
    /// and the server goes on serving.
    @Test func clientsThatResetMidResponseCostNothingLasting() async throws {
        let live = try LiveService()
        defer { live.stop() }
        let port = live.port
        let errors = try await onOwnThread { () -> [String] in
            var errors: [String] = []
            for n in 0..<200 {
                // A large PNG (~76 KB, more than the socket buffers take at once), then a reset after a few bytes.
                do {
                    let client = try TestClient(port: port, receiveBuffer: 4096)
                    client.send("GET /ring.png?value=\(n % 20)&size=1024 HTTP/1.1\r\nHost: x\r\n\r\n")
                    // Waits for the answer's first byte, so the reset comes while the server is still writing.
                    _ = client.readsEndOfStream()
                    client.reset()
                } catch {
                    errors.append("\(error)")
                }
            }
            return errors
        }
        #expect(errors.isEmpty, "\(errors)")
        #expect(try live.client().request("GET", "/ring.png?value=3&size=1024").status == 200)
        let server = live.server
        #expect(await eventually { server.openConnections == 0 })
        // Every socket the resets left is closed, not only uncounted: the listener is the only one on the port.
        #expect(await eventually { OpenSockets.count(localPort: port) == 1 })
        #expect(server.counters.sendTimeouts == 0)
    }
}
