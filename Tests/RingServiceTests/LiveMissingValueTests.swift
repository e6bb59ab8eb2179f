import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// A live value that reads `null` (or NaN, or a Prometheus query with no data) draws the `map` item for it, status
/// 200, instead of the error image; without such an item it is the error it always was.
@Suite(.serialized)
final class LiveMissingValueTests {
    let fixture: FixtureServer

    init() throws { fixture = try FixtureServer() }

    deinit { fixture.stop() }

    func service() throws -> RingService {
        try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.promQL = .any
        }
    }

    @Test func aNullWithAMappingDrawsTheMappedTextOverAnEmptyTrack() throws {
        let service = try service()
        try fixture.write("status.json", #"{"load": null, "ok": 42}"#)
        let url = QueryParameters.encode(fixture.url("status.json"))
        for route in ["/ring.svg", "/ring.png", "/bar.svg", "/badge.svg", "/badge.png"] {
            let answer = service.get("\(route)?url=\(url)&query=load&map=null:no%20data:gray")
            #expect(answer.status == .ok, "\(route): \(answer.header("X-Error") ?? "")")
            // The same bytes as the empty image of the mapped text, written in the URL.
            let written = service.get("\(route)?value=null&map=null:no%20data:gray")
            #expect(answer.body == written.body, "\(route)")
            #expect(answer.header("X-Source") == "fresh")
        }
        #expect(service.get("/ring.svg?value=null&map=null:no%20data:gray").text.contains(">no data<"))
        // Without a mapping of null: the error image, as before.
        let unmapped = service.get("/ring.svg?url=\(url)&query=load&map=0:zero")
        #expect(unmapped.status == .badGateway)
        #expect(unmapped.header("X-Error") == "query: $.load holds null, not a number")
        // A number at the path is drawn as a number, the map standing by.
        let number = service.get("/ring.svg?url=\(url)&query=ok&map=null:no%20data")
        #expect(number.status == .ok && number.text.contains(">42%<"))
    }

    @Test func prometheusNaNAndNoDataAreMappedAsNanAndNull() throws {
        let service = try service()
        // The fixture answers a query with the file of its name.
        try fixture.write("ratio", FixtureServer.scalar("NaN"))
        let nan = service.get("/ring.svg?prometheus=ratio&map=nan:undefined")
        #expect(nan.status == .ok && nan.text.contains(">undefined<"), "\(nan.header("X-Error") ?? "")")
        for name in ["empty", "empty2"] {
            try fixture.write(name, #"{"status":"success","data":{"resultType":"vector","result":[]}}"#)
        }
        let none = service.get("/ring.svg?prometheus=empty&map=null:no%20data")
        #expect(none.status == .ok && none.text.contains(">no data<"), "\(none.header("X-Error") ?? "")")
        let unmapped = service.get("/ring.svg?prometheus=empty2")
        #expect(unmapped.header("X-Error")?.contains("no data") == true)
    }

    /// A missing value beside a total keeps the total: `{max}` writes what `maxQuery` read, not the default 100.
    @Test func aMappedMissingValueKeepsTheTotalMaxQueryRead() throws {
        let service = try service()
        try fixture.write("nothing-up", #"{"status":"success","data":{"resultType":"vector","result":[]}}"#)
        try fixture.write("targets", FixtureServer.scalar("6"))
        let label = QueryParameters.encode("{value}/{max} up")
        let prometheus = service.get(
            "/ring.svg?prometheus=nothing-up&maxQuery=targets&map=null:all%20down&label=\(label)")
        #expect(prometheus.status == .ok, "\(prometheus.header("X-Error") ?? "")")
        #expect(prometheus.text.contains(">all down/6 up<"), "\(prometheus.text)")
        try fixture.write("fleet.json", #"{"up": null, "total": 6}"#)
        let url = QueryParameters.encode(fixture.url("fleet.json"))
        let json = service.get("/ring.svg?url=\(url)&query=up&maxQuery=total&map=null:all%20down&label=\(label)")
        #expect(json.status == .ok && json.text.contains(">all down/6 up<"), "\(json.header("X-Error") ?? "")")
        // A max the URL gives is the max drawn, and a max that cannot be read is the error it names.
        let given = service.get("/ring.svg?url=\(url)&query=up&map=null:all%20down&label=\(label)&max=9")
        #expect(given.text.contains(">all down/9 up<"))
        let lost = service.get("/ring.svg?url=\(url)&query=up&maxQuery=gone&map=null:all%20down&label=\(label)")
        #expect(lost.header("X-Error")?.hasPrefix("maxQuery:") == true, "\(lost.header("X-Error") ?? "")")
    }

    /// A Prometheus value's time is its sample's timestamp, not the fetch's: `Last-Modified` and `X-Value-Time`.
    @Test func aPrometheusValueCarriesItsSamplesTime() throws {
        let service = try service()
        try fixture.write(
            "sampled", FixtureServer.scalar("42", at: "1700000000.25"))
        let image = service.get("/ring.svg?prometheus=sampled")
        #expect(image.status == .ok, "\(image.header("X-Error") ?? "")")
        #expect(image.header("Last-Modified") == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(image.header("X-Value-Time") == "2023-11-14T22:13:20Z")
        #expect(
            service.get("/ring.svg?prometheus=sampled", ["If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT"]).status
                == .notModified)
    }
}
