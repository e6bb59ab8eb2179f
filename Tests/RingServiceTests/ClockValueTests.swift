import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Values the clock drives (`from` and `to`, `until`, `since`), on a clock the test moves: the value now, written as
/// a number in the URL would be, one image per visible step, fresh until the next.
@Suite(.serialized)
struct ClockValueTests {
    let clock = WallClock()  // 2026-08-09 10:00 UTC
    let service: RingService

    init() {
        var config = ServiceConfiguration()
        config.logFormat = .off
        let clock = self.clock
        service = RingService(
            configuration: config, log: ServiceLog(format: .off, level: .info), renderer: RingKitRenderer(),
            wallClock: { clock.now() })
    }

    /// The share of the year gone is the value, as it shows (60%); the image is the one of that number, the same
    /// while the share shows the same, fresh until it shows the next.
    @Test func theShareOfAPeriodIsTheValueAndOneImageAStep() throws {
        let year = "/ring.svg?from=2026-01-01&to=2027-01-01"
        let first = service.get(year)
        #expect(first.status == .ok && first.body == service.get("/ring.svg?value=60").body)
        #expect(first.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        clock.advance(days: 1)
        #expect(service.get(year).header("ETag") == first.header("ETag"))
        // 61% at 0.61 of the year: 100 s before it, fresh for those 100 s; after it, the image of 61.
        let from = Int64(1_767_225_600_000)  // 2026-01-01
        let sixtyOne = from + Int64((0.61 * 365 * 86_400_000).rounded(.up))
        clock.advance(seconds: (sixtyOne - clock.now()) / 1000 - 100)
        #expect(service.get(year).header("Cache-Control")?.hasPrefix("public, max-age=10") == true)
        clock.advance(seconds: 101)
        #expect(service.get(year).body == service.get("/ring.svg?value=61").body)
        let spans = service.get(year + "&label=%7Belapsed%7D%20%2F%20%7Bremaining%7D&size=256")
        #expect(spans.text.contains(">222d 15h / 142d 8h<"), "\(spans.text)")
        // Before the start: 0, fresh until it begins; after the end: 100.
        #expect(service.get("/ring.svg?from=2027-01-01&to=2028-01-01").body == service.get("/ring.svg?value=0").body)
        #expect(service.get("/ring.svg?from=2025-01-01&to=2026-01-01").body == service.get("/ring.svg?value=100").body)
    }

    /// A countdown's value is the days left, to the hour; its label says how long (`{remaining}`), in the locale's
    /// units, and turns red by thresholds in its last days; `tz` places a date in its zone.
    @Test func aCountdownShowsWhatIsLeftUntilTheHourChanges() throws {
        clock.advance(seconds: 1)
        let countdown = service.get("/ring.svg?until=2026-12-24&size=160")
        #expect(countdown.text.contains(">136d 13h<"), "\(countdown.text)")
        #expect(countdown.header("Cache-Control") == "public, max-age=3599, s-maxage=3599")
        #expect(service.get("/ring.svg?until=2026-12-24&size=160&locale=de").text.contains(">136 T 13 Std.<"))
        // Berlin is UTC+1 in December: 18:00 there is 17:00 UTC.
        let berlin = service.get("/ring.svg?until=2026-12-24T18:00&tz=Europe/Berlin&size=160")
        #expect(berlin.text.contains(">137d 6h<"), "\(berlin.text)")
        let badge = service.get("/badge.svg?label=xmas&until=2026-12-24&max=200")
        #expect(badge.text.contains(">136.5 d<"), "\(badge.text)")
        clock.advance(days: 134)
        let near = service.get("/badge.svg?label=xmas&until=2026-12-24&thresholds=0:red,10:green")
        #expect(near.text.contains("#e05d44"), "two days left of 30: under 10 %, red")
        clock.advance(days: 10)
        let over = service.get("/ring.svg?until=2026-12-24")
        #expect(over.text.contains(">0m<") && over.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        let document = service.get("/badge.json?label=xmas&until=2026-12-24")
        #expect(document.text.contains("\"message\": \"0.0 d\""), "\(document.text)")
        let since = service.get("/bar.svg?since=2026-12-01&width=300")
        #expect(since.text.contains(">30d 10h<"), "\(since.text)")
    }

    /// A period that is not one is refused by name: a date that does not exist, a time the clocks skip, an end
    /// before its start, a half period, two periods, a value beside one, a sparkline.
    @Test(arguments: [
        ("from=2026-02-30&to=2026-03-01", "from: \"2026-02-30\" is not a date or time that exists"),
        ("until=2026-03-29T02:30&tz=Europe/Berlin", "until: \"2026-03-29T02:30\" is not a date or time that exists"),
        ("until=next%20week", "until: \"next week\" is not a date or time that exists"),
        ("from=2026-03-01&to=2026-02-01", "to: \"2026-02-01\" is not after from \"2026-03-01\""),
        ("from=2026-03-01", "from: \"2026-03-01\" needs to (the end of the period)"),
        ("until=2026-12-24&since=2026-01-01", "since: \"2026-01-01\" cannot be given with until"),
        ("from=2026-01-01&to=2027-01-01&value=3", "value: \"3\" cannot be given with from and to"),
        ("until=2026-12-24&prometheus=up", "prometheus: \"up\" cannot be given with until"),
        ("since=2026-01-01&tz=Mars/Base", "tz: \"Mars/Base\" is not a time zone"),
    ])
    func aPeriodThatIsNotOneIsRefusedByName(query: String, says: String) {
        let response = service.get("/ring.svg?" + query)
        #expect(response.status == .badRequest)
        #expect(response.header("X-Error")?.hasPrefix(says) == true, "\(response.header("X-Error") ?? "")")
        let spark = service.get("/spark.svg?until=2026-12-24")
        #expect(spark.header("X-Error")?.hasPrefix("until: \"2026-12-24\" draws one value") == true)
    }

    /// Every hostile value of the clock's parameters gets an image or a refusal naming the parameter, never a 500.
    @Test(arguments: ["from", "to", "until", "since", "tz"])
    func everyHostileValueOfAClockParameterGetsAnImageOrAnErrorNamingIt(parameter: String) async throws {
        let service = self.service
        let partner = ["from": "&to=2030-01-01", "to": "&from=2020-01-01", "tz": "&until=2026-12-24"]
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                ["ring.svg", "badge.svg", "bar.svg"].flatMap { route in
                    let target = "/\(route)?\(parameter)=\(value)\(partner[parameter] ?? "")"
                    return BadInputSweepTests.problems(
                        service.get(target), target: target, format: .svg, blame: parameter)
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
