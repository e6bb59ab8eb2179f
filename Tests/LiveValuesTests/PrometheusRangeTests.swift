import Testing

@testable import LiveValues

/// The range a sparkline of a Prometheus query asks for.
struct PrometheusRangeTests {
    /// A step never asks for more than Prometheus' 11,000 points, however wide and long.
    @Test func theStepKeepsARangeWithinPrometheusBound() {
        let range = PrometheusRange(window: 400 * 86_400, points: 2000)
        #expect(range.step == 17_280)
        let tiny = PrometheusRange(window: 3600, points: 200)
        #expect(tiny.step == 18)
        let huge = PrometheusRange(window: 400 * 86_400, points: 1_000_000)
        #expect(huge.window / huge.step + 1 <= 11_000)
    }

    /// The window ends at the last whole step, and the query is asked of `query_range` with its bounds.
    @Test func theWindowEndsAtAWholeStep() throws {
        let range = PrometheusRange(window: 86_400, points: 100)
        #expect(range.bounds(at: 1_700_000_500.5) == (start: 1_699_913_952, end: 1_700_000_352))
        #expect(range.secondsLeft(at: 1_700_000_500.5) == 715.5)
        let instant = FetchURL(scheme: "http", host: "p", address: nil, port: 9090, target: "/x/api/v1/query?query=up")
        #expect(
            range.url(instant, at: 1_700_000_500).description
                == "http://p:9090/x/api/v1/query_range?query=up&start=1699913952&end=1700000352&step=864")
    }
}
