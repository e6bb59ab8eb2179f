import Dispatch
import Foundation
import HTTPServer
import LiveValues
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `/spark.svg?prometheus=NAME&window=24h`: the query's history, read with one `query_range` whose step gives a
/// point per pixel column and whose end is a whole step, so every request within a step shares one fetch; drawn as
/// the sparkline of the same points in the URL.
@Suite(.serialized)
final class PrometheusSparkTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        // The fixture answers any query with the file of its name, instant or over time.
        let values = [#"[1700000000,"1"]"#, #"[1700000864,"2.5"]"#, #"[1700001728,"NaN"]"#, #"[1700002592,"4"]"#]
        try fixture.write(
            "load",
            #"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":["#
                + values.joined(separator: ",") + "]}]}}")
        try fixture.write(
            "many",
            #"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"a":"1"},"values":[]},"#
                + #"{"metric":{"a":"2"},"values":[]}]}}"#)
    }

    deinit { fixture.stop() }

    func service(ttl: Double = 300, clock: TestClock = TestClock()) throws -> RingService {
        try makeLiveService(fixture, clock: clock) {
            $0.live.ttl = ttl
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.prometheusQueries = ["load": .init(query: "load"), "many": .init(query: "many")]
        }
    }

    /// The query over time and its bounds, as the fixture received them.
    var ranges: [[String: String]] {
        fixture.requests.filter { $0.hasPrefix("/prom/api/v1/query_range?") }.map { path in
            let query = path.split(separator: "?", maxSplits: 1)[1]
            return Dictionary(
                query.split(separator: "&").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { a, _ in a })
        }
    }

    @Test func aSparklineOfAQueryDrawsItsHistoryWithOneRangeQueryPerStep() throws {
        // A liveTTL of 1 s: the history stays fresh for its step (864 s here), not for liveTTL. Begun at least 5 s
        // before a step ends, so that the step does not change while the test runs.
        let left = 864 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 864)
        if left < 5 { usleep(UInt32((left + 0.5) * 1_000_000)) }
        let clock = TestClock()
        let service = try service(ttl: 1, clock: clock)
        // 40 requests at once, then 40 more: one fetch (two only if a step began meanwhile).
        DispatchQueue.concurrentPerform(iterations: 40) { _ in
            _ = service.get("/spark.svg?prometheus=load&window=24h&width=100")
        }
        for _ in 0..<40 { #expect(service.get("/spark.svg?prometheus=load&window=24h&width=100").status == .ok) }
        clock.advance(2)
        #expect(service.get("/spark.svg?prometheus=load&window=24h&width=100").status == .ok)
        let asked = ranges
        #expect(asked.count == 1, "\(fixture.requests)")
        // A day over 100 pixels: a step of 864 s, the window ending at a whole step.
        let first = try #require(asked.first)
        let (start, end) = (Int(first["start"] ?? "") ?? 0, Int(first["end"] ?? "") ?? 0)
        #expect(first["query"] == "load" && first["step"] == "864")
        #expect(end % 864 == 0 && end - start == 86_400)
        #expect(abs(Double(end) - Date().timeIntervalSince1970) < 864 + 60)
        // The image is the sparkline of the points read (the NaN left out), byte for byte.
        let drawn = service.get("/spark.svg?prometheus=load&window=24h&width=100")
        #expect(drawn.header("X-Source") == "cached")
        #expect(drawn.body == service.get("/spark.svg?points=1,2.5,4&width=100").body)
        let png = service.get("/spark.png?prometheus=load&width=100")
        #expect(png.status == .ok && DecodedPNG(png.body)?.width == 100)
    }

    /// A window the grammar refuses, points beside the query, and several series are errors naming their cause.
    @Test func badWindowsPointsAndManySeriesAreNamed() throws {
        let service = try service()
        let window = service.get("/spark.svg?prometheus=load&window=5m")
        #expect(window.status == .badRequest)
        #expect(
            window.header("X-Error")?.hasPrefix(#"window: "5m" is not a window of 1h...400d"#) == true,
            "\(window.header("X-Error") ?? "")")
        let points = service.get("/spark.svg?prometheus=load&points=1,2")
        #expect(points.status == .badRequest)
        #expect(points.header("X-Error")?.hasPrefix(#"points: "1,2" cannot be given with prometheus"#) == true)
        let many = service.get("/spark.svg?prometheus=many")
        #expect(many.status == .badGateway)
        #expect(many.header("X-Error") == "prometheus: the query returned 2 series; one is needed")
        #expect(ranges.count == 1, "only the last request reaches Prometheus: \(fixture.requests)")
    }
}
