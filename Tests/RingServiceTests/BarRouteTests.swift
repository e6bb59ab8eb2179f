import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `/bar.svg`, `/bar.png` and `/bar/{value}.svg|png`: bars answered like rings.
struct BarRouteTests {
    let service = makeService()

    @Test func barRoutesAnswerWithTheImageAndTheRingsHeaders() throws {
        let svg = service.get("/bar.svg?value=72&width=300")
        #expect(svg.status == .ok && svg.header("Content-Type") == ImageFormat.svg.contentType)
        #expect(svg.text.contains("width=\"300\" height=\"20\"") && svg.text.contains(">72%</text>"))
        #expect(svg.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        #expect(svg.header("Vary") == "Accept-Encoding" && svg.header("ETag") != nil)
        let png = service.get("/bar.png?value=72&scale=2")
        #expect(png.status == .ok && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let short = service.get("/bar/72.svg?width=300")
        #expect(short.body == svg.body)
        let etag = try #require(svg.header("ETag"))
        #expect(service.get("/bar.svg?width=300&value=72.0", ["If-None-Match": etag]).status == .notModified)
        let head = service.get("/bar/72.png?scale=2", method: .head)
        #expect(head.header("Content-Length") == String(png.body.count))
    }

    @Test func aBadBarIsAnErrorImageOfTheBarsWidthNamingTheParameter() {
        let response = service.get("/bar.svg?value=5&width=400&radius=99")
        #expect(response.status == .badRequest && response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Error") == "radius: 99 is out of range 0...10 (at most half of height 20)")
        #expect(response.text.contains("width=\"400\""))
        let png = service.get("/bar.png?width=1024&scale=4&height=500")
        #expect(png.status == .badRequest && png.header("X-Error") == "height: 500 is out of range 4...128")
        let decoded = DecodedPNG(png.body)
        #expect(decoded != nil && decoded!.width <= 2048 && decoded!.height <= 2048)
        #expect(service.get("/bar/abc.svg").header("X-Error")?.hasPrefix("value: \"abc\" is not a number") == true)
    }

    @Test func barsAreCountedUnderTheirOwnRoutes() {
        _ = service.get("/bar.svg?value=1")
        _ = service.get("/bar/2.png")
        let metrics = service.get("/metrics").text
        #expect(metrics.contains("route=\"/bar.svg\",format=\"svg\",status=\"200\",outcome=\"image\"} 1"))
        #expect(metrics.contains("route=\"/bar/{value}\",format=\"png\",status=\"200\",outcome=\"image\"} 1"))
    }
}

/// progress-bar.dev's URL shape, `/{progress}/`, answered as a bar in its look.
struct ProgressBarDevRouteTests {
    let service = makeService()

    @Test func itsURLsDrawItsBarWithItsDefaults() {
        let plain = service.get("/28/")
        #expect(plain.status == .ok && plain.header("Content-Type") == ImageFormat.svg.contentType)
        #expect(plain.text.contains("width=\"90\" height=\"20\""))
        #expect(plain.text.contains(">28%</text>") && plain.text.contains("fill=\"#d9534f\""))
        #expect(plain.text.contains("fill=\"#555555\"") && plain.text.contains("fill=\"#ffffff\""))
        #expect(service.get("/58/").text.contains("fill=\"#f0ad4e\""))
        #expect(service.get("/91/").text.contains("fill=\"#5cb85c\""))
        let titled = service.get("/7/?scale=10&title=mark&suffix=X")
        #expect(titled.text.contains(">mark 7X</text>") && titled.text.contains("aria-label=\"mark\""))
        #expect(titled.text.contains("width=\"94\""))
        let funds = service.get("/420/?scale=500&title=funds&width=120&color=babaca&suffix=$")
        #expect(funds.text.contains("width=\"160\"") && funds.text.contains("fill=\"#babaca\""))
        #expect(funds.text.contains(">funds 420$</text>"))
    }

    @Test func aBadValueIsAnErrorNamingOurParameterAndOtherPathsStayUnknown() {
        let bad = service.get("/28/?width=wide")
        #expect(bad.status == .badRequest && bad.header("X-Error")?.hasPrefix("width: \"wide\"") == true)
        #expect(service.get("/favicon.ico/").status == .notFound)
        #expect(service.get("/28").status == .notFound)
        #expect(service.get("/28/x/").status == .notFound)
        _ = service.get("/28/")
        let metrics = service.get("/metrics").text
        #expect(metrics.contains("route=\"/{progress}/\",format=\"svg\",status=\"200\",outcome=\"image\"}"))
    }
}
