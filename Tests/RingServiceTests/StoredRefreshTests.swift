import Foundation
import HTTPServer
import Testing

@testable import RingService

/// `refresh=N` on the images that change: a stored value's, whose answer is worked out per request.
@Suite(.serialized)
final class StoredRefreshTests {
    static let token = "pr_test-token-for-refresh"
    let folder = NSTemporaryDirectory() + "/stored-refresh-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A stored value's ring, bar and sparkline carry `Refresh: N` with the value's own max-age, and a push changes
    /// the image the same refreshing URL shows (a new ETag), as the embed page relies on.
    @Test(arguments: ["/ring.svg?value=@build", "/bar.png?value=@build", "/spark.svg?value=@build"])
    func storedImagesCarryRefreshAndFollowAPush(path: String) throws {
        #expect(service.push("build", "40", token: Self.token).status.code == 200)
        let first = service.get(path + "&refresh=60")
        #expect(first.status == .ok)
        #expect(first.header("Refresh") == "60")
        #expect(first.header("X-Source") == "stored")
        #expect(first.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        #expect(service.get(path).header("Refresh") == nil)
        let etag = try #require(first.header("ETag"))
        #expect(service.get(path + "&refresh=60", ["If-None-Match": etag]).status == .notModified)
        #expect(service.push("build", "80", token: Self.token).status.code == 200)
        let second = service.get(path + "&refresh=60", ["If-None-Match": etag])
        #expect(second.status == .ok && second.header("ETag") != etag && second.header("Refresh") == "60")
    }
}
