import Foundation
import FoundationXML
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

struct ErrorImageResponseTests {
    @Test func badParameterOnSVGRouteAnswersWithAReadableErrorImage() throws {
        let service = makeService()
        let response = service.get("/ring.svg?size=5000")
        #expect(response.status == .badRequest)
        #expect(response.header("Content-Type") == ImageFormat.svg.contentType)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("ETag") == nil)
        #expect(response.header("X-Error") == "size: 5000 is out of range 16...1024")
        #expect(response.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'")
        let document = try XMLDocument(data: Data(response.body))
        #expect(document.rootElement()?.name == "svg")
        #expect(document.rootElement()?.stringValue?.contains("5000") == true)
        // The image keeps the real ellipsis; the header, which is ASCII, writes three dots.
        #expect(response.text.contains("16…1024"))
    }

    /// Header values are ASCII (RFC 9110 §5.5): text quoted from a parameter is percent-encoded in `X-Error` as its
    /// UTF-8 bytes, control characters are spaces, and the image shows the real characters.
    @Test func theErrorHeaderIsASCIIWhileTheImageKeepsTheText() throws {
        let response = makeService().get("/ring.svg?color=gr%C3%BCn")
        #expect(response.status == .badRequest)
        let header = try #require(response.header("X-Error"))
        #expect(header.hasPrefix(#"color: "gr%C3%BCn" is not a color"#), "\(header)")
        #expect(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        #expect(response.text.contains("grün"))
        let long = makeService().get("/ring.svg?label=" + String(repeating: "%F0%9F%94%A5", count: 300))
        let cut = try #require(long.header("X-Error"))
        #expect(cut.utf8.count <= RingService.maxErrorHeaderBytes && cut.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    @Test func badParameterOnPNGRouteAnswersWithADecodablePNG() throws {
        let service = makeService()
        let response = service.get("/ring.png?value=abc&size=200")
        #expect(response.status == .badRequest)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.header("X-Error")?.hasPrefix("value: ") == true)
        let png = try #require(DecodedPNG(response.body))
        #expect(png.width >= 200)
        #expect(png.distinctColors > 2)
    }

    @Test func errorStatusCanBeOK() {
        let service = makeService { $0.errorStatus = 200 }
        let response = service.get("/ring.svg?size=5000")
        #expect(response.status == .ok)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Error") != nil)
    }

    @Test(arguments: ["%0d%0aSet-Cookie:%20x=1", "%00", "%1b%5b31m", "a%7fb", "%c2%85"])
    func errorHeaderNeverCarriesControlCharacters(bad: String) {
        let service = makeService()
        let response = service.get("/ring.svg?color=\(bad)")
        #expect(response.status == .badRequest)
        let head = response.head
        // The head's only control bytes are the CRLF line ends.
        var i = 0
        while i < head.count {
            if head[i] == 0x0D {
                #expect(i + 1 < head.count && head[i + 1] == 0x0A)
                i += 2
                continue
            }
            #expect(head[i] >= 0x20 && head[i] != 0x7F && head[i] != 0x0A, "byte \(head[i]) at \(i)")
            i += 1
        }
        let xError = response.header("X-Error") ?? ""
        #expect(!xError.isEmpty)
        #expect(!xError.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(response.wireHeaders.allSatisfy { $0.name.lowercased() != "set-cookie" })
    }

    @Test func errorsAreNeverCachedAsSuccesses() {
        let service = makeService()
        _ = service.get("/ring.svg?size=5000")
        _ = service.get("/ring.svg?size=5000")
        #expect(service.cacheCounters.entries == 0)
        #expect(service.cacheCounters.hits == 0)
        #expect(service.errorCache.counters.entries == 1)
    }

    @Test func errorCacheStaysBoundedUnderDistinctBadValues() async throws {
        let service = makeService()
        try await onOwnThread {
            for n in 0..<6000 { _ = service.get("/ring.svg?size=\(5000 + n)") }
        }
        #expect(service.errorCache.counters.entries <= 4096)
        #expect(service.errorCache.counters.bytes <= 4 << 20)
    }
}
