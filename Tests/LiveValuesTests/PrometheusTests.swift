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
                == "prometheus: fixture_missing names no configured query (configured: done, done_of_total, elsewhere, part, parts, total), and as a "
                + "metric it has no data on server main")
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
        // Each fetch counted under the server's configured name and what its answer held.
        let fetches = live.counters.fetches
        #expect(fetches[.init(host: "127.0.0.1", server: "main", outcome: "ok")] ?? 0 >= 4, "\(fetches)")
        for outcome in ["many_series", "no_value", "wrong_shape", "query_error"] {
            #expect(fetches[.init(host: "127.0.0.1", server: "main", outcome: outcome)] ?? 0 >= 1, "\(outcome)")
        }
        #expect(fetches[.init(host: "127.0.0.1", server: "down", outcome: "unreachable")] == 1)
        try checkMaxQueries(live: live)
        try checkParameters(live: live)
        try checkRange(live: live)
    }

    /// A query over time, answered by Prometheus' `query_range` from its own scrapes: the points the gauge held,
    /// the last its value, and several series named as for one number.
    static func checkRange(live: LiveValues) throws {
        func read(_ name: String) throws -> LiveAnswer {
            let instant = try #require(
                try live.source(url: nil, query: nil, maxQuery: nil, prometheus: name, server: nil))
            // An hour over 2000 points: a step of 2 s, so the window's end is within 2 s of the latest scrape.
            let source = try #require(live.rangeSource(instant, window: 3600, points: 2000))
            return live.lookup(source) ?? live.fetch(source)
        }
        // The window ends at the last whole step, which may be before the first scrape: asked again for up to 5 s.
        var done = try read("fixture_done")
        let deadline = Date().addingTimeInterval(5)
        while done.reading == nil, Date() < deadline {
            usleep(250_000)
            done = try read("fixture_done")
        }
        let points = try #require(done.reading?.points, "\(String(describing: done.error))")
        #expect(!points.isEmpty && points.allSatisfy { $0 == 7 } && done.value == 7)
        #expect(try read("fixture_series").error?.message == "prometheus: the query returned 3 series; one is needed")
        try checkTrend(live: live)
    }

    /// The same query evaluated in the past (`time=`), as Prometheus answers it: 2 s ago the gauge held 7 already;
    /// an hour ago, before Prometheus started, it had no data, which leaves nothing to compare with.
    static func checkTrend(live: LiveValues) throws {
        func read(secondsAgo: Int) throws -> LiveAnswer {
            let instant = try #require(
                try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "fixture_done", server: nil))
            let source = try #require(live.trendSource(instant, secondsAgo: secondsAgo))
            return live.lookup(source) ?? live.fetch(source)
        }
        // The first scrape came before the checks began: 3 s on, it is more than 2 s old.
        usleep(3_000_000)
        let recent = try read(secondsAgo: 2)
        #expect(recent.value == 7 && recent.reading?.previous == 7, "\(recent)")
        let before = try read(secondsAgo: 3600)
        #expect(before.value == 7 && before.reading != nil && before.reading?.previous == nil, "\(before)")
    }

    /// A named query's parameters, answered by Prometheus itself: a value selects a series, and a value written to
    /// break out of its string is read by Prometheus as the string it is (a selector that matches nothing), never
    /// as query text; the `=~` the operator wrote keeps its meaning.
    static func checkParameters(live: LiveValues) throws {
        func read(_ name: String, _ arguments: [String: String]) throws -> LiveAnswer {
            let source = try #require(
                try live.source(
                    url: nil, query: nil, maxQuery: nil, prometheus: name, server: nil, arguments: arguments))
            return live.lookup(source) ?? live.fetch(source)
        }
        #expect(try read("part", ["part": "b"]).value == 2)
        #expect(try read("part", ["part": "c"]).value == 3)
        #expect(try read("parts", ["part": "a|c"]).value == 4)
        #expect(try read("parts", ["part": ".*"]).value == 6)
        // Each is a regular expression matching no part (or, with an unbalanced parenthesis or a trailing
        // backslash, one Prometheus refuses): never the 99 the text would give as query.
        let noData = "prometheus: the query returned no data"
        let refusedRegex = "prometheus: server main refused the query (bad_data)"
        for (injection, expected) in [
            (#"a"} or vector(99) or fixture_series{part=""#, noData),
            (#"a\"} or vector(99) or fixture_series{part=\""#, noData), ("`a` or vector(99)", noData),
            (#"a"}) or vector(99) #"#, refusedRegex), ("a\\", refusedRegex),
        ] {
            #expect(try read("parts", ["part": injection]).error?.message == expected, "\(injection)")
        }
        // A refusal's wording from Prometheus may quote the configured query: it is left out for a named one.
        let refused = try read("parts", ["part": "(unclosed"])
        #expect(refused.error?.message == "prometheus: server main refused the query (bad_data)")
    }

    /// `maxQuery` with `prometheus` is a second query on the same server whose number is the max: PromQL or a
    /// configured name, given in the URL or carried by a named query; its errors name `maxQuery`.
    static func checkMaxQueries(live: LiveValues) throws {
        func read(_ query: String, max: String?, server: String? = nil) throws -> LiveAnswer {
            try live.read(maxQuery: max, prometheus: query, server: server)
        }
        let given = try read("fixture_done", max: "fixture_total").reading
        #expect(given?.value == 7 && given?.max == 12, "\(String(describing: given))")
        #expect(try read("fixture_done", max: "total").reading?.max == 12)
        #expect(try read("done_of_total", max: nil).reading?.max == 12)
        #expect(try read("done_of_total", max: "scalar(fixture_total) * 2").reading?.max == 24)
        #expect(try read("fixture_done", max: nil).reading?.max == nil)
        #expect(
            try read("fixture_done", max: "fixture_series").error?.message
                == "maxQuery: the query returned 3 series; one is needed")
        #expect(
            try read("fixture_done", max: "fixture_missing + 1").error?.message
                == "maxQuery: the query returned no data")
        #expect(throws: LiveError.self) { try read("fixture_done", max: "") }
        #expect(throws: LiveError.self) { try read("fixture_done", max: "elsewhere") }
        // The value and its max are one fetch's: the pair is read again only when the pair is asked again.
        let source = try #require(
            try live.source(url: nil, query: nil, maxQuery: "fixture_total", prometheus: "fixture_done", server: nil))
        #expect(source.description == "prometheus=fixture_done&server=main&maxQuery=fixture_total")
    }

    /// Starts the exporter and Prometheus, waits for the first sample, runs `body`, and stops both.
    static func withPrometheus(_ body: (LiveValues) throws -> Void) throws {
        let prometheus = try PrometheusProcess()
        defer { prometheus.stop() }
        let live = try makeLive {
            $0.hosts = []
            // Most checks here send PromQL as a URL would on a private instance; `checkParameters` names queries.
            $0.promQL = .any
            $0.allowPrivateAddresses = false
            $0.retrySeconds = 0.001
            $0.prometheusServers = [
                .init(name: "main", url: prometheus.url), .init(name: "down", url: "http://127.0.0.1:9"),
            ]
            $0.prometheusQueries = [
                "done": .init(query: "fixture_done"), "total": .init(query: "fixture_total"),
                "done_of_total": .init(query: "fixture_done", maxQuery: "fixture_total"),
                "elsewhere": .init(server: "down", query: "up"),
                "part": .init(query: #"fixture_series{part="$part"}"#, parameters: ["part": .init(pattern: "[a-z]")]),
                "parts": .init(
                    query: #"sum(fixture_series{part=~"$part"})"#, parameters: ["part": .init(pattern: ".{1,200}")]),
            ]
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
