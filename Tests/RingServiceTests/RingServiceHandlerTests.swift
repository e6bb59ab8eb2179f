import Foundation
import FoundationXML
import HTTPServer
import RingKit
import Testing

@testable import RingService

struct RingServiceHandlerTests {
    let service = makeService()

    @Test(arguments: [
        ("/ring.svg?value=72", "image/svg+xml; charset=utf-8"),
        ("/ring.png?value=72", "image/png"),
        ("/ring?value=72", "image/svg+xml; charset=utf-8"),
        ("/ring/72.svg", "image/svg+xml; charset=utf-8"),
        ("/ring/72.png?size=64", "image/png"),
    ])
    func imageRoutesAnswerWithEveryContractHeader(target: String, contentType: String) {
        let response = service.get(target)
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == contentType)
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        let etag = response.header("ETag") ?? ""
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 10)
        if contentType.hasPrefix("image/svg") {
            #expect(response.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'")
            #expect(response.text.contains("<svg"))
        } else {
            #expect(response.header("Content-Security-Policy") == nil)
            #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    /// `/ring` varies by Accept; an SVG by Accept-Encoding as well (it may go out gzip); a PNG by neither.
    @Test func onlyTheNegotiatedRouteVariesOnAcceptAndOnlySVGOnAcceptEncoding() {
        #expect(service.get("/ring?value=1").header("Vary") == "Accept, Accept-Encoding")
        #expect(service.get("/ring?value=1", ["Accept": "image/png"]).header("Vary") == "Accept")
        #expect(service.get("/ring.svg?value=1").header("Vary") == "Accept-Encoding")
        #expect(service.get("/ring/1.png").header("Vary") == nil)
    }

    @Test func negotiatedRouteServesPNGOnlyWhenPreferred() {
        #expect(service.get("/ring?value=5", ["Accept": "image/png"]).header("Content-Type") == "image/png")
        #expect(
            service.get("/ring?value=5", ["Accept": "image/png;q=0.5, image/svg+xml"]).header("Content-Type")
                == ImageFormat.svg.contentType)
        #expect(service.get("/ring?value=5", ["Accept": "*/*"]).header("Content-Type") == ImageFormat.svg.contentType)
    }

    @Test func conditionalRequestGetsNotModifiedWithTheSameValidators() {
        let first = service.get("/ring.svg?value=33")
        let etag = first.header("ETag")!
        for condition in [etag, "W/\(etag)", "\"nope\", \(etag)", "*"] {
            let again = service.get("/ring.svg?value=33", ["If-None-Match": condition])
            #expect(again.status == .notModified, "\(condition)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            #expect(again.header("Cache-Control") == first.header("Cache-Control"))
            #expect(again.header("Content-Length") == nil)
        }
        #expect(service.get("/ring.svg?value=33", ["If-None-Match": "\"nope\""]).status == .ok)
    }

    @Test func cacheSecondsRaisesMaxAgeButNeverLowersIt() {
        #expect(
            service.get("/ring.svg?value=1&cacheSeconds=604800").header("Cache-Control")
                == "public, max-age=604800, s-maxage=604800")
        #expect(
            service.get("/ring.svg?value=1&cacheSeconds=60").header("Cache-Control")
                == "public, max-age=86400, s-maxage=86400")
        let short = makeService { $0.maxAge = 300 }
        #expect(
            short.get("/ring.svg?value=1").header("Cache-Control") == "public, max-age=300, s-maxage=300")
    }

    @Test func equivalentQueriesShareOneCacheEntryAndETag() {
        let service = makeService()
        let a = service.get("/ring.svg?value=72&color=red")
        let b = service.get("/ring.svg?color=RED&value=72.0")
        let c = service.get("/ring/72.svg?color=%23ff0000&utm_source=x")
        #expect(a.header("ETag") == b.header("ETag"))
        #expect(a.header("ETag") == c.header("ETag"))
        #expect(a.body == c.body)
        let counters = service.cacheCounters
        #expect(counters.misses == 1)
        #expect(counters.hits == 2)
        #expect(counters.entries == 1)
    }

    @Test func formatsAreCachedApart() {
        let service = makeService()
        _ = service.get("/ring.svg?value=9")
        _ = service.get("/ring.png?value=9")
        #expect(service.cacheCounters.entries == 2)
    }

    @Test func healthAndReadiness() {
        let service = makeService()
        #expect(service.get("/healthz").status == .ok)
        #expect(service.get("/healthz").text == "ok\n")
        #expect(service.get("/readyz").text == "ready\n")
        service.beginDraining()
        let ready = service.get("/readyz")
        #expect(ready.status == .serviceUnavailable)
        #expect(ready.text == "draining\n")
        #expect(service.get("/healthz").status == .ok)
        #expect(service.get("/ring.svg?value=1").status == .ok)
    }

    @Test(arguments: [
        "/badge.svg/", "/badge/build.svg", "/ring%2Esvg", "/ring.svg/", "/ring.tiff", "/ring/.svg",
        "/ring/1/2.svg", "/RING.svg", "/healthz/", "/metrics.txt", "//ring.svg", "/ring/72.SVG",
    ])
    func unknownPathsAreNotFound(target: String) {
        let response = service.get(target)
        #expect(response.status == .notFound)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "get"])
    func otherMethodsAreNotAllowed(method: String) {
        for target in ["/ring.svg?value=1", "/ring", "/ring/5.png", "/healthz", "/readyz", "/metrics"] {
            let response = service.get(target, method: HTTPMethod(rawValue: method))
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == "GET, HEAD")
        }
        #expect(service.get("/nowhere", method: HTTPMethod(rawValue: method)).status == .notFound)
    }

    /// `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7); API.md's answer: 200, `Allow: GET, HEAD`, no
    /// content (and a `Content-Length: 0` saying so). `*` is no resource for any other method.
    @Test func optionsStarAnswersAllowWithNoContent() {
        let response = service.get("*", method: .options)
        #expect(response.status == .ok)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(response.header("Content-Length") == "0")
        #expect(response.body.isEmpty)
        for method in [HTTPMethod.get, .head, HTTPMethod(rawValue: "POST")] {
            #expect(service.get("*", method: method).status == .methodNotAllowed, "\(method)")
        }
    }

    @Test func headAnswersLikeGet() {
        let get = service.get("/ring.png?value=40")
        let head = service.get("/ring.png?value=40", method: .head)
        #expect(head.status == get.status)
        #expect(head.head == get.head)
    }
}
