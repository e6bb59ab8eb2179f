import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `reduce` over a live list: a Prometheus vector of several series, a JSON array at `query`, drawn byte for byte
/// as the roll-up of the same numbers written in the URL; `map` items for `inf`, `-inf` and `error`.
@Suite(.serialized)
final class LiveRollupTests {
    let fixture: FixtureServer

    init() throws { fixture = try FixtureServer() }

    deinit { fixture.stop() }

    static func vector(_ values: [String]) -> String {
        let series = values.enumerated().map { index, value in
            #"{"metric":{"instance":"web\#(index)"},"value":[1700000000,"\#(value)"]}"#
        }
        return #"{"status":"success","data":{"resultType":"vector","result":["# + series.joined(separator: ",") + "]}}"
    }

    func service() throws -> RingService {
        try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.prometheusQueries = [
                "up": .init(query: "up"), "load": .init(query: "load"), "overflow": .init(query: "overflow"),
                "down": .init(query: "down"),
            ]
        }
    }

    @Test func aVectorRollsUpIntoTheImageOfItsNumbers() throws {
        let service = try service()
        try fixture.write("up", Self.vector(["1", "0", "1", "1", "0", "1"]))
        let badge = service.get("/badge.svg?label=hosts&prometheus=up&max=1&reduce=sum")
        #expect(badge.status == .ok, "\(badge.header("X-Error") ?? "")")
        #expect(badge.body == service.get("/badge.svg?label=hosts&value=4&max=6").body)
        let label = QueryParameters.encode("{value}/{max} up")
        let ring = service.get("/ring.svg?prometheus=up&max=1&reduce=sum&label=\(label)")
        #expect(ring.body == service.get("/ring.svg?value=4&max=6&label=\(label)").body)
        #expect(ring.text.contains("4/6 up"))
        let count = service.get("/ring.svg?prometheus=up&reduce=count&label=%7Bvalue%7D")
        #expect(count.body == service.get("/ring.svg?value=1,0,1,1,0,1&reduce=count&label=%7Bvalue%7D").body)
        // All up: the mapped text of the sum.
        try fixture.write("load", Self.vector(["1", "1", "1"]))
        let all = service.get("/badge.svg?prometheus=load&max=1&reduce=sum&map=3:all%20systems%20operational:green")
        #expect(all.status == .ok && all.text.contains("all systems operational"), "\(all.header("X-Error") ?? "")")
        // Without a roll-up a badge, and one number's image, still refuse several series, naming the way out.
        let many = service.get("/badge.svg?prometheus=up")
        #expect(many.status == .badGateway)
        #expect(
            many.header("X-Error") == "prometheus: the query returned 6 series; one is needed",
            "\(many.header("X-Error") ?? "")")
        // One fetch for the list source and the source of one number: the query's answer is read both ways, and each
        // reading is cached.
        for _ in 0..<5 { _ = service.get("/badge.svg?label=hosts&prometheus=up&max=1&reduce=sum") }
        #expect(
            fixture.requests.filter { $0.hasPrefix("/prom/api/v1/query?query=up") }.count == 1, "\(fixture.requests)")
        // The fetch of a list is counted ok.
        #expect(service.get("/metrics").text.contains(#"outcome="ok""#))
    }

    @Test func aJSONArrayRollsUp() throws {
        let service = try service()
        try fixture.write("checks.json", #"{"checks": [1, "1", 0, 1], "one": 5, "none": [], "bad": [1, "x"]}"#)
        let url = QueryParameters.encode(fixture.url("checks.json"))
        let sum = service.get("/bar.svg?url=\(url)&query=checks&max=1&reduce=sum&label=%7Bvalue%7D%2F%7Bmax%7D")
        #expect(sum.status == .ok, "\(sum.header("X-Error") ?? "")")
        #expect(sum.body == service.get("/bar.svg?value=3&max=4&label=%7Bvalue%7D%2F%7Bmax%7D").body)
        let one = service.get("/ring.svg?url=\(url)&query=one&reduce=avg")
        #expect(one.body == service.get("/ring.svg?value=5").body)
        let none = service.get("/ring.svg?url=\(url)&query=none&reduce=sum&map=null:no%20checks")
        #expect(none.status == .ok && none.text.contains("no checks"), "\(none.header("X-Error") ?? "")")
        let bad = service.get("/ring.svg?url=\(url)&query=bad&reduce=sum")
        #expect(bad.status == .badGateway)
        #expect(
            bad.header("X-Error")?.hasPrefix(#"query: $.bad holds x at index 1, not a finite number"#) == true,
            "\(bad.header("X-Error") ?? "")")
        // Without reduce, a badge takes one number, not an array; a ring draws one ring per item.
        #expect(service.get("/badge.svg?url=\(url)&query=checks").status == .badGateway)
        #expect(service.get("/ring.svg?url=\(url)&query=checks").body == service.get("/ring.svg?value=1,1,0,1").body)
    }

    /// `+Inf` maps to `inf`, a source that cannot be read to `error` (200, `X-Source: error`, not cached long);
    /// the same bytes as the URL that writes the value so.
    @Test func infinityAndAFailedSourceAreMapped() throws {
        let service = try service()
        try fixture.write(
            "overflow", FixtureServer.scalar("+Inf"))
        let inf = service.get("/ring.svg?prometheus=overflow&map=inf:overflow:red")
        #expect(inf.status == .ok, "\(inf.header("X-Error") ?? "")")
        #expect(inf.body == service.get("/ring.svg?value=%2BInf&map=inf:overflow:red").body)
        let down = service.get("/badge.svg?label=api&prometheus=down&map=error:unreachable:red")
        #expect(down.status == .ok, "\(down.header("X-Error") ?? "")")
        #expect(down.header("X-Source") == "error")
        #expect(down.body == service.get("/badge.svg?label=api&value=error&map=error:unreachable:red").body)
        // Without an item for it, the failure is the error image it was.
        let unmapped = service.get("/badge.svg?label=api&prometheus=down&map=null:none")
        #expect(unmapped.status == .badGateway && unmapped.header("X-Error")?.contains("404") == true)
        // A mistake of the URL's own is never mapped away.
        #expect(service.get("/badge.svg?prometheus=down&map=error:x&reduce=all").status == .badRequest)
    }
}
