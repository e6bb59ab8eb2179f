import Foundation
import TestSupport
import Testing

@testable import RingService

/// Rings, bars and badges whose value a real Prometheus holds, asked through the service.
@Suite(.serialized)
struct PrometheusImageTests {
    @Test func aRingShowsTheNumberPrometheusHoldsAndAnotherShapeIsAnErrorImage() async throws {
        try await onOwnThread {
            let prometheus = try PrometheusProcess()
            defer { prometheus.stop() }
            let exporter = prometheus.exporter
            let clock = TestClock()
            let service = try makeLiveService(exporter, clock: clock) {
                $0.live.hosts = []
                $0.live.retrySeconds = 1
                $0.live.prometheusServers = [.init(name: "main", url: prometheus.url)]
                $0.live.prometheusQueries = ["done": .init(query: "fixture_done")]
            }
            // Until Prometheus has scraped the exporter once, the query returns no data.
            let deadline = Date().addingTimeInterval(90)
            var ring = service.get("/ring.svg?prometheus=done&max=12")
            while ring.status != .ok {
                guard Date() < deadline else {
                    throw TestFailure("no sample after 90 s: \(ring.header("X-Error") ?? "")")
                }
                usleep(500_000)
                // Past the remembered failure's retry time.
                clock.advance(2)
                ring = service.get("/ring.svg?prometheus=done&max=12")
            }
            #expect(ring.body == service.get("/ring.svg?value=7&max=12").body, "7 of 12")
            let badge = service.get("/badge.svg?label=total&prometheus=scalar(fixture_total)")
            #expect(badge.body == service.get("/badge.svg?label=total&value=12").body)
            let series = service.get("/bar.png?prometheus=fixture_series")
            #expect(series.status == .badGateway && series.header("Content-Type") == "image/png")
            #expect(series.header("X-Error") == "prometheus: the query returned 3 series; one is needed")
            // Used of total: the max from a second query, written in a unit, with no max in the URL.
            let used = service.get(
                "/ring.svg?prometheus=done&maxQuery=fixture_total&label=%7Bvalue%7D%20of%20%7Bmax%7D")
            #expect(used.body == service.get("/ring.svg?value=7&max=12&label=%7Bvalue%7D%20of%20%7Bmax%7D").body)
            let bad = service.get("/ring.svg?prometheus=done&maxQuery=fixture_series")
            #expect(bad.header("X-Error") == "maxQuery: the query returned 3 series; one is needed")
            let both = service.get("/ring.svg?prometheus=done&maxQuery=fixture_total&max=12")
            #expect(both.status == .badRequest && both.header("X-Error")?.hasPrefix("max: ") == true)
        }
    }
}
