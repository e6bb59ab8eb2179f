import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import RingService

/// What a user and an operator see of a Prometheus query that stops answering in time: its image, answered at once
/// from its last reading once it timed out twice in a row, the `open` outcome in `/metrics`, and one warning when
/// the breaker opens and one when it closes.
@Suite(.serialized)
final class LiveBreakerTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    /// A query that timed out twice in a row is answered at once, stale, with one probe sent upstream; the breaker's
    /// opening and closing are one warning each, and the answers it gave count as `outcome="open"`.
    @Test func aHeldQueryIsAnsweredAtOnceCountedOpenAndWarnedOfOnceEachWay() throws {
        try fixture.write("lag", FixtureServer.scalar("30"))
        let clock = TestClock()
        let target = "/ring.svg?prometheus=lag"
        let fixture = fixture
        var held: HTTPResponse?
        var recovered = false
        var metrics = ""
        let lines = ServiceLogTests.lines(format: .logfmt, level: .warn) { log in
            guard
                let service = try? makeLiveService(
                    fixture, clock: clock, log: log,
                    change: {
                        $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
                        $0.live.prometheusQueries = ["lag": .init(query: "lag")]
                        // A probe in flight for 4 s: the metrics are read while it is, even on a loaded machine.
                        $0.live.timeout = 4
                        $0.live.ttl = 10
                        $0.live.retrySeconds = 5
                    })
            else { return }
            _ = service.get(target)
            try? fixture.write("lag.delay", "10")
            for _ in 0..<2 {
                clock.advance(11)
                _ = service.get(target)
            }
            clock.advance(6)
            held = service.get(target)
            // The probe reaches the upstream and times out; then the query answers again.
            _ = eventuallyHere(within: 5) { fixture.requests(asking: "lag") == 4 }
            usleep(4_500_000)
            try? fixture.remove("lag.delay")
            clock.advance(6)
            _ = service.get(target)
            recovered = eventuallyHere(within: 5) { service.get(target).header("X-Source") == "cached" }
            metrics = service.get("/metrics").text
        }
        #expect(held?.status == .ok && held?.header("X-Source") == "stale", "\(String(describing: held))")
        #expect(recovered)
        #expect(fixture.requests(asking: "lag") == 5)
        // The held answer and the one that sent the second probe at least; requests while it was in flight too.
        let open = metrics.split(separator: "\n").first {
            $0.hasPrefix(#"progress_rings_live_fetches_total{host="127.0.0.1",server="main",outcome="open"} "#)
        }
        #expect((open?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 2, "\(metrics)")
        let opened = lines.filter { $0.contains(#"msg="live source breaker open""#) }
        let closed = lines.filter { $0.contains(#"msg="live source breaker closed""#) }
        #expect(opened.count == 1 && closed.count == 1, "\(lines)")
        #expect(opened.first?.contains("level=warn") == true && opened.first?.contains("source=lag") == true)
        #expect(opened.first?.contains("timed out") == true, "\(opened)")
        #expect(closed.first?.contains("level=warn") == true, "\(closed)")
    }
}
