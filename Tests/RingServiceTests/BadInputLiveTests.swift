import Foundation
import RingKit
import Testing

@testable import RingService

/// The bad-input sweep over a real socket: what the transport does with hostile request targets before the
/// service sees them, and that one connection keeps answering through all of it.
@Suite(.serialized)
struct BadInputLiveTests {
    /// Each hostile target gets over the wire the answer the service gives it when called directly (so the
    /// transport hands the target over byte for byte), on one connection kept alive throughout.
    @Test func hostileTargetsOnOneConnectionAreAnsweredAsTheServiceAnswersThemAndTheConnectionSurvives() throws {
        let live = try LiveService()
        defer { live.stop() }
        let direct = makeService()
        let client = try live.client()
        let values = [
            "%C0%AF", "%252e", "%", "%00", "-0", "1e309", "%F0%9F%94%A5", String(repeating: "z", count: 4096),
        ]
        var mismatches: [String] = []
        for name in ImageParameter.names(readBy: .ring) {
            for value in values {
                let target = "/ring.svg?\(name)=\(value)"
                let response = try client.request("GET", target)
                #expect(response.status == 200 || response.status == 400, "\(name)=\(value.prefix(40))")
                #expect(response.header("Connection") == "keep-alive", "\(name)=\(value.prefix(40))")
                if response.status == 400 { #expect(response.header("X-Error")?.hasPrefix(name + ": ") == true) }
                let expected = direct.get(target)
                if response.status != Int(expected.status.code) || response.body != expected.body
                    || response.header("X-Error") != expected.header("X-Error")
                    || response.header("ETag") != expected.header("ETag")
                {
                    let error = response.header("X-Error") ?? ""
                    mismatches.append("\(name)=\(value.prefix(40)): \(response.status) \(error)")
                }
            }
        }
        #expect(mismatches == [], "answered unlike the service itself")
        #expect(try client.request("GET", "/healthz").status == 200)
        // One connection carried every answer, and the transport refused none of the targets itself.
        #expect(live.server.counters.acceptedConnections == 1)
        #expect(live.server.counters.protocolErrors == 0)
    }

    /// Hostile sparklines over the wire, on one connection: answered as the service answers them, and a `points`
    /// list as long as the request line allows is refused by `points` (one byte over the line is 414).
    @Test func hostileSparklinesOnOneConnectionAreAnsweredAsTheServiceAnswersThem() throws {
        let live = try LiveService()
        defer { live.stop() }
        let direct = makeService()
        let client = try live.client()
        let prefix = "/spark.svg?points="
        let longest = prefix + String(repeating: "1,", count: (8100 - prefix.count) / 2) + "1"
        let targets =
            ["points=1e999", "points=nan", "points=1,,2", "points=", "points=%00", "points=3,5&window=%zz"]
            .map { "/spark.svg?" + $0 } + [
                "/spark.png?points=3,5&width=1024&height=256&scale=3", "/spark.svg?value=@nothing",
                "/spark.svg?value=@", "/spark.png?points=1&value=@a", longest,
                "/spark.svg?points=" + String(repeating: "9", count: 8000),
            ]
        var mismatches: [String] = []
        for target in targets {
            let response = try client.request("GET", target)
            let expected = direct.get(target)
            #expect(response.header("Connection") == "keep-alive", "\(target.prefix(60))")
            if response.status != Int(expected.status.code) || response.body != expected.body
                || response.header("X-Error") != expected.header("X-Error")
            {
                mismatches.append("\(target.prefix(60)): \(response.status) \(response.header("X-Error") ?? "")")
            }
        }
        #expect(mismatches == [], "answered unlike the service itself")
        #expect(direct.get(longest).header("X-Error")?.hasPrefix("points: ") == true)
        #expect(try live.client().request("GET", longest + String(repeating: ",1", count: 100)).status == 414)
        #expect(live.server.counters.protocolErrors <= 1)
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    @Test func anEightKilobyteValueAndAThousandParametersFitTheRequestLine() throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        // 8 KiB of request line is the documented limit: just under it is served, over it is 414.
        let prefix = "/ring.svg?value=5&title="
        let fits = prefix + String(repeating: "a", count: 8100 - prefix.count)
        let served = try client.request("GET", fits)
        #expect(served.status == 400)
        #expect(served.header("X-Error")?.hasPrefix("title: ") == true)
        let thousand = (0..<1000).map { "q\($0)=1" }.joined(separator: "&")
        #expect(thousand.count < 8000)
        #expect(try client.request("GET", "/ring.svg?value=5&\(thousand)").status == 200)
        let tooLong = try live.client()
        let response = try tooLong.request("GET", prefix + String(repeating: "a", count: 8300))
        #expect(response.status == 414)
        #expect(try live.client().request("GET", "/healthz").status == 200)
    }
}
