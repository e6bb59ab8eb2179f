import Foundation
import HTTPServer
import Locking
import RingKit
import TestSupport
import Testing

@testable import LiveValues
@testable import RingService

/// A clock the test moves: freshness and staleness without waiting for them.
final class TestClock: LiveClock {
    private let seconds = Lock(1000.0)
    func now() -> Double { seconds.withLock { $0 } }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}

/// A service whose live values read from `fixture` (on 127.0.0.1, so private addresses are allowed). `resolve`
/// points names at addresses (`host:port:address`) so that no test asks DNS.
func makeLiveService(
    _ fixture: FixtureServer, clock: TestClock = TestClock(), resolve: [String] = [],
    log: ServiceLog = ServiceLog(format: .off, level: .info), change: (inout ServiceConfiguration) -> Void = { _ in }
) throws -> RingService {
    var config = ServiceConfiguration()
    config.logFormat = .off
    config.live.hosts = ["127.0.0.1"]
    config.live.allowPrivateAddresses = true
    config.live.timeout = 10
    change(&config)
    let live = try LiveValues(settings: config.live, version: "test", clock: clock, resolve: resolve)
    return RingService(configuration: config, log: log, renderer: RingKitRenderer(), live: live)
}

/// Images whose value is read from a document: what they show, their headers, and every way reading can fail.
@Suite(.serialized)
final class LiveImageTests {
    let fixture: FixtureServer
    let clock = TestClock()

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("c.json", #"{"totals": {"percent": 87.4}, "done": 7, "total": 12}"#)
        try fixture.write(
            "e.json", #"{"schemaVersion": 1, "label": "coverage", "message": "91%", "color": "orange"}"#)
    }

    deinit { fixture.stop() }

    func url(_ path: String) -> String { QueryParameters.encode(fixture.url(path)) }

    @Test func aRingShowsTheValueReadAndItsCacheControlCountsDown() throws {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.ttl = 300 }
        let target = "/ring.svg?url=\(url("c.json"))&query=$.totals.percent"
        let first = service.get(target)
        #expect(first.status == .ok && first.text.contains(">87%<"))
        #expect(first.header("X-Source") == "fresh")
        #expect(first.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        // When the value was read: now, give or take the test's own time.
        let readAt = try #require(first.header("Last-Modified"))
        let now = Int(Date().timeIntervalSince1970)
        #expect((now - 10...now).map { HTTPDate.imfFixdate(epochSeconds: $0) }.contains(readAt), "\(readAt)")
        #expect(first.header("X-Value-Time")?.hasSuffix("Z") == true)
        // If-Modified-Since at the time read: not modified.
        #expect(service.get(target, ["If-Modified-Since": readAt]).status == .notModified)
        clock.advance(100)
        let second = service.get(target)
        #expect(second.header("X-Source") == "cached" && second.header("ETag") == first.header("ETag"))
        #expect(second.header("Cache-Control") == "public, max-age=200, s-maxage=200")
        // An unchanged value revalidates, with the same live headers.
        let revalidated = service.get(target, ["If-None-Match": first.header("ETag")!])
        #expect(
            revalidated.status == .notModified && revalidated.header("Cache-Control")?.contains("max-age=200") == true)
        #expect(fixture.requests == ["/c.json"])
        // The same image with the value in the URL has the same bytes.
        #expect(service.get("/ring.svg?value=87.4").body == first.body)
    }

    @Test func aValueChangedUpstreamShowsOnceTheCachedOneExpiresAndNotBefore() throws {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.ttl = 60 }
        try fixture.write("v.json", #"{"v": 10}"#)
        let target = "/ring.svg?url=\(url("v.json"))&query=v"
        #expect(service.get(target).text.contains(">10%<"))
        try fixture.write("v.json", #"{"v": 20}"#)
        clock.advance(59)
        #expect(service.get(target).text.contains(">10%<"))
        clock.advance(2)
        let changed = service.get(target)
        #expect(changed.text.contains(">20%<") && changed.header("X-Source") == "fresh")
    }

    @Test func aFailingUpstreamAfterASuccessServesTheLastValueStale() throws {
        let service = try makeLiveService(fixture, clock: clock) {
            $0.live.ttl = 60
            $0.live.retrySeconds = 15
        }
        try fixture.write("s.json", #"{"v": 33}"#)
        let target = "/ring.png?url=\(url("s.json"))&query=v"
        let good = service.get(target)
        try fixture.remove("s.json")
        clock.advance(61)
        let stale = service.get(target)
        #expect(stale.status == .ok && stale.header("X-Source") == "stale" && stale.body == good.body)
        #expect(stale.header("Cache-Control") == "public, max-age=15, s-maxage=15")
        #expect(service.get("/metrics").text.contains("progress_rings_live_stale_answers_total 1"))
    }

    /// A mistake of the URL's own is its 400, found before anything is fetched, even where the source is down;
    /// what the value decides (a label that must fit it) waits for the value.
    @Test func theURLsOwnMistakesAreRefusedBeforeAnyFetch() throws {
        let service = try makeLiveService(fixture, clock: clock)
        for (target, message) in [
            ("/ring.svg?url=\(url("missing.json"))&size=5000", "size: 5000 is out of range 16...1024"),
            ("/bar.png?url=\(url("c.json"))&query=done&maxQuery=total&unit=parsecs", "unit: "),
            ("/badge.svg?url=\(url("e.json"))&scale=9", "scale: "),
            ("/ring.svg?url=\(url("missing.json"))&color=nope", #"color: "nope" is not a color"#),
            ("/badge.svg?url=\(url("missing.json"))&style=round", #"style: "round""#),
            ("/badge.svg?url=\(url("e.json"))&labelColor=zz", #"labelColor: "zz""#),
        ] {
            let answer = service.get(target)
            #expect(answer.status == .badRequest, "\(target)")
            #expect(answer.header("X-Error")?.hasPrefix(message) == true, "\(answer.header("X-Error") ?? "")")
        }
        #expect(fixture.requests.isEmpty)
        // A label that only the value shows is checked with it: the value is read, then the image drawn.
        let fits = service.get("/ring.svg?url=\(url("c.json"))&query=done&size=64&label=%7Bvalue%7D%20done")
        #expect(fits.status == .ok && fixture.requests == ["/c.json"])
    }

    @Test func maxQueryAndAShieldsEndpointDocumentFillTheirParameters() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let ring = service.get("/ring.svg?url=\(url("c.json"))&query=$.done&maxQuery=$.total")
        #expect(ring.text.contains(">58%<"), "7 of 12")
        let badge = service.get("/badge.svg?url=\(url("e.json"))")
        #expect(badge.text.contains(">coverage<") && badge.text.contains(">91%<"))
        // shields' orange, not CSS's.
        #expect(badge.body == service.get("/badge.svg?label=coverage&message=91%25&color=fe7d37").body)
        // The URL's own label and color win over the document's.
        let own = service.get("/badge.svg?url=\(url("e.json"))&label=tests&color=green")
        #expect(own.body == service.get("/badge.svg?label=tests&message=91%25&color=green").body)
        // A document label the badge cannot take is left out, not an error.
        try fixture.write(
            "long.json", #"{"schemaVersion": 1, "label": "\#(String(repeating: "x", count: 300))", "message": "5"}"#)
        let long = service.get("/badge.svg?url=\(url("long.json"))")
        #expect(long.status == .ok && long.body == service.get("/badge.svg?message=5&color=9f9f9f").body)
    }

    @Test(arguments: [
        ("nope.json", "$.x", 502, "url: http://127.0.0.1:PORT/nope.json answered 404"),
        ("c.json", "$.missing", 502, "query: $.missing is not in the document"),
        ("status/500", "$.x", 502, "url: http://127.0.0.1:PORT/status/500 answered 500"),
        ("hang", "$.x", 504, "url: timed out after 0.5 s"),
    ])
    func aValueThatCannotBeReadIsAnErrorImageNamingWhy(path: String, query: String, status: Int, message: String) throws
    {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.timeout = 0.5 }
        let response = service.get("/ring.png?url=\(url(path))&query=\(query)")
        #expect(response.status.code == status)
        #expect(
            response.header("X-Error")
                == RingService.headerText(message.replacingOccurrences(of: "PORT", with: "\(fixture.port)")))
        #expect(response.header("X-Source") == "error" && response.header("Cache-Control") == "no-store")
        #expect(response.header("Content-Type") == "image/png")
        // Where non-200 images break (GitHub's proxy), the configured errorStatus 200 holds for these too.
        let lenient = try makeLiveService(fixture, clock: clock) {
            $0.live.timeout = 0.5
            $0.errorStatus = 200
        }
        #expect(lenient.get("/ring.svg?url=\(url(path))&query=\(query)").status == .ok)
    }

    @Test(arguments: [
        ("url=URL&query=v&value=3", "value: cannot be given with url: the value is read from it"),
        ("url=URL&query=v&maxQuery=m&max=9", "max: cannot be given with maxQuery: max is read from the document"),
        ("url=http%3A%2F%2Fevil.example%2Fx&query=v", "url: \"http://evil.example/x\" names host evil.example"),
        ("url=file%3A%2F%2F%2Fetc%2Fpasswd&query=v", "url: \"file:///etc/passwd\""),
        ("url=URL&query=v&query=w", "query: given twice"),
        ("url=URL&query=%24%5B", "query: \"$[\""),
        ("prometheus=up", "prometheus: "),
    ])
    func aBadLiveParameterIsRefusedBeforeAnythingIsFetched(query: String, message: String) throws {
        let service = try makeLiveService(fixture, clock: clock)
        let response = service.get("/ring.svg?" + query.replacingOccurrences(of: "URL", with: url("c.json")))
        #expect(response.status == .badRequest && response.header("X-Source") == "error")
        #expect(response.header("X-Error")?.hasPrefix(message) == true, "\(response.header("X-Error") ?? "")")
        #expect(fixture.requests.isEmpty)
    }

    @Test func liveValuesAreOffUntilConfigured() {
        let service = makeService()
        let response = service.get("/ring.svg?url=https%3A%2F%2Fexample.com%2Fc.json&query=v")
        #expect(response.status == .badRequest)
        #expect(
            response.header("X-Error")
                == "url: live values are off on this server (its operator turns them on with liveHosts, "
                + "liveSources or prometheusServers)")
        // A name written with escapes is the same name.
        let escaped = service.get("/ring.svg?%75rl=https%3A%2F%2Fexample.com%2Fc.json&query=v")
        #expect(escaped.header("X-Error")?.hasPrefix("url: live values are off on this server") == true)
        // Without url or prometheus an image is what it always was.
        #expect(service.get("/ring.svg?value=5&query=v").status == .ok)
        #expect(service.get("/ring.svg?value=5&label=50%25").status == .ok)
    }

    /// Requests for one cold source are answered once it is read: one fetch however many wait.
    @Test func concurrentRequestsForAColdSourceCauseOneFetch() async throws {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.timeout = 30 }
        try fixture.write("one.json", #"{"v": 42}"#)
        // The document is held until every request is in, however slowly they come (a sanitizer's run).
        let target = "/ring.svg?url=\(url("held?flag=go&file=one.json"))&query=v"
        let answered = Lock<[HTTPResponse]>([])
        let all = DispatchGroup()
        for i in 0..<1000 {
            // Five sizes and 1,000 targets (a cache-buster each): 1,000 requests for one cold document.
            guard
                case .whenReady(let start) = service.answer(
                    HTTPRequest(method: .get, target: target + "&size=\(100 + i % 5)&n=\(i)"))
            else { throw TestFailure("request \(i) was answered without waiting for the value") }
            all.enter()
            start { response in
                answered.withLock { $0.append(response) }
                all.leave()
            }
        }
        try fixture.write("go", "")
        try await onOwnThread { all.wait() }
        #expect(answered.withLock { $0.allSatisfy { $0.status == .ok && $0.text.contains(">42%<") } })
        #expect(fixture.requests.count == 1)
        let metrics = service.get("/metrics").text
        #expect(metrics.contains("progress_rings_live_fetches_total{host=\"127.0.0.1\",server=\"\",outcome=\"ok\"} 1"))
        #expect(metrics.contains("progress_rings_live_coalesced_total 999"))
    }
}
