import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM on a loaded server: readiness turns 503 while everything else keeps serving for the drain delay, then
/// the listener closes and every request in progress — slow renders on a worker included — is answered whole with
/// `Connection: close` before the process exits 0.
@Suite(.serialized)
struct ServeDrainTests {
    static let drainDelay = 1.0
    static let drainDeadline = 60.0

    @Test func sigtermAnswersEveryRequestInFlightWithCloseThenExitsZero() async throws {
        let server = try await ServerProcess.start(
            ["--drain-delay", "\(Self.drainDelay)", "--drain-deadline", "\(Self.drainDeadline)"], logFormat: "json")
        let port = server.port
        // Four connections of small images (drawn on the loop), two of 1024 px PNG misses (drawn on a worker,
        // slowly): each always has a request in progress, through the drain delay and into the drain.
        let loads = KeepAliveLoads(
            (0..<4).map { worker in
                KeepAliveLoad(port: port) { n in "/ring.\(n % 2 == 0 ? "svg" : "png")?value=\(worker * 1000 + n)" }
            }
                + (0..<2).map { worker in
                    KeepAliveLoad(port: port, target: { n in "/ring.png?size=512&scale=2&value=\(worker * 1000 + n)" })
                })
        // Every connection is under way (a sanitized server draws its first 1024 px PNG slowly) before the signal.
        #expect(await loads.allRunning(within: 60))
        try await Task.sleep(for: .milliseconds(200))

        // The load balancer: polls readiness and health on new connections until the listener is gone.
        let signalled = ContinuousClock.now
        server.signal(SIGTERM)
        let (sawNotReady, healthWhileNotReady, listenerClosed) = try await onOwnThread {
            () -> (Bool, Bool, ContinuousClock.Instant?) in
            var notReady = false
            var healthy = true
            while ContinuousClock.now < signalled + .seconds(Self.drainDelay + Self.drainDeadline) {
                guard let client = try? TestClient(port: port) else { return (notReady, healthy, .now) }
                if (try? client.request("GET", "/readyz"))?.status == 503 {
                    notReady = true
                    let health = try? TestClient(port: port).request("GET", "/healthz")
                    // Refused only once the listener has closed, which the loop above then sees.
                    if let health, health.status != 200 { healthy = false }
                }
                usleep(20_000)
            }
            return (notReady, healthy, nil)
        }
        let all = await loads.outcomes()
        await server.exit()
        let elapsed = ContinuousClock.now - signalled
        await server.logClosed()

        #expect(all.count == loads.count)
        #expect(all.flatMap(\.failures) == [])
        #expect(sawNotReady && healthWhileNotReady)
        let closedAt = try #require(listenerClosed, "new connections were still accepted after the drain deadline")
        #expect(closedAt - signalled >= .seconds(Self.drainDelay))
        for (index, outcome) in all.enumerated() {
            // Load ran before the signal, went on through the drain delay, and its last answer came in the drain.
            #expect(outcome.answers.contains { $0.at < signalled }, "connection \(index): nothing before SIGTERM")
            let last = try #require(outcome.answers.last)
            #expect(last.at > signalled, "connection \(index): no answer after SIGTERM")
            #expect(last.response.header("Connection") == "close", "connection \(index)")
            #expect(last.response.header("Content-Length") == String(last.response.body.count))
        }
        // The slow connections' last answers are whole 1024 px PNGs, drawn while the drain waited for them.
        let slowLast = all.compactMap(\.answers.last).filter { $0.response.header("Content-Type") == "image/png" }
        #expect(slowLast.contains { DecodedPNG($0.response.body)?.width == 1024 })
        #expect(server.process.terminationStatus == 0)
        #expect(elapsed >= .seconds(Self.drainDelay) && elapsed < .seconds(Self.drainDelay + Self.drainDeadline))
        let log = server.log
        #expect(log.contains(#""msg":"draining""#))
        #expect(log.contains(#""msg":"stopped""#))
        #expect(log.contains("all requests finished"))
    }
}
