import HTTPServer
import RingKit
import Testing

@testable import RingService

/// Text answers go out gzip-compressed where `Accept-Encoding` allows it; PNG never.
struct CompressionTests {
    @Test(arguments: [
        ([], ContentCoding.identity), ([""], .identity), (["gzip"], .gzip), (["GZIP"], .gzip), (["x-gzip"], .gzip),
        (["gzip, deflate, br, zstd"], .gzip), (["br"], .identity), (["gzip;q=0"], .identity),
        (["gzip;q=0.001"], .gzip), (["gzip;q=abc"], .identity), (["*"], .gzip), (["*;q=0"], .identity),
        (["identity;q=0, gzip"], .gzipRequired), (["*;q=0, gzip"], .gzipRequired),
        (["*;q=0, identity, gzip"], .gzip), (["gzip;q=0.5, identity"], .identity),
        (["gzip, identity;q=0.5"], .gzip), (["deflate", "gzip;q=0.8"], .gzip), (["identity;q=0"], .identity),
    ])
    func acceptEncodingChoosesTheCoding(fields: [String], expected: ContentCoding) {
        #expect(ContentCoding.choose(acceptEncoding: fields) == expected)
    }

    @Test func svgGoesOutGzipWithAWeakFormOfItsETagAndTheSameContent() throws {
        let service = makeService()
        let plain = service.get("/ring.svg?value=72&size=200")
        let zipped = service.get("/ring.svg?value=72&size=200", ["Accept-Encoding": "gzip, deflate, br"])
        #expect(plain.header("Content-Encoding") == nil)
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.header("Vary") == "Accept-Encoding" && plain.header("Vary") == "Accept-Encoding")
        #expect(zipped.body.count < plain.body.count)
        #expect(zipped.header("Content-Length") == String(zipped.body.count))
        #expect(Gzip.decompress(zipped.body) == plain.body)
        let strong = try #require(plain.header("ETag"))
        #expect(!strong.hasPrefix("W/") && zipped.header("ETag") == "W/" + strong)
        #expect(zipped.header("Cache-Control") == plain.header("Cache-Control"))
        #expect(zipped.header("Content-Type") == plain.header("Content-Type"))
    }

    @Test func eitherETagRevalidatesEitherCoding() throws {
        let service = makeService()
        let target = "/ring/40.svg"
        let strong = try #require(service.get(target).header("ETag"))
        let gzip: HTTPHeaders = ["Accept-Encoding": "gzip"]
        let weak = try #require(service.get(target, gzip).header("ETag"))
        let crossed = service.get(target, ["Accept-Encoding": "gzip", "If-None-Match": strong])
        #expect(crossed.status == .notModified && crossed.header("ETag") == weak && crossed.body.isEmpty)
        #expect(crossed.header("Vary") == "Accept-Encoding")
        let back = service.get(target, ["If-None-Match": weak])
        #expect(back.status == .notModified && back.header("ETag") == strong)
        #expect(service.get(target, ["If-None-Match": "\"other\""]).status == .ok)
    }

    @Test func anSVGIsCompressedOnceAndTheCacheCountsItsBytes() {
        let service = makeService()
        let target = "/ring.svg?value=3&gradient=red"
        _ = service.get(target)
        let before = service.cacheCounters
        let first = service.get(target, ["Accept-Encoding": "gzip"])
        let after = service.cacheCounters
        #expect(after.entries == before.entries)
        #expect(after.bytes > before.bytes + first.body.count)
        let second = service.get(target, ["Accept-Encoding": "gzip"])
        #expect(second.head == first.head && second.body == first.body)
        #expect(service.cacheCounters.bytes == after.bytes)
    }

    @Test func aClientThatRefusesIdentityGetsGzipEvenWhereItSavesNothing() {
        let service = makeService()
        let response = service.get("/ring.svg?value=1", ["Accept-Encoding": "identity;q=0, gzip"])
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(Gzip.decompress(response.body) == service.get("/ring.svg?value=1").body)
    }

    @Test(arguments: ["/ring.png?value=5", "/ring/5.png", "/badge.png?value=5"])
    func pngIsNeverCompressed(target: String) {
        let service = makeService()
        let response = service.get(target, ["Accept-Encoding": "identity;q=0, gzip"])
        #expect(response.status == .ok && response.header("Content-Encoding") == nil)
        #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(response.header("Vary") == nil)
    }

    @Test func errorImagesAreNeverCompressed() {
        let response = makeService().get("/ring.svg?size=5000", ["Accept-Encoding": "gzip"])
        #expect(response.status == .badRequest && response.header("Content-Encoding") == nil)
        #expect(response.text.contains("<svg"))
    }

    @Test(arguments: ["/", "/examples", "/parameters"])
    func pagesGoOutGzipCompressedOnceAtStartUp(target: String) throws {
        let service = makeService()
        let plain = service.get(target)
        let zipped = service.get(target, ["Accept-Encoding": "gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip" && plain.header("Content-Encoding") == nil)
        #expect(zipped.body.count * 3 < plain.body.count)
        #expect(Gzip.decompress(zipped.body) == plain.body)
        #expect(zipped.header("Content-Security-Policy") == plain.header("Content-Security-Policy"))
        let head = service.get(target, ["Accept-Encoding": "gzip"], method: .head)
        #expect(head.header("Content-Length") == String(zipped.body.count))
        let etag = try #require(plain.header("ETag"))
        #expect(service.get(target, ["Accept-Encoding": "gzip", "If-None-Match": etag]).status == .notModified)
    }

    @Test func metricsGoOutGzipForAScraperThatAsks() {
        let service = makeService()
        let zipped = service.get("/metrics", ["Accept-Encoding": "gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip" && zipped.header("Vary") == "Accept-Encoding")
        let text = String(decoding: Gzip.decompress(zipped.body) ?? [], as: UTF8.self)
        #expect(text.contains("# TYPE progress_rings_http_requests_total counter"))
        #expect(service.get("/metrics").header("Content-Encoding") == nil)
    }

    @Test func gzipOutputIsTheSameOnEveryRun() {
        let bytes = Array(String(repeating: "<svg>ring</svg>", count: 50).utf8)
        #expect(Gzip.compress(bytes) == Gzip.compress(bytes))
        // The header: magic, deflate, no flags, time 0, no extra flags field beyond zlib's, so replicas agree.
        #expect(Gzip.compress(bytes)?.prefix(8) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0])
    }
}
