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
                $0.live.prometheusQueries = [
                    "done": .init(query: "fixture_done"), "total": .init(query: "scalar(fixture_total)"),
                    "series": .init(query: "fixture_series"),
                    "part": .init(
                        query: #"fixture_series{part="$part"}"#, maxQuery: #"sum(fixture_series)"#,
                        parameters: ["part": .init(pattern: "[a-z]", defaultValue: "a")]),
                ]
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
            let badge = service.get("/badge.svg?label=total&prometheus=total")
            #expect(badge.body == service.get("/badge.svg?label=total&value=12").body)
            // One bar per series, largest first, each labelled with its part: the bars of the same values in the URL.
            let bars = service.get("/bar.svg?prometheus=series&sort=-value&max=4&label=%7Blabel.part%7D%3A%7Bvalue%7D")
            #expect(bars.status == .ok, "\(bars.header("X-Error") ?? "")")
            let parts = ["c:3", "b:2", "a:1"].map { bars.text.range(of: ">\($0)<")?.lowerBound }
            #expect(parts.allSatisfy { $0 != nil } && parts == parts.sorted { $0! < $1! }, "\(bars.text)")
            let rings = service.get("/ring.png?prometheus=series&sort=label:part&max=4")
            #expect(rings.body == service.get("/ring.png?value=1,2,3&max=4").body)
            // A badge still refuses several series: it takes them only through a roll-up.
            let series = service.get("/badge.png?prometheus=series")
            #expect(series.status == .badGateway && series.header("Content-Type") == "image/png")
            #expect(series.header("X-Error") == "prometheus: the query returned 3 series; one is needed")
            // Rolled up, the three series (1, 2, 3) are one value, with the scale that goes with it.
            for (reduce, same) in [("sum", "value=6&max=300"), ("max", "value=3"), ("count", "value=3&max=3")] {
                let rolled = service.get("/badge.svg?label=parts&prometheus=series&reduce=\(reduce)")
                #expect(rolled.status == .ok, "\(reduce): \(rolled.header("X-Error") ?? "")")
                #expect(rolled.body == service.get("/badge.svg?label=parts&\(same)").body, "\(reduce)")
            }
            // Used of total: the max from a second query, written in a unit, with no max in the URL.
            let used = service.get(
                "/ring.svg?prometheus=done&maxQuery=total&label=%7Bvalue%7D%20of%20%7Bmax%7D")
            #expect(used.body == service.get("/ring.svg?value=7&max=12&label=%7Bvalue%7D%20of%20%7Bmax%7D").body)
            let bad = service.get("/ring.svg?prometheus=done&maxQuery=series")
            #expect(bad.header("X-Error") == "maxQuery: the query returned 3 series; one is needed")
            let both = service.get("/ring.svg?prometheus=done&maxQuery=total&max=12")
            #expect(both.status == .badRequest && both.header("X-Error")?.hasPrefix("max: ") == true)
            try Self.checkNamedQueries(service)
        }
    }

    /// By default a URL names a configured query and fills its parameters; PromQL of its own is refused by name,
    /// before anything is fetched, and no refusal shows a configured query's text or the server's address.
    static func checkNamedQueries(_ service: RingService) throws {
        let b = service.get("/ring.svg?prometheus=part&part=b&label=%7Bvalue%7D%20of%20%7Bmax%7D")
        #expect(b.body == service.get("/ring.svg?value=2&max=6&label=%7Bvalue%7D%20of%20%7Bmax%7D").body, "b of all")
        #expect(
            service.get("/ring.svg?prometheus=part&label=%7Bvalue%7D").body
                == service.get(
                    "/ring.svg?value=1&max=6&label=%7Bvalue%7D"
                ).body, "the default part, a")
        for (target, error) in [
            ("/ring.svg?prometheus=scalar(fixture_total)", "prometheus: \"scalar(fixture_total)\" is not a query"),
            ("/ring.svg?prometheus=done&maxQuery=fixture_total", "maxQuery: \"fixture_total\" is not a query"),
            ("/badge.svg?prometheus=part&part=ab", "part: \"ab\" does not match the pattern \"[a-z]\""),
            ("/badge.svg?prometheus=part&part=%22%7D%20or%20vector(1)", "part: \"\\\"} or vector(1)\" does not match"),
            ("/bar.png?prometheus=part&part=a&part=b", "part: "),
            (
                "/ring.png?prometheus=prat",
                "prometheus: \"prat\" is not a query configured on this server; did you mean part?"
            ),
        ] {
            let answer = service.get(target)
            let message = answer.header("X-Error") ?? ""
            #expect(answer.status == .badRequest, "\(target)")
            #expect(message.hasPrefix(error), "\(target): \(message)")
            #expect(!message.contains("fixture_series") && !message.contains("127.0.0.1"), "\(message)")
        }
    }
}
