import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import LiveValues
@testable import RingService

/// The logo fields of shields endpoint documents (`namedLogo`, `logoColor`, `logoSvg`), drawn as the same badge with
/// `logo` and `logoColor` in the URL; and `/badge.json` writing `namedLogo`.
extension LiveEndpointTests {
    /// `namedLogo` and `logoColor` (in shields' palette, as the document was written for shields).
    @Test func namedLogoAndLogoColorDrawTheLogo() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(
            service, #"{"schemaVersion":1,"label":"ci","message":"5","namedLogo":"github","logoColor":"green"}"#)
        #expect(drawn.status == .ok)
        #expect(
            drawn.body == service.get("/badge.svg?label=ci&message=5&color=9f9f9f&logo=github&logoColor=97ca00").body)
        // The URL's own logo wins; an unknown slug is left out, as a document's other defaults are.
        let own = try badge(
            service, #"{"schemaVersion":1,"message":"5","namedLogo":"github"}"#, "&logo=gitlab", name: "own.json")
        #expect(own.body == service.get("/badge.svg?message=5&color=9f9f9f&logo=gitlab").body)
        let unknown = try badge(
            service, #"{"schemaVersion":1,"message":"5","namedLogo":"nosuchlogo"}"#, name: "unknown.json")
        #expect(unknown.status == .ok && unknown.body == service.get("/badge.svg?message=5&color=9f9f9f").body)
    }

    /// `logoSvg` is a custom logo, checked as one in the URL is.
    @Test func logoSvgDrawsACustomLogo() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let svg =
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'>"
            + "<rect width='2' height='2' fill='red'/></svg>"
        let drawn = try badge(service, #"{"schemaVersion":1,"message":"5","logoSvg":"\#(svg)"}"#)
        let same = service.get(
            "/badge.svg?message=5&color=9f9f9f&logo=" + QueryParameters.encode(Logo.dataURI(svg: svg)))
        #expect(drawn.status == .ok && same.status == .ok && drawn.body == same.body)
        #expect(drawn.text.contains(##"fill="#ff0000""##))
        let hostile = try badge(
            service,
            #"{"schemaVersion":1,"message":"5","logoSvg":"<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>"}"#,
            name: "hostile.json")
        #expect(hostile.status == .ok && hostile.body == service.get("/badge.svg?message=5&color=9f9f9f").body)
    }

    /// The memo of live targets counts what a target showed, a document's logo among it, against its bound: a
    /// logo of some 4 KiB that the image does not draw (the URL gives its own) is still held, and counted.
    @Test func theMemoCountsADocumentsLogo() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let shapes = String(repeating: "<rect width='1' height='1' fill='red'/>", count: 100)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'>" + shapes + "</svg>"
        let drawn = try badge(
            service, #"{"schemaVersion":1,"message":"5","logoSvg":"\#(svg)"}"#, "&logo=gitlab", name: "memo.json")
        #expect(drawn.status == .ok)
        #expect(service.liveTargets.count == 1)
        #expect(service.liveTargets.bytes > svg.utf8.count, "\(service.liveTargets.bytes) bytes counted")
    }

    /// `/badge.json` gives the named logo, and its color when the URL gave one.
    @Test func badgeJSONWritesNamedLogo() {
        let service = makeService()
        let doc = service.get("/badge.json?label=ci&value=5&logo=GitHub&logoColor=red").text
        #expect(doc.contains(##""namedLogo": "github", "logoColor": "#e05d44"}"##), "\(doc)")
        #expect(!service.get("/badge.json?label=ci&value=5").text.contains("namedLogo"))
    }
}
