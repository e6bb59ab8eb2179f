import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

/// The gallery's stored-value cards: shown as images once the server holds their values, as URLs before.
@Suite(.serialized)
final class StoredGalleryTests {
    static let token = "pr_test-token-for-the-demo"
    let folder = NSTemporaryDirectory() + "/stored-gallery-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token, pattern: "demo.*")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func put(_ name: String, _ body: String) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Length": "\(body.utf8.count)"]
        headers.append(.authorization, "Bearer " + Self.token)
        return service.response(
            to: HTTPRequest(method: .put, target: "/values/\(name)", headers: headers, body: Array(body.utf8)))
    }

    /// The `<img src>` paths of a page, unescaped.
    static func images(_ page: String) -> [String] {
        page.components(separatedBy: "<img src=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map { String($0).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    @Test func everyStoredExampleShowsAStoredValue() {
        #expect(GalleryPage.storedNames == ["demo.coverage", "demo.tests"])
        for example in GalleryPage.storedExamples { #expect(example.route != nil, "\(example.path)") }
    }

    @Test func cardsTurnFromURLsToImagesAsTheirValuesArrive() throws {
        let before = String(decoding: service.get("/examples").body, as: UTF8.self)
        #expect(before.contains("id=\"stored-off\""))
        #expect(!Self.images(before).contains { $0.contains("@demo.") })

        for value in ["80.5", "82", "84.25"] { #expect(put("demo.coverage", value).status.code == 200) }
        let some = String(decoding: service.get("/examples").body, as: UTF8.self)
        let shown = Self.images(some).filter { $0.contains("@demo.") }
        #expect(shown.count == 3 && shown.allSatisfy { $0.contains("@demo.coverage") }, "\(shown)")
        #expect(some.contains("no value named <code>demo.tests</code>"))

        #expect(put("demo.tests", "{\"value\": 412, \"max\": 430}").status.code == 200)
        let all = String(decoding: service.get("/examples").body, as: UTF8.self)
        #expect(!all.contains("id=\"stored-off\""))
        // Every card's image is drawn: a stored value's image, not an error.
        for path in Self.images(all) where path.contains("@demo.") {
            let image = service.get(path)
            #expect(image.status.code == 200, "\(path)")
            #expect(image.header("X-Source") == "stored", "\(path)")
        }
        #expect(service.get("/ring.svg?value=@demo.coverage&label=%7Bdelta%7D").status.code == 200)
    }
}
