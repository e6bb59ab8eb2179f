import Foundation
import HTTPServer
import LiveValues
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `{delta}` and `{previous}` on a ring or bar of a Prometheus query: the same query evaluated `trend` ago (a `query`
/// with `time=`), fetched and cached with the value, drawn as the image with `previous` in the URL.
@Suite(.serialized)
final class PrometheusTrendTests {
    let fixture: FixtureServer

    static func vector(_ value: String) -> String {
        #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1700000000,""#
            + value + #""]}]}}"#
    }

    init() throws {
        fixture = try FixtureServer()
        // The fixture answers `time=` with NAME@past.
        try fixture.write("load", Self.vector("72"))
        try fixture.write("load@past", Self.vector("60"))
        try fixture.write("young", Self.vector("5"))
    }

    deinit { fixture.stop() }

    func service() throws -> RingService {
        try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.prometheusQueries = ["load": .init(query: "load"), "young": .init(query: "young")]
        }
    }

    @Test func aComparingLabelReadsTheQueryTrendAgoOncePerReading() throws {
        let service = try service()
        let label = QueryParameters.encode("{value} ({delta})")
        let target = "/ring.svg?prometheus=load&trend=1d&label=\(label)"
        let first = service.get(target)
        #expect(first.status == .ok, "\(first.header("X-Error") ?? "")")
        for _ in 0..<20 { #expect(service.get(target).status == .ok) }
        // Drawn as the same ring with the numbers in the URL.
        #expect(first.body == service.get("/ring.svg?value=72&previous=60&label=\(label)").body)
        let asked = fixture.requests.filter { $0.hasPrefix("/prom/api/v1/query?query=load") }
        #expect(asked.count == 2, "\(asked)")
        let time = asked.compactMap { $0.split(separator: "&time=").dropFirst().first.flatMap { Int($0) } }
        #expect(time.count == 1 && abs(Double(time[0]) - (Date().timeIntervalSince1970 - 86_400)) < 60, "\(asked)")
        // Without a comparing label, or with `previous` given, nothing is asked of the past.
        _ = service.get("/ring.svg?prometheus=load&label=%7Bvalue%7D")
        _ = service.get("/bar.svg?prometheus=load&previous=1&label=\(label)")
        #expect(fixture.requests.filter { $0.contains("&time=") }.count == 1, "\(fixture.requests)")
    }

    /// A trend the grammar refuses is a 400 naming it; a past Prometheus cannot answer is the image's error, named.
    @Test func aBadTrendAndAnUnreadablePastAreNamed() throws {
        let service = try service()
        let label = QueryParameters.encode("{delta}")
        let bad = service.get("/ring.svg?prometheus=load&trend=5m&label=\(label)")
        #expect(bad.status == .badRequest)
        #expect(
            bad.header("X-Error")?.hasPrefix(#"trend: "5m" is not a window"#) == true, "\(bad.header("X-Error") ?? "")")
        let unread = service.get("/bar.svg?prometheus=young&label=\(label)")
        #expect(unread.status == .badGateway)
        #expect(unread.header("X-Error") == "trend: server main answered 404", "\(unread.header("X-Error") ?? "")")
    }
}
