import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// A live list drawn without `reduce`: one ring or bar per series of a Prometheus vector (or item of a JSON array),
/// ordered by `sort`, cut by `limit`, each labelled with its series' labels (`{label.NAME}`).
@Suite(.serialized)
final class LiveSeriesTests {
    let fixture: FixtureServer

    init() throws { fixture = try FixtureServer() }

    deinit { fixture.stop() }

    /// A vector of one series per `(instance, value)`.
    static func vector(_ series: [(String, String)]) -> String {
        let items = series.map { instance, value in
            #"{"metric":{"__name__":"disk","instance":"\#(instance)"},"value":[1700000000,"\#(value)"]}"#
        }
        return #"{"status":"success","data":{"resultType":"vector","result":["# + items.joined(separator: ",") + "]}}"
    }

    func service(maxSeries: Int = 20) throws -> RingService {
        try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.prometheusQueries = ["disk": .init(query: "disk"), "many": .init(query: "many")]
            $0.live.maxSeries = maxSeries
        }
    }

    static let label = QueryParameters.encode("{label.instance} {value}")

    @Test func eachSeriesIsABarLabelledByItsInstance() throws {
        let service = try service()
        try fixture.write("disk", Self.vector([("web2", "60"), ("web1", "30"), ("db", "90")]))
        let bars = service.get("/bar.svg?prometheus=disk&sort=-value&label=\(Self.label)")
        #expect(bars.status == .ok, "\(bars.header("X-Error") ?? "")")
        let order = ["db 90", "web2 60", "web1 30"].map { bars.text.range(of: ">\($0)<")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "\(bars.text)")
        // By a label, and by default by the labels as a whole: db, web1, web2 whatever order Prometheus answers in.
        for sort in ["&sort=label:instance", ""] {
            let rings = service.get("/ring.png?prometheus=disk\(sort)")
            #expect(rings.status == .ok, "\(sort): \(rings.header("X-Error") ?? "")")
            #expect(rings.body == service.get("/ring.png?value=90,30,60").body, "\(sort)")
        }
        let ascending = service.get("/bar.png?prometheus=disk&sort=value")
        #expect(ascending.body == service.get("/bar.png?value=30,60,90").body)
        // A ring's accessible name says each ring's series.
        let ring = service.get("/ring.svg?prometheus=disk&sort=value&label=\(Self.label)")
        #expect(ring.text.contains("Progress: web1 30, web2 60, db 90"), "\(ring.text)")
    }

    @Test func limitCutsAndTooManyIsRefusedNamingTheCount() throws {
        let service = try service(maxSeries: 6)
        let seven = (1...7).map { ("host\($0)", "\($0 * 10)") }
        try fixture.write("many", Self.vector(seven))
        let rings = service.get("/ring.svg?prometheus=many")
        // The source's answer decides it, as one number's several series did: the source's error, naming the way out.
        #expect(rings.status == .badGateway)
        #expect(
            rings.header("X-Error")
                == "prometheus: read 7 series, and an image draws at most 5 rings (add limit=5 to draw the first 5 as "
                + "sort orders them, or reduce= for one value of them all)", "\(rings.header("X-Error") ?? "")")
        let top = service.get("/ring.svg?prometheus=many&sort=-value&limit=5")
        #expect(top.body == service.get("/ring.svg?value=70,60,50,40,30").body)
        // Bars: as many as the server's liveMaxSeries.
        let bars = service.get("/bar.svg?prometheus=many")
        #expect(bars.status == .badGateway && bars.header("X-Error")?.contains("read 7 series") == true)
        #expect(bars.header("X-Error")?.contains("at most 6 bars (add limit=6") == true)
        let six = service.get("/bar.svg?prometheus=many&limit=6&label=\(Self.label)")
        #expect(six.status == .ok, "\(six.header("X-Error") ?? "")")
        #expect(six.text.contains(">host6 60<") && !six.text.contains("host7"))
        // A roll-up still reads all seven.
        #expect(
            service.get("/badge.svg?prometheus=many&reduce=count").body == service.get("/badge.svg?value=7&max=7").body)
    }

    @Test func badSortAndLimitAreRefusedBeforeAnyFetch() throws {
        let service = try service()
        for (query, error) in [
            ("sort=size", #"sort: "size" is not an order (accepted: value, -value or label:NAME"#),
            ("sort=label:1x", #"sort: "label:1x" is not an order"#),
            ("limit=0", "limit: 0 is out of range"),
            ("limit=x", #"limit: "x" is not a number"#),
        ] {
            let answer = service.get("/bar.svg?prometheus=disk&\(query)")
            #expect(answer.status == .badRequest, "\(query)")
            #expect(answer.header("X-Error")?.hasPrefix(error) == true, "\(query): \(answer.header("X-Error") ?? "")")
        }
        #expect(fixture.requests.isEmpty, "\(fixture.requests)")
        // A series' label where no series are read.
        let plain = service.get("/bar.svg?value=30&label=\(Self.label)")
        #expect(plain.status == .badRequest)
        #expect(
            plain.header("X-Error")?.hasPrefix(#"label: "{label.instance} {value}" writes {label.instance}"#) == true)
    }

    /// The same numbers under other names draw other labels: the labels a template writes are in the key, and
    /// only those.
    @Test func labelsAreInTheKey() throws {
        func key(_ labels: [[String: String]], label: String = "{label.instance}") throws -> String {
            var read = ReadNumber("value", 30, from: "prometheus", more: [60])
            read.labels = labels
            let query = "label=" + QueryParameters.encode(label)
            return try BarSpec.parse(query: query, read: [read]).canonicalKey(for: .svg)
        }
        let ab = try key([["instance": "a", "job": "x"], ["instance": "b", "job": "x"]])
        #expect(ab != (try key([["instance": "c", "job": "x"], ["instance": "d", "job": "x"]])))
        #expect(ab == (try key([["instance": "a", "job": "y"], ["instance": "b", "job": "z"]])))
        // The alias of a reading tells series named otherwise apart, as the key does.
        #expect(LiveTarget.labelsText([["instance": "a;b"]]) != LiveTarget.labelsText([["instance": "a", "b": ""]]))
    }
}
