import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// `prometheus=NAME` that names no configured query: an empty answer says so, and which names are configured,
/// rather than only that the query returned no data.
@Suite(.serialized)
final class PrometheusNameTests {
    let fixture: FixtureServer
    static let empty = #"{"status":"success","data":{"resultType":"vector","result":[]}}"#

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    func live(queries: [String: String]) throws -> LiveValues {
        try makeLive {
            $0.retrySeconds = 0.001
            // Bare names beyond the configured ones are PromQL only where any query may be sent.
            $0.promQL = .any
            $0.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.prometheusQueries = queries.mapValues { .init(query: $0) }
        }
    }

    @Test func aBareNameNoQueryHasIsNamedWithTheConfiguredNames() throws {
        let live = try live(queries: ["sprint_done": "fixture_done", "sprint_total": "fixture_total"])
        for name in ["sprint_dnoe", "sprint-dnoe", "up:rate5m"] { try fixture.write(name, Self.empty) }
        #expect(
            try live.read(prometheus: "sprint_dnoe").error?.message
                == "prometheus: sprint_dnoe names no configured query (configured: sprint_done, sprint_total), and "
                + "as a metric it has no data on server main")
        #expect(
            try live.read(prometheus: "sprint-dnoe").error?.message.hasPrefix("prometheus: sprint-dnoe names no")
                == true)
        #expect(
            try live.read(prometheus: "up:rate5m").error?.message.hasPrefix("prometheus: up:rate5m names no") == true)
    }

    @Test func withNoQueriesConfiguredTheMessageSaysWhereTheyAreConfigured() throws {
        let live = try live(queries: [:])
        try fixture.write("sprint_done", Self.empty)
        #expect(
            try live.read(prometheus: "sprint_done").error?.message
                == "prometheus: sprint_done names no configured query (none are configured here; prometheusQueries "
                + "names them), and as a metric it has no data on server main")
    }

    /// A configured query, or PromQL beyond a bare name, that finds no data is only that.
    @Test func aConfiguredQueryOrAnExpressionWithoutDataReturnedNoData() throws {
        let live = try live(queries: ["done": "sum(done)"])
        for name in ["sum(done)", "done{job=\"x\"}", "rate(x[5m]) > 1"] { try fixture.write(name, Self.empty) }
        for query in ["done", "done{job=\"x\"}", "rate(x[5m]) > 1"] {
            #expect(try live.read(prometheus: query).error?.message == "prometheus: the query returned no data")
        }
    }
}
