import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

/// `refresh` on image routes, the embed page (`/embed/{image path}`) and the `/rings.js` module.
struct EmbedRouteTests {
    let service = makeService()

    /// `refresh=N` adds `Refresh: N` to an image's 200, for every kind and format, and changes no byte of the image.
    @Test(arguments: [
        "/ring.svg?value=72", "/ring.png?value=72", "/badge.gif?value=3", "/bar.webp?value=40",
        "/spark.svg?points=1,2,3", "/ring/72.svg", "/ring?value=72",
    ])
    func refreshAddsTheHeaderAndLeavesTheImage(target: String) {
        let glue = target.contains("?") ? "&" : "?"
        let plain = service.get(target)
        let refreshed = service.get(target + glue + "refresh=30")
        #expect(plain.status == .ok && refreshed.status == .ok)
        #expect(plain.header("Refresh") == nil)
        #expect(refreshed.header("Refresh") == "30")
        #expect(refreshed.body == plain.body)
        #expect(refreshed.header("ETag") == plain.header("ETag"))
        // A 304 needs no Refresh: the page that asked already has it.
        let again = service.get(target + glue + "refresh=30", ["If-None-Match": refreshed.header("ETag")!])
        #expect(again.status == .notModified)
    }

    /// A refresh out of range, not a number or given twice is refused with the accepted range.
    @Test(arguments: [
        ("refresh=4", "refresh: 4 is out of range 5…86400"),
        ("refresh=86401", "refresh: 86401 is out of range 5…86400"),
        ("refresh=soon", "refresh: "), ("refresh=10&refresh=20", "refresh: given twice"),
    ])
    func badRefreshIsRefusedNamingTheRange(query: String, message: String) {
        let response = service.get("/ring.svg?value=1&" + query)
        #expect(response.status == .badRequest)
        #expect(response.header("X-Error")?.hasPrefix(message.replacingOccurrences(of: "…", with: "...")) == true)
        #expect(response.header("Refresh") == nil)
    }

    /// The embed page shows the image at the path after /embed, with its query, under a CSP of hashes only, and
    /// says how often to look again; it is small.
    @Test func embedPageShowsTheImageAndItsRefresh() throws {
        let response = service.get("/embed/ring.svg?value=@build&refresh=60&label=a%22b")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        let html = response.text
        #expect(html.contains("src=\"/ring.svg?value=@build&amp;refresh=60&amp;label=a%22b\""))
        #expect(html.contains("data-refresh=\"60\""))
        #expect(html.contains("<script>\(EmbedPage.script)</script>"))
        #expect(response.body.count < 2048, "the embed page is \(response.body.count) bytes")
        let zipped = service.get("/embed/ring.svg?value=@build&refresh=60&label=a%22b", ["Accept-Encoding": "gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip" && zipped.body.count < 1024)
        let policy = try #require(response.header("Content-Security-Policy"))
        #expect(policy.contains("script-src \(StaticPage.hashSource(EmbedPage.script));"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("frame-ancestors"))
        let etag = try #require(response.header("ETag"))
        let again = service.get("/embed/ring.svg?value=@build&refresh=60&label=a%22b", ["If-None-Match": etag])
        #expect(again.status == .notModified && again.body.isEmpty)
    }

    /// `/embed` alone, as the contract writes it (`/embed?QUERY`), is the ring's SVG with that query.
    @Test func embedAloneShowsTheRing() {
        let response = service.get("/embed?value=72&refresh=30")
        #expect(response.status == .ok)
        #expect(response.text.contains("src=\"/ring.svg?value=72&amp;refresh=30\""))
        #expect(response.text == service.get("/embed/ring.svg?value=72&refresh=30").text)
    }

    /// Without a valid refresh the page does not look again (the image states a bad one).
    @Test(arguments: ["", "&refresh=2", "&refresh=x"])
    func embedPageWithoutAValidRefreshDoesNotFollow(extra: String) {
        let response = service.get("/embed/bar.png?value=3" + extra)
        #expect(response.status == .ok)
        #expect(!response.text.contains("data-refresh=\""))
    }

    /// Only an image route may follow /embed.
    @Test(arguments: [
        "/embed/", "/embed/examples", "/embedded?value=3", "/embed//evil.example/ring.svg", "/embed/embed/ring.svg",
        "/embed/healthz", "/embed/values/x",
    ])
    func embedOfAnythingButAnImageIsNotFound(target: String) {
        #expect(service.get(target).status == .notFound)
    }

    /// /rings.js: JavaScript for any origin, revalidated by ETag, the URL writer and the element, and every
    /// parameter name the element maps attributes back to.
    @Test func ringsModuleIsServedToAnyOrigin() throws {
        let response = service.get("/rings.js")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Cache-Control") == "no-cache")
        let text = response.text
        #expect(text.contains("function ringsURL(") && text.contains("customElements.define(\"progress-ring\""))
        #expect(text.hasPrefix("const ringsParameterNames = [") && text.contains("\nconst ringsRefresh = { min: 5, "))
        for name in ["textColor", "value", "refresh", "url", "points", "labelColor", "until"] {
            #expect(text.contains("\"\(name)\""), "\(name) is not among the element's parameters")
        }
        let etag = try #require(response.header("ETag"))
        #expect(service.get("/rings.js", ["If-None-Match": etag]).status == .notModified)
        let zipped = service.get("/rings.js", ["Accept-Encoding": "gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip")
    }
}
