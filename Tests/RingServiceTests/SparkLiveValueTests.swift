import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `url=` on `/spark.svg` and `/spark.png`: a document is one number read now, with no history, so a sparkline
/// refuses it by name, in both formats, on a server with live values and on one without, and nothing is fetched for
/// it. (`prometheus=` draws the query's history: `PrometheusSparkTests`.)
@Suite(.serialized)
final class SparkLiveValueTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("c.json", #"{"a": 42}"#)
    }

    deinit { fixture.stop() }

    static func expected(_ parameter: String, _ value: String) -> String {
        "\(parameter): \"\(value)\" is a live value, one number read now, and a sparkline draws a series; a "
            + "document keeps no history (accepted: points=3,5,4,8, prometheus= for a query's history, or value=@name "
            + "for a stored value's)"
    }

    @Test func liveValuesOnASparklineAreRefusedByNameAndNothingIsFetched() throws {
        let live = try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
        }
        let off = makeService()
        let document = fixture.url("c.json")
        let url = QueryParameters.encode(document)
        let cases = [
            ("url=\(url)&query=%24.a", "url", document),
            ("points=3,5,4&url=\(url)&query=%24.a", "url", document),
            ("url=\(url)&points=3,5,4&label=auto", "url", document),
        ]
        for (query, parameter, value) in cases {
            for service in [live, off] {
                for format in ["svg", "png"] {
                    let target = "/spark.\(format)?\(query)&width=200"
                    let response = service.get(target)
                    #expect(response.status == .badRequest, "\(target)")
                    #expect(response.header("X-Error") == Self.expected(parameter, value), "\(target)")
                    #expect(response.header("X-Source") == "error")
                    #expect(response.header("Cache-Control") == "no-store")
                    if format == "png" {
                        #expect(try #require(DecodedPNG(response.body)).width == 200)
                    } else {
                        #expect(response.text.contains("width=\"200\""))
                    }
                }
            }
        }
        #expect(fixture.requests == [], "a sparkline fetched \(fixture.requests)")
        // The same URL on a ring reads the document, so it is the sparkline that refuses it.
        #expect(live.get("/ring.svg?url=\(url)&query=%24.a").status == .ok)
        #expect(fixture.requests == ["/c.json"])
    }
}
