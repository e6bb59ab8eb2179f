import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// Values read from a real HTTP server (the Python fixture on 127.0.0.1) through libcurl: documents of every
/// shape, and upstreams that misbehave.
@Suite(.serialized)
final class FetchTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("number.json", #"{"value": 42}"#)
        try fixture.write("string.json", #"{"value": " 42.5 "}"#)
        try fixture.write("percent.json", #"{"coverage": "87%"}"#)
        try fixture.write("nested.json", #"{"totals": {"percent": 91.25, "done": 7, "total": 12}}"#)
        try fixture.write("array.json", #"{"jobs": [{"done": 3}, {"done": 9, "of": 10}]}"#)
        try fixture.write("dotted.json", #"{"key.with.dots": {"v": 5}, "k": 6}"#)
        try fixture.write("top.json", "17")
        try fixture.write(
            "endpoint.json", #"{"schemaVersion": 1, "label": "coverage", "message": "87% covered", "color": "green"}"#)
        try fixture.write("words.json", #"{"value": "many", "flag": true, "nothing": null, "list": [1, 2]}"#)
        try fixture.write("invalid.json", #"{"value": 4"#)
        try fixture.write("deep.json", String(repeating: "[", count: 100_000))
    }

    deinit { fixture.stop() }

    private func read(_ path: String, query: String? = nil, maxQuery: String? = nil) async throws -> LiveAnswer {
        let live = try makeLive()
        let url = fixture.url(path)
        return try await onOwnThread { try live.read(url: url, query: query, maxQuery: maxQuery) }
    }

    @Test(arguments: [
        ("number.json", "$.value", 42.0), ("string.json", "$.value", 42.5), ("percent.json", "$.coverage", 87),
        ("nested.json", "$.totals.percent", 91.25), ("nested.json", "totals.done", 7),
        ("array.json", "$.jobs[1].done", 9), ("array.json", "$['jobs'][0]['done']", 3),
        ("dotted.json", "$['key.with.dots'].v", 5), ("dotted.json", #"$["k"]"#, 6), ("top.json", "$", 17),
    ])
    func readsTheNumberAtThePath(file: String, query: String, expected: Double) async throws {
        let answer = try await read(file, query: query)
        #expect(answer.value == expected, "\(answer)")
    }

    @Test func readsMaxFromMaxQueryInTheSameFetch() async throws {
        let answer = try await read("nested.json", query: "$.totals.done", maxQuery: "$.totals.total")
        #expect(answer.value == 7)
        #expect(answer.reading?.max == 12)
        #expect(fixture.requests.filter { $0 == "/nested.json" }.count == 1)
    }

    @Test func shieldsEndpointDocumentGivesValueLabelAndColorWithoutQuery() async throws {
        let reading = try #require(try await read("endpoint.json").reading)
        #expect(reading.value == 87)
        #expect(reading.label == "coverage")
        #expect(reading.color == "green")
    }

    @Test func missingKeyNamesTheQuery() async throws {
        let answer = try await read("nested.json", query: "$.totals.percentage")
        #expect(answer.error?.message == "query: $.totals.percentage is not in the document")
        #expect(answer.error?.kind == .noValue)
    }

    @Test(arguments: [
        ("$.value", #"query: $.value holds "many", not a number (accepted: a number, or text such as "87" or "87%")"#),
        ("$.flag", "query: $.flag holds true, not a number"),
        ("$.nothing", "query: $.nothing holds null, not a number"),
        ("$.list", "query: $.list holds an array, not a number"),
        ("$.list[5]", "query: $.list[5] is not in the document"),
        ("$.value[0]", "query: $.value[0] is not in the document"),
    ])
    func aValueThatIsNotANumberIsRefusedWithItsShape(query: String, message: String) async throws {
        #expect(try await read("words.json", query: query).error?.message == message)
    }

    @Test func maxQueryErrorsNameMaxQuery() async throws {
        let answer = try await read("nested.json", query: "$.totals.done", maxQuery: "$.nope")
        #expect(answer.error?.message == "maxQuery: $.nope is not in the document")
    }

    @Test func invalidAndTooDeepJSONAreRefusedWithoutACrash() async throws {
        for file in ["invalid.json", "deep.json"] {
            let answer = try await read(file, query: "$.value")
            #expect(answer.error?.message == "url: \(fixture.url(file)) answered with text that is not JSON")
            #expect(answer.error?.kind == .notJSON)
        }
    }

    @Test(arguments: [404, 500])
    func anErrorStatusIsNamed(status: Int) async throws {
        let answer = try await read("status/\(status)", query: "$.value")
        #expect(answer.error?.message == "url: \(fixture.url("status/\(status)")) answered \(status)")
    }

    @Test(arguments: ["big", "big-unsized", "gzip-bomb"])
    func aBodyOverTheSizeCapIsRefused(path: String) async throws {
        let answer = try await read(path, query: "$.value")
        #expect(answer.error?.message == "url: \(fixture.url(path)) answered more than 1048576 bytes")
        #expect(answer.error?.kind == .tooLarge)
    }

    @Test func gzipBodiesAreDecoded() async throws {
        #expect(try await read("gzip/number.json", query: "$.value").value == 42)
    }

    @Test(arguments: ["trickle", "hang"])
    func aSlowOrSilentUpstreamTimesOutOnTime(path: String) async throws {
        let live = try makeLive { $0.timeout = 1 }
        let url = fixture.url(path)
        // Timed on the fetching thread: a resumed await can wait behind the whole suite (see `eventuallyHere`).
        let (answer, elapsed) = try await onOwnThread {
            let started = Date()
            return (try live.read(url: url, query: "$.value"), Date().timeIntervalSince(started))
        }
        #expect(answer.error?.message == "url: timed out after 1 s")
        // The trickle would take 64 s and the hang for ever: the bound is loose so a loaded machine does not fail it.
        #expect(elapsed >= 0.9 && elapsed < 20, "took \(elapsed) s")
    }

    @Test func userAgentNamesTheVersion() async throws {
        _ = try await read("number.json", query: "$.value")
        let entry = try #require(fixture.log.last { $0[0] == "/number.json" })
        #expect(entry[1] == "progress-rings/9.9.9-test")
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let live = try makeLive()
        let answer = try await onOwnThread { try live.read(url: "http://127.0.0.1:9/x.json", query: "$.value") }
        #expect(
            answer.error?.message == "url: http://127.0.0.1:9/x.json could not be reached (Couldn't connect to server)")
        #expect(answer.error?.kind == .unreachable)
    }
}
