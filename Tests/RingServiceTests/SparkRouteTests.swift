import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `/spark.svg` and `/spark.png` with `points` in the URL: answered like bars, with the same caching and errors.
struct SparkRouteTests {
    let service = makeService()

    @Test func sparkRoutesAnswerWithTheImageAndTheImageHeaders() throws {
        let svg = service.get("/spark.svg?points=3,5,4,8&label=auto")
        #expect(svg.status == .ok && svg.header("Content-Type") == ImageFormat.svg.contentType)
        #expect(svg.text.contains("width=\"120\" height=\"24\"") && svg.text.contains(">8</text>"))
        #expect(svg.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        let etag = try #require(svg.header("ETag"))
        let respelled = service.get("/spark.svg?label=auto&points=3.0,5,4,8e0", ["If-None-Match": etag])
        #expect(respelled.status == .notModified)
        let png = service.get("/spark.png?points=3,5,4,8&scale=2")
        #expect(png.status == .ok && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try #require(DecodedPNG(png.body))
        #expect(decoded.width == 240 && decoded.height == 48)
        let head = service.get("/spark.png?points=3,5,4,8&scale=2", method: .head)
        #expect(head.header("Content-Length") == String(png.body.count))
    }

    @Test func aBadSparklineIsAnErrorImageOfItsSizeNamingTheParameter() throws {
        let response = service.get("/spark.svg?points=1,nan&width=200&height=40")
        #expect(response.status == .badRequest && response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Error")?.hasPrefix("points: \"1,nan\" has \"nan\", which is not a number") == true)
        #expect(response.text.contains("width=\"200\""))
        let png = service.get("/spark.png?points=1&height=999&scale=3")
        #expect(png.status == .badRequest && png.header("X-Error") == "height: 999 is out of range 8...256")
        #expect(try #require(DecodedPNG(png.body)).width <= 2048)
        #expect(service.get("/spark.svg?value=4").header("X-Error")?.hasPrefix("value: \"4\" is one number") == true)
    }

    @Test func sparklinesAreCountedUnderTheirOwnRoutes() {
        _ = service.get("/spark.svg?points=1")
        _ = service.get("/spark.png?points=2")
        let metrics = service.get("/metrics").text
        #expect(metrics.contains("route=\"/spark.svg\",format=\"svg\",status=\"200\",outcome=\"image\"} 1"))
        #expect(metrics.contains("route=\"/spark.png\",format=\"png\",status=\"200\",outcome=\"image\"} 1"))
    }
}
