import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// A real Prometheus (Debian's `prometheus`, installed by `make test`) on a free loopback port, scraping the
/// fixture's `/metrics` every second, asked through the configured-server path.
@Suite(.serialized)
struct PrometheusTests {
    @Test func prometheusAnswersGiveTheirNumberOrNameTheirShape() async throws {
        try await onOwnThread { try Self.withPrometheus(Self.check) }
    }

    static func check(live: LiveValues) throws {
        func read(_ query: String, server: String? = nil) throws -> LiveAnswer {
            try live.read(prometheus: query, server: server)
        }
        #expect(try read("fixture_done").value == 7)
        #expect(try read("scalar(fixture_done) * 2").value == 14)
        #expect(try read("done").value == 7)
        #expect(try read("fixture_total", server: "main").value == 12)
        #expect(try read("fixture_series").error?.message == "prometheus: the query returned 3 series; one is needed")
        #expect(
            try read("fixture_missing").error?.message
                == "prometheus: fixture_missing names no configured query (configured: done), and as a metric it "
                + "has no data on server main")
        #expect(try read("fixture_missing + 1").error?.message == "prometheus: the query returned no data")
        #expect(
            try read("fixture_done[1m]").error?.message
                == "prometheus: the query returned a range vector; an instant query giving one number is needed")
        let syntax = try read("fixture_done{").error
        #expect(
            syntax?.message.hasPrefix("prometheus: server main refused the query (bad_data: ") == true,
            "\(String(describing: syntax))")
        #expect(
            try read("up", server: "down").error?.message
                == "prometheus: server down could not be reached (Couldn't connect to server)")
        #expect(live.counters.fetches[.init(host: "127.0.0.1", outcome: "ok")] ?? 0 >= 6)
    }

    /// Starts the exporter and Prometheus, waits for the first sample, runs `body`, and stops both.
    static func withPrometheus(_ body: (LiveValues) throws -> Void) throws {
        let prometheus = try PrometheusProcess()
        defer { prometheus.stop() }
        let live = try makeLive {
            $0.hosts = []
            $0.allowPrivateAddresses = false
            $0.retrySeconds = 0.001
            $0.prometheusServers = [
                .init(name: "main", url: prometheus.url), .init(name: "down", url: "http://127.0.0.1:9"),
            ]
            $0.prometheusQueries = ["done": .init(query: "fixture_done")]
        }
        let probe = try #require(
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "fixture_done", server: nil))
        let deadline = Date().addingTimeInterval(90)
        while live.fetch(probe).value == nil {
            guard Date() < deadline else { throw TestFailure("Prometheus had no sample of fixture_done after 90 s") }
            usleep(500_000)
        }
        try body(live)
    }
}
