import Foundation
import HTTPServer
import RingKit
import StoredValues
import Testing

@testable import RingService

/// `reduce` over stored values (`value=@a,@b`): each value's own record's max goes into the scale, so six checks
/// pushed as 0 or 1 of 1 read 4 of 6, on a badge too, which draws a list only through a roll-up.
@Suite(.serialized)
final class StoredRollupTests {
    static let token = "pr_test-token-for-checks"
    let folder = NSTemporaryDirectory() + "/stored-rollup-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token, pattern: "check.*")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func put(_ name: String, _ body: String) -> HTTPResponse {
        let headers: HTTPHeaders = ["Content-Length": "\(body.utf8.count)", "Authorization": "Bearer " + Self.token]
        return service.response(
            to: HTTPRequest(method: .put, target: "/values/\(name)", headers: headers, body: Array(body.utf8)))
    }

    @Test func storedChecksSumToTheirCountOfTheirTotal() throws {
        for (index, up) in [1, 0, 1, 1, 0, 1].enumerated() {
            #expect(put("check.\(index)", #"{"value": \#(up), "max": 1}"#).status.code == 200)
        }
        let names = (0..<6).map { "@check.\($0)" }.joined(separator: ",")
        let label = QueryParameters.encode("{value}/{max} up")
        let ring = service.get("/ring.svg?value=\(names)&reduce=sum&label=\(label)")
        #expect(ring.status.code == 200, "\(ring.header("X-Error") ?? "")")
        #expect(ring.body == service.get("/ring.svg?value=4&max=6&label=\(label)").body)
        let badge = service.get("/badge.svg?label=checks&value=\(names)&reduce=count")
        #expect(badge.body == service.get("/badge.svg?label=checks&value=4&max=6").body)
        // Six values are too many rings without a roll-up, and a badge's list is refused without one.
        #expect(service.get("/ring.svg?value=\(names)").status.code == 400)
        #expect(service.get("/badge.svg?value=@check.0,@check.1").status.code == 400)
        // A changed push changes the roll-up.
        #expect(put("check.1", #"{"value": 1, "max": 1}"#).status.code == 200)
        #expect(
            service.get("/ring.svg?value=\(names)&reduce=sum&label=\(label)").body
                == service.get("/ring.svg?value=5&max=6&label=\(label)").body)
    }
}
