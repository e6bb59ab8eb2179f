import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An access line says who asked, with what, and why a request was refused: the connection's peer, its
/// `User-Agent` (at most 256 characters of it) and the sentence of an error answer.
@Suite(.serialized)
struct ServeAccessLogTests {
    @Test func anAccessLineNamesTheClientItsAgentAndTheReason() async throws {
        let server = try await ServerProcess.start([], logFormat: "json")
        defer { server.kill(SIGTERM) }
        let client = try TestClient(port: server.port)
        let agent = "camo-test/1.0 " + String(repeating: "x", count: 400)
        _ = try client.request("GET", "/ring.svg?value=72&size=5000", headers: [("User-Agent", agent)])
        _ = try client.request("GET", "/ring.svg?value=72")
        let seen = await eventually(within: 5) {
            ServeStartupTests.lines("request", in: server.log).count >= 2
        }
        #expect(seen, "\(server.log)")
        let lines = ServeStartupTests.lines("request", in: server.log)
        let refused = try #require(lines.first { $0.object["status"] as? Int == 400 })
        #expect(refused.object["client"] as? String == "127.0.0.1")
        #expect(refused.object["agent"] as? String == String(agent.prefix(256)))
        #expect(refused.object["error"] as? String == "size: 5000 is out of range 16…1024")
        let drawn = try #require(lines.first { $0.object["status"] as? Int == 200 })
        #expect(drawn.object["client"] as? String == "127.0.0.1")
        #expect(drawn.object["agent"] == nil && drawn.object["error"] == nil)
    }
}
