import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

/// `privateValues`: such stored values are drawn only on signed URLs (a cached image included) and read through
/// `/values` only with a token that may write them; other values stay public.
@Suite(.serialized)
final class PrivateValueTests {
    static let token = "pr_test-token-for-private-values"
    static let otherToken = "pr_test-token-for-coverage-only"
    let folder = NSTemporaryDirectory() + "/private-values-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.values.store = folder + "/values.db"
        config.values.tokens = [
            "*": [RingService.valueTokenDigest(Array(Self.token.utf8))],
            "coverage": [RingService.valueTokenDigest(Array(Self.otherToken.utf8))],
        ]
        config.signing.keys = [URLKey(name: "k", secret: SignedURLTests.secret)]
        config.signing.privateValues = ["internal.*"]
        service = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
        #expect(service.push("internal.sla", "99.2", token: Self.token).status == .ok)
        #expect(service.push("coverage", "87", token: Self.token).status == .ok)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func signed(_ path: String, _ query: String, canonical: String) -> String {
        SignedURLTests.signed(path, query, canonical: canonical)
    }

    /// Unsigned, a private value is a 403 image naming it, even once its image is cached; signed, it is drawn.
    @Test func aPrivateValueIsDrawnOnlyOnASignedURL() {
        let url = signed("/ring.svg", "value=@internal.sla&key=k", canonical: "key=k&value=%40internal.sla")
        let drawn = service.get(url)
        #expect(drawn.status == .ok)
        #expect(drawn.body == service.get("/ring.svg?value=99.2").body)
        for target in [
            "/ring.svg?value=@internal.sla", "/ring.svg?value=%40internal.sla", "/ring/@internal.sla.png",
            "/badge/sla/@internal.sla.svg", "/spark.svg?value=@internal.sla", "/ring.svg?value=@coverage,@internal.sla",
        ] {
            let refused = service.get(target)
            #expect(refused.status == .forbidden, "\(target)")
            #expect(
                refused.header("X-Error")
                    == "sig: missing; the stored value internal.sla is private on this server and is drawn only on "
                    + "a signed URL (progress-rings sign makes one)")
        }
        #expect(service.get("/ring.svg?value=@coverage").status == .ok)
        #expect(service.get(url).status == .ok)
    }

    /// `/badge.json` of a private value is refused unsigned too, as a JSON error with status 403.
    @Test func theBadgeDocumentOfAPrivateValueNeedsASignature() {
        let refused = service.get("/badge.json?value=@internal.sla")
        #expect(refused.status == .forbidden)
        #expect(!String(decoding: refused.body, as: UTF8.self).contains("99"))
        let url = signed("/badge.json", "value=@internal.sla&key=k", canonical: "key=k&value=%40internal.sla")
        #expect(String(decoding: service.get(url).body, as: UTF8.self).contains("\"message\": \"99%\""))
    }

    /// `/values/{name}` and its history of a private name answer only a token that may write it, and say nothing
    /// of whether the name holds a value without one; public names need none.
    @Test func aPrivateValueIsReadOnlyWithItsToken() {
        for path in ["/values/internal.sla", "/values/internal.sla/history", "/values/internal.none"] {
            let anonymous = service.get(path)
            #expect(anonymous.status == .unauthorized, "\(path)")
            #expect(String(decoding: anonymous.body, as: UTF8.self).contains("is private on this server"))
            let other = service.get(path, ["Authorization": "Bearer " + Self.otherToken])
            #expect(other.status == .forbidden, "\(path)")
            #expect(String(decoding: other.body, as: UTF8.self).contains("the token may not read"))
        }
        let read = service.get("/values/internal.sla", ["Authorization": "Bearer " + Self.token])
        #expect(read.status == .ok)
        #expect(String(decoding: read.body, as: UTF8.self).contains("\"value\": 99.2"))
        #expect(service.get("/values/internal.none", ["Authorization": "Bearer " + Self.token]).status == .notFound)
        #expect(service.get("/values/coverage").status == .ok)
    }

    /// The gallery never draws a private value's card (its image would be the refusal): the card stays a URL.
    @Test func theGalleryShowsNoPrivateValue() throws {
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.values.store = folder + "/gallery.db"
        config.values.tokens = ["*": [RingService.valueTokenDigest(Array(Self.token.utf8))]]
        config.signing.keys = [URLKey(name: "k", secret: SignedURLTests.secret)]
        config.signing.privateValues = ["demo.coverage"]
        let gallery = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
        #expect(gallery.push("demo.coverage", "80", token: Self.token).status == .ok)
        #expect(gallery.push("demo.tests", "12", token: Self.token).status == .ok)
        let images = StoredGalleryTests.images(String(decoding: gallery.get("/examples").body, as: UTF8.self))
        #expect(!images.contains { $0.contains("@demo.coverage") })
        #expect(images.contains { $0.contains("@demo.tests") })
    }
}
