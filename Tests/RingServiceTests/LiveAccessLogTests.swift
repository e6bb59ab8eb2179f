import RingKit
import TestSupport
import Testing

@testable import RingService

/// What the access log says of an image that reads a live value.
@Suite(.serialized)
final class LiveAccessLogTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    /// Each live image's access line names where its value came from (`source=fresh`, `cached`, `stale`, `error`);
    /// an image with its value in the URL has no `source` field.
    @Test func accessLinesNameWhereTheValueCameFrom() throws {
        let clock = TestClock()
        try fixture.write("v.json", #"{"v": 40}"#)
        let live = "/ring.svg?url=\(QueryParameters.encode(fixture.url("v.json")))&query=v"
        let missing = "/ring.svg?url=\(QueryParameters.encode(fixture.url("none.json")))&query=v"
        let fixture = fixture
        var statuses: [Int] = []
        let lines = ServiceLogTests.lines(format: .logfmt) { log in
            guard
                let service = try? makeLiveService(
                    fixture, clock: clock, log: log,
                    change: {
                        $0.live.ttl = 60
                        $0.live.retrySeconds = 15
                    })
            else { return }
            statuses.append(service.get(live).status.code)
            statuses.append(service.get(live).status.code)
            try? fixture.remove("v.json")
            clock.advance(61)
            statuses.append(service.get(live).status.code)
            statuses.append(service.get(missing).status.code)
            statuses.append(service.get("/ring.svg?value=40").status.code)
        }
        #expect(statuses == [200, 200, 200, 502, 200])
        let access = lines.filter { $0.contains("msg=request") }
        #expect(access.count == 5, "\(lines)")
        let sources = access.map { line in
            line.split(separator: " ").first { $0.hasPrefix("source=") }.map(String.init) ?? "none"
        }
        #expect(sources == ["source=fresh", "source=cached", "source=stale", "source=error", "none"], "\(access)")
    }

    /// An outage is one warning when it begins, whatever the requests during it, and one line when the source reads
    /// again: with `logLevel=warn` the log said nothing while a source was down. A null it holds is no outage.
    @Test func anOutageIsOneWarningAndItsEndOneLine() throws {
        let clock = TestClock()
        try fixture.write("w.json", #"{"v": 40}"#)
        let target = "/ring.svg?url=\(QueryParameters.encode(fixture.url("w.json")))&query=v"
        let fixture = fixture
        for level in [ServiceLog.Level.warn, .info] {
            let lines = ServiceLogTests.lines(format: .logfmt, level: level) { log in
                guard
                    let service = try? makeLiveService(
                        fixture, clock: clock, log: log,
                        change: {
                            $0.live.ttl = 60
                            $0.live.retrySeconds = 15
                        })
                else { return }
                _ = service.get(target)
                try? fixture.remove("w.json")
                for _ in 0..<3 {
                    clock.advance(61)
                    _ = service.get(target)
                }
                try? fixture.write("w.json", #"{"v": null}"#)
                clock.advance(61)
                _ = service.get(target)
                try? fixture.write("w.json", #"{"v": 41}"#)
            }
            let failing = lines.filter { $0.contains(#"msg="live source failing""#) }
            #expect(failing.count == 1, "\(lines)")
            #expect(failing.first?.contains("level=warn") == true && failing.first?.contains("error=") == true)
            #expect(failing.first?.contains(fixture.url("w.json")) == true, "\(failing)")
            let again = lines.filter { $0.contains(#"msg="live source reads again""#) }
            #expect(again.count == (level == .info ? 1 : 0), "\(lines)")
        }
    }
}
