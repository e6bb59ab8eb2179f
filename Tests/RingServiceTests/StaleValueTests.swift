import Foundation
import HTTPServer
import Locking
import RingKit
import StoredValues
import TestSupport
import Testing

@testable import LiveValues
@testable import RingService

/// A wall clock the test moves: milliseconds since the epoch, starting at 2026-08-09 10:00 UTC.
final class WallClock: Sendable {
    private let milliseconds: Lock<Int64>
    init(_ start: Int64 = 1_786_269_600_000) { milliseconds = Lock(start) }
    func now() -> Int64 { milliseconds.withLock { $0 } }
    func advance(days: Double) { milliseconds.withLock { $0 += Int64(days * 86_400_000) } }
    func advance(seconds: Int64) { milliseconds.withLock { $0 += seconds * 1000 } }
}

/// Images of stored values that say how old they are (`staleAfter`, `staleColor`, `staleLabel`), on a clock the
/// test moves: no test waits for days.
@Suite(.serialized)
final class StaleValueTests {
    static let token = "pr_test-token-for-stale-values"
    let folder = NSTemporaryDirectory() + "/stale-values-\(UUID().uuidString)"
    let clock = WallClock()

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func service(_ change: (inout ServiceConfiguration) -> Void = { _ in }) throws -> RingService {
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.values.tokens = ["*": [RingService.valueTokenDigest(Array(Self.token.utf8))]]
        change(&config)
        let clock = self.clock
        let store = try ValueStore(
            storage: try SQLiteStorage(path: folder + "/values-\(UUID().uuidString).db"), now: { clock.now() })
        return RingService(
            configuration: config, log: ServiceLog(format: .off, level: .info), renderer: RingKitRenderer(),
            store: store)
    }

    /// A value pushed a minute ago draws byte for byte as without `staleAfter`, fresh no longer than until it
    /// turns stale; the same URL 120 days later draws it gray, says since when, and is a new image.
    @Test func aValuePushedLongAgoDrawsInTheStaleLook() throws {
        let service = try service()
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        clock.advance(seconds: 60)
        let target = "/badge.svg?label=coverage&value=@coverage&staleAfter=30d"
        let fresh = service.get(target)
        let plain = service.get("/badge.svg?label=coverage&value=@coverage")
        #expect(fresh.status == .ok && fresh.body == plain.body && fresh.header("ETag") == plain.header("ETag"))
        #expect(fresh.header("Cache-Control") == "public, max-age=300, s-maxage=300")

        // 100 s before the moment: no cache may hold the fresh look past it.
        clock.advance(seconds: 30 * 86_400 - 60 - 100)
        #expect(service.get(target).header("Cache-Control") == "public, max-age=100, s-maxage=100")
        #expect(service.get(target).body == plain.body)

        clock.advance(days: 90)
        let stale = service.get(target)
        #expect(stale.status == .ok && stale.header("ETag") != plain.header("ETag"))
        #expect(stale.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        #expect(stale.header("X-Value-Time") == "2026-08-09T10:00:00Z")
        #expect(stale.text.contains("fill=\"#9f9f9f\""))
        #expect(stale.text.contains("coverage: 72% &#40;stale: no new value since 2026-08-09 10:00 UTC&#41;"))
        // The stale look is cached as any image: the same bytes again.
        #expect(service.get(target).body == stale.body)
        // A push makes it fresh again.
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        #expect(service.get(target).body == plain.body)
    }

    /// Every kind turns gray: its own colors, thresholds and map colors give way to `staleColor`; `staleLabel`
    /// replaces the label (a badge's value text), filled as a label is.
    @Test func everyKindTakesTheStaleColorAndLabel() throws {
        let service = try service()
        #expect(service.push("build", "40", token: Self.token).status == .ok)
        clock.advance(days: 2)
        let ring = service.get(
            "/ring.svg?value=@build&staleAfter=1d&thresholds=30:red&staleLabel=%7Bvalue%7D%20old")
        #expect(ring.text.contains("stroke=\"#9f9f9f\"") && !ring.text.contains("ff0000"))
        #expect(ring.text.contains(">40 old<"))
        #expect(ring.text.contains("Progress: 40 old &#40;stale: no new value since 2026-08-09 10:00 UTC&#41;"))
        let bar = service.get("/bar.svg?value=@build&staleAfter=1d&color=red&staleColor=%23cccccc")
        #expect(bar.text.contains("fill=\"#cccccc\"") && !bar.text.contains("ff0000"))
        let badge = service.get("/badge.svg?value=@build&staleAfter=1d&map=40:building:orange&staleLabel=stale")
        #expect(badge.text.contains("progress: stale &#40;stale: no new value since"))
        let spark = service.get("/spark.svg?value=@build&staleAfter=1d&color=green")
        #expect(spark.text.contains("9f9f9f") && spark.text.contains("&#40;stale: no new value since"))
        let png = service.get("/ring.png?value=@build&staleAfter=1d")
        #expect(png.status == .ok && png.body != service.get("/ring.png?value=@build").body)
        let document = service.get("/badge.json?value=@build&staleAfter=1d")
        #expect(document.text.contains("\"color\": \"#9f9f9f\""))
        #expect(service.get("/badge.json?value=@build&staleAfter=3d").text.contains("\"color\": \"#2563eb\""))
    }

    /// The server's `staleAfter` applies where the URL gives none, and `staleAfter=off` turns it off for one image.
    @Test func theServersDefaultAppliesUnlessTheURLTurnsItOff() throws {
        let service = try service { $0.values.staleAfter = "7d" }
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        clock.advance(days: 8)
        #expect(service.get("/ring.svg?value=@coverage").text.contains("&#40;stale: no new value since"))
        #expect(!service.get("/ring.svg?value=@coverage&staleAfter=off").text.contains("stale"))
        #expect(!service.get("/ring.svg?value=@coverage&staleAfter=30d").text.contains("stale"))
        // A value in the URL has no time: nothing ages.
        #expect(!service.get("/ring.svg?value=72").text.contains("stale"))
    }

    /// A `staleAfter` that is no duration in range is refused by name, with what is accepted.
    @Test(arguments: ["30", "0d", "30s", "401d", "1w", "-1d", "soon"])
    func aBadStaleAfterNamesTheParameter(given: String) throws {
        let service = try service()
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        let response = service.get("/ring.svg?value=@coverage&staleAfter=" + given)
        #expect(response.status == .badRequest)
        #expect(
            response.header("X-Error")
                == "staleAfter: \"\(given)\" is not a duration (accepted: a whole number and s, m, h or d from 1m to "
                + "400d, such as 30d or 12h; or off)")
    }

    /// A live value read long ago (its last good reading, while the source fails) ages as a stored one does; a
    /// source that read `null` and then fails serves the `null` it read, never the older number before it.
    @Test func aLiveReadingAgesAndANullStaysNull() throws {
        let fixture = try FixtureServer()
        defer { fixture.stop() }
        let wall = WallClock(ValueStore.wallClock())
        let live = TestClock()
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.live.hosts = ["127.0.0.1"]
        config.live.allowPrivateAddresses = true
        config.live.ttl = 60
        config.live.retrySeconds = 1
        config.live.staleSeconds = 86_400
        let service = RingService(
            configuration: config, log: ServiceLog(format: .off, level: .info), renderer: RingKitRenderer(),
            live: try LiveValues(settings: config.live, version: "test", clock: live, resolve: []),
            wallClock: { wall.now() })
        try fixture.write("up.json", #"{"up": 1}"#)
        let url = QueryParameters.encode(fixture.url("up.json"))
        let target = "/badge.svg?url=\(url)&query=up&map=0:down,1:up,null:no%20data&staleAfter=1h"
        let fresh = service.get(target)
        #expect(fresh.status == .ok && fresh.body == service.get("/badge.svg?value=1&map=0:down,1:up").body)
        #expect(fresh.header("Cache-Control") == "public, max-age=60, s-maxage=60")
        // The source fails; its last reading stands, and two hours on it is drawn stale.
        try fixture.remove("up.json")
        live.advance(61)
        wall.advance(seconds: 7200)
        let stale = service.get(target)
        #expect(stale.header("X-Source") == "stale" && stale.text.contains("&#40;stale: no new value since"))
        #expect(stale.text.contains(">up<") && stale.text.contains("#9f9f9f"))
        // 1 → 0 → null → failure: the null it read last, not the 0 before it.
        for (document, shows) in [(#"{"up": 0}"#, ">down<"), (#"{"up": null}"#, ">no data<")] {
            try fixture.write("up.json", document)
            live.advance(61)
            let read = service.get(target)
            #expect(read.text.contains(shows), "\(document): \(read.header("X-Error") ?? "")")
        }
        try fixture.remove("up.json")
        live.advance(61)
        let failing = service.get(target)
        #expect(failing.text.contains(">no data<") && !failing.text.contains(">down<"))
    }

    /// Every hostile value of the freshness parameters, on every kind, with a value that is stale: an image or a
    /// refusal naming the parameter (a `staleLabel` that does not fit names `staleLabel`), never a 500.
    @Test(arguments: ["staleAfter", "staleColor", "staleLabel"])
    func everyHostileValueOfAFreshnessParameterGetsAnImageOrAnErrorNamingIt(parameter: String) async throws {
        let service = try service()
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        clock.advance(days: 2)
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                ["ring.svg", "bar.svg", "badge.svg", "spark.svg", "ring.png?size=32"].flatMap { route in
                    guard !route.hasSuffix("png?size=32") || value.count < 40 else { return [String]() }
                    let stale = parameter == "staleAfter" ? "" : "&staleAfter=1d"
                    let separator = route.contains("?") ? "&" : "?"
                    let target = "/\(route)\(separator)value=@coverage\(stale)&\(parameter)=\(value)"
                    let format: ImageFormat = route.hasPrefix("ring.png") ? .png : .svg
                    return BadInputSweepTests.problems(
                        service.get(target), target: target, format: format, blame: parameter)
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// `timeQuery`: the value's time from the document (RFC 3339, at an offset, with fractions, or Unix seconds)
    /// is its `Last-Modified` and `X-Value-Time`, and what `staleAfter` measures; a time that is none is the
    /// document's error, naming `timeQuery`; beside `prometheus` it is refused before anything is fetched.
    @Test func aDocumentsOwnTimeIsTheValuesTime() throws {
        let fixture = try FixtureServer()
        defer { fixture.stop() }
        let service = try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.promQL = .any
        }
        let documents = [
            ("a.json", #"{"v": 72, "at": "2026-08-09T10:00:00Z"}"#, "2026-08-09T10:00:00Z"),
            ("b.json", #"{"v": 72, "at": "2026-08-09T12:00:00.250+02:00"}"#, "2026-08-09T10:00:00Z"),
            ("c.json", #"{"v": 72, "at": 1786269600}"#, "2026-08-09T10:00:00Z"),
            ("d.json", #"{"v": 72, "at": "1786269600"}"#, "2026-08-09T10:00:00Z"),
        ]
        for (name, document, time) in documents {
            try fixture.write(name, document)
            let url = QueryParameters.encode(fixture.url(name))
            let image = service.get("/ring.svg?url=\(url)&query=v&timeQuery=at")
            #expect(image.status == .ok && image.header("X-Value-Time") == time, "\(document)")
            #expect(image.header("Last-Modified") == "Sun, 09 Aug 2026 10:00:00 GMT")
            #expect(image.body == service.get("/ring.svg?value=72").body)
            // Months old by the document's own word: stale, whenever it was read.
            let stale = service.get("/ring.svg?url=\(url)&query=v&timeQuery=at&staleAfter=30d")
            #expect(stale.text.contains("&#40;stale: no new value since 2026-08-09 10:00 UTC&#41;"), "\(document)")
            let date = service.get("/ring.svg?url=\(url)&query=v&timeQuery=at&label=%7Bdate%7D&size=256")
            #expect(date.text.contains(">Aug 9, 2026<"), "\(document)")
        }
        for (document, says) in [
            (#"{"v": 1, "at": "yesterday"}"#, "timeQuery: $.at holds \"yesterday\", not a time (accepted: an RFC 3339"),
            (#"{"v": 1, "at": "2026-08-09"}"#, "timeQuery: $.at holds \"2026-08-09\", not a time"),
            (#"{"v": 1, "at": -5}"#, "timeQuery: $.at holds -5.0, not a time from 1970 to 9999"),
            (#"{"v": 1, "at": null}"#, "timeQuery: $.at holds null, not a time"),
            (#"{"v": 1}"#, "timeQuery: $.at is not in the document"),
        ] {
            // A file each: a failure is remembered per source.
            let name = "bad-\(document.count).json"
            try fixture.write(name, document)
            let url = QueryParameters.encode(fixture.url(name))
            let image = service.get("/ring.svg?url=\(url)&query=v&timeQuery=at")
            #expect(image.status == .badGateway, "\(document)")
            #expect(image.header("X-Error")?.hasPrefix(says) == true, "\(image.header("X-Error") ?? "")")
        }
        let prometheus = service.get("/ring.svg?prometheus=up&timeQuery=at")
        #expect(prometheus.status == .badRequest)
        #expect(prometheus.header("X-Error")?.hasPrefix("timeQuery: applies to url, not to prometheus") == true)
        #expect(fixture.requests.allSatisfy { !$0.contains("prom") })
    }

    /// `{age}`, `{time}` and `{date}` write the value's time in the locale and `tz`; an image is one cached image
    /// while its age's words hold, with a max-age no longer than until they change, and a new one after.
    @Test func theAgeAndTimeOfAValueAreWrittenAndCachedUntilTheyChange() throws {
        let service = try service()
        #expect(service.push("coverage", "72", token: Self.token).status == .ok)
        clock.advance(seconds: 20)
        let age = "/bar.svg?value=@coverage&width=300&label=%7Bvalue%7D%25%20%7Bage%7D"
        let now = service.get(age)
        #expect(now.text.contains(">72% now<"), "\(now.text)")
        #expect(now.header("Cache-Control") == "public, max-age=40, s-maxage=40")
        clock.advance(seconds: 30)
        #expect(service.get(age).header("ETag") == now.header("ETag"))
        clock.advance(days: 3)
        let days = service.get(age)
        #expect(days.text.contains(">72% 3 days ago<") && days.header("ETag") != now.header("ETag"))
        #expect(days.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        #expect(service.get(age + "&locale=de").text.contains(">72% vor 3 Tagen<"))
        clock.advance(days: 20)
        #expect(service.get(age).text.contains(">72% 3 weeks ago<"))
        clock.advance(days: 400)
        #expect(service.get(age).text.contains(">72% last year<"))
        // The push's time, in a zone and a locale: 2026-08-09 10:00 UTC is noon in Berlin.
        let time = service.get("/bar.svg?value=@coverage&width=300&label=%7Btime%7D&tz=Europe/Berlin&locale=de")
        #expect(time.text.contains(">09.08.2026, 12:00<"), "\(time.text)")
        let date = service.get("/ring.svg?value=@coverage&label=%7Bdate%7D&tz=America/New_York&size=256")
        #expect(date.text.contains(">Aug 9, 2026<"), "\(date.text)")
        // A badge writes its age in its stale label; a value in the URL has no time to write.
        let badge = service.get("/badge.svg?value=@coverage&staleAfter=30d&staleLabel=%7Bage%7D")
        #expect(badge.text.contains(">last year<"))
        let plain = service.get("/ring.svg?value=72&label=%7Bage%7D")
        #expect(
            plain.status == .badRequest && plain.header("X-Error")?.hasPrefix("label: \"{age}\" writes the") == true)
        let zone = service.get("/ring.svg?value=@coverage&label=%7Btime%7D&tz=Mars/Base")
        #expect(zone.header("X-Error")?.hasPrefix("tz: \"Mars/Base\" is not a time zone") == true)
    }
}
