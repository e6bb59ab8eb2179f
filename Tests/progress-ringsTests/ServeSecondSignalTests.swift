import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A second SIGTERM or SIGINT while the first one's drain delay runs: the operator wants out, and the process
/// exits at once instead of when the delay ends (docs/operations.md).
@Suite(.serialized)
struct ServeSecondSignalTests {
    /// Long, so that "at once" has a wide margin on a machine loaded by sanitizers (under ThreadSanitizer an exit
    /// took 3.7 s, and 14.1 s on a loaded CI machine) while a process that waits for the delay still fails by far:
    /// "at once" is within half of it.
    static let drainDelay = 60.0

    @Test(arguments: [(SIGTERM, SIGTERM), (SIGINT, SIGINT), (SIGTERM, SIGINT)])
    func aSecondSignalDuringTheDrainDelayExitsAtOnce(first: Int32, second: Int32) async throws {
        let server = try await ServerProcess.start(["--drain-delay", "\(Self.drainDelay)"], logFormat: "json")
        server.signal(first)
        // The first signal has been taken once /readyz answers 503.
        let draining = await eventually(within: 5) {
            (try? TestClient(port: server.port).request("GET", "/readyz"))?.status == 503
        }
        #expect(draining)
        let signalled = ContinuousClock.now
        server.signal(second)
        await server.exit()
        let elapsed = ContinuousClock.now - signalled
        await server.logClosed()
        #expect(
            elapsed < .seconds(Self.drainDelay / 2),
            "exited \(elapsed) after the second signal, drain delay \(Self.drainDelay) s")
        #expect(server.process.terminationStatus == 0)
        #expect(server.log.contains(#""msg":"stopping at once""#))
        #expect(server.log.contains(#""msg":"stopped""#))
    }
}
