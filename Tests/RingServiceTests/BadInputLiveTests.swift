import Foundation
import RingKit
import Testing

@testable import RingService

/// The bad-input sweep over a real socket: what the transport does with hostile request targets before the
/// service sees them, and that one connection keeps answering through all of it.
@Suite(.serialized)
struct BadInputLiveTests {
    @Test func hostileTargetsOnOneConnectionAreAnsweredAndTheConnectionSurvives() throws {
        let live = try LiveService()
        defer { live.stop() }
        let client = try live.client()
        let parameters = RingParameter.allCases.map(\.rawValue)
        var answered = 0
        for name in parameters {
            for value in [
                "%C0%AF", "%252e", "%", "%00", "-0", "1e309", "%F0%9F%94%A5", String(repeating: "z", count: 4096),
            ] {
                let response = try client.request("GET", "/ring.svg?\(name)=\(value)")
                #expect(response.status == 200 || response.status == 400, "\(name)=\(value.prefix(40))")
                if response.status == 400 {
                    #expect(response.header("X-Error")?.hasPrefix(name + ": ") == true)
                    #expect(response.header("Connection") != "close")
                }
                answered += 1
            }
        }
        #expect(answered == parameters.count * 8)
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
