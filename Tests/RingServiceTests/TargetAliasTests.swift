import HTTPServer
import RingKit
import Testing

@testable import RingService

/// A repeated URL is answered through the render cache's alias by raw target, without parsing its query. The alias
/// is made when a parsed target finds its image already cached, so a URL is parsed twice, then never again.
struct TargetAliasTests {
    /// How many image requests the service parsed, read through its renderer.
    static func parses(_ service: RingService) -> Int { (service.renderer as! CountingRenderer).parseCount }

    @Test(arguments: [
        "/ring.svg?value=72&color=red", "/ring.png?value=72&size=64", "/ring/40.svg", "/badge.svg?value=3",
    ])
    func repeatedTargetIsAnsweredWithoutParsingAndWithTheSameResponse(target: String) {
        let service = makeService(renderer: CountingRenderer())
        let first = service.get(target)
        #expect(first.status == .ok)
        #expect(Self.parses(service) == 1)
        #expect(service.cacheCounters.aliases == 0)
        let etag = first.header("ETag") ?? ""
        for _ in 0..<3 {
            let again = service.get(target)
            #expect(again.body == first.body)
            #expect(again.head == first.head)
        }
        let head = service.get(target, method: .head)
        #expect(head.status == .ok && head.header("ETag") == etag)
        #expect(head.header("Content-Length") == String(first.body.count))
        let revalidated = service.get(target, ["If-None-Match": etag])
        #expect(revalidated.status == .notModified && revalidated.body.isEmpty)
        #expect(revalidated.header("ETag") == etag)
        #expect(revalidated.header("Cache-Control") == first.header("Cache-Control"))
        #expect(Self.parses(service) == 2)
        #expect(service.cacheCounters.aliases == 1)
        #expect(service.cacheCounters.hits == 5 && service.cacheCounters.misses == 1)
    }

    @Test func distinctTargetsOfOneImageShareOneEntry() {
        let service = makeService(renderer: CountingRenderer())
        let targets = [
            "/ring.svg?value=72&color=red", "/ring.svg?color=RED&value=72.0", "/ring.svg?value=72&color=%23f00",
            "/ring.svg?value=72&color=red&unknown=1",
        ]
        let bodies = targets.map { service.get($0).body }
        #expect(Set(bodies).count == 1)
        #expect(service.cacheCounters.entries == 1)
        // The first target found nothing cached; each later one found the first's image and was remembered.
        #expect(service.cacheCounters.aliases == targets.count - 1)
        for target in targets { #expect(service.get(target).body == bodies[0]) }
        #expect(service.cacheCounters.aliases == targets.count)
        #expect(Self.parses(service) == targets.count + 1)
        for target in targets { #expect(service.get(target).body == bodies[0]) }
        #expect(Self.parses(service) == targets.count + 1)
    }

    /// A PNG miss goes to the worker thread with its drawing already parsed: one parse, then one render there.
    @Test func aPNGMissLeftToTheWorkerIsParsedOnce() {
        let renderer = CountingRenderer()
        let service = makeService(renderer: renderer)
        guard
            case .later(let work, _, _) = service.answer(
                HTTPRequest(method: .get, target: "/ring.png?value=5&size=512"))
        else {
            Issue.record("an uncached 512 px PNG was not left to a worker")
            return
        }
        #expect(renderer.parseCount == 1 && renderer.renderCount == 0)
        #expect(work().status == .ok)
        #expect(renderer.parseCount == 1 && renderer.renderCount == 1)
    }

    @Test func negotiatedRouteRemembersEachFormatApart() {
        let service = makeService(renderer: CountingRenderer())
        let accepts = ["image/png", "image/svg+xml", "image/png", "*/*", "image/png"]
        let types = accepts.map { service.get("/ring?value=5", ["Accept": $0]).header("Content-Type") }
        #expect(
            types == ["image/png", ImageFormat.svg.contentType, "image/png", ImageFormat.svg.contentType, "image/png"])
        #expect(service.get("/ring?value=5", ["Accept": "image/png"]).body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(service.get("/ring?value=5").header("Vary") == "Accept, Accept-Encoding")
        // Two misses, then one more parse per format (the hit that makes its alias), then none.
        #expect(Self.parses(service) == 4)
    }

    @Test func cacheSecondsStaysPartOfTheAliasedResponse() {
        let service = makeService(renderer: CountingRenderer())
        let target = "/ring.svg?value=1&cacheSeconds=999999"
        let expected = "public, max-age=999999, s-maxage=999999"
        #expect(service.get(target).header("Cache-Control") == expected)
        #expect(service.get(target).header("Cache-Control") == expected)
        #expect(service.get("/ring.svg?value=1").header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        #expect(service.get(target).header("Cache-Control") == expected)
        #expect(Self.parses(service) == 3)
    }

    @Test func targetAskedOnceGetsNoAlias() {
        let service = makeService(renderer: CountingRenderer())
        for n in 0..<100 { #expect(service.get("/ring.svg?value=\(n)").status == .ok) }
        #expect(service.cacheCounters.misses == 100)
        #expect(service.cacheCounters.aliases == 0)
    }

    @Test func errorsAreNeverAnsweredThroughAnAlias() {
        let service = makeService(renderer: CountingRenderer())
        for _ in 0..<3 { #expect(service.get("/ring.svg?size=5000").status == .badRequest) }
        #expect(Self.parses(service) == 3)
        #expect(service.cacheCounters.aliases == 0)
    }

    @Test func floodOfCacheBustingTargetsStaysWithinTheBoundAndKeepsTheHotOne() {
        let bound = 256 << 10
        let service = makeService(renderer: CountingRenderer()) {
            $0.cacheBytes = bound
            $0.cacheEntries = 1000
        }
        let hot = "/ring.svg?value=72"
        _ = service.get(hot)
        // Each cache buster is asked twice, so it is remembered: the aliases must stay within their own budget.
        for n in 0..<5000 {
            _ = service.get("/ring.svg?value=72&x=\(n)")
            _ = service.get("/ring.svg?value=72&x=\(n)")
            if n % 10 == 0 { _ = service.get(hot) }
            #expect(service.cacheCounters.bytes <= bound)
        }
        let counters = service.cacheCounters
        #expect(counters.entries == 1)
        #expect(counters.aliases > 10 && counters.aliases <= 1000)
        #expect(counters.aliases * TargetKey.overhead <= service.cache.maxAliasBytes)
        let parsed = Self.parses(service)
        _ = service.get(hot)
        #expect(Self.parses(service) == parsed)
    }

    @Test func aliasOfAnEvictedEntryIsForgottenNotServed() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 2)
        let alias = TargetKey(target: "/ring.svg?value=1", format: .svg)
        for _ in 0..<2 {
            _ = cache.value(for: RenderCacheTests.key(1), alias: alias) {
                (RenderCacheTests.image(1, bytes: 100), true)
            }
        }
        #expect(cache.value(aliasedBy: alias) != nil)
        #expect(cache.value(aliasedBy: TargetKey(target: "/ring.svg?value=1", format: .png)) == nil)
        for n in 2...3 { _ = RenderCacheTests.fetch(cache, n) }
        #expect(cache.counters.evictions == 1)
        #expect(cache.value(aliasedBy: alias) == nil)
        #expect(cache.counters.aliases == 0)
        // The evicted slot now holds another image; the alias must not reach it.
        #expect(cache.counters.entries == 2)
    }

    @Test func targetsCompareByteForByteNotAsUnicodeText() {
        // "é" precomposed and decomposed: equal as Swift strings, different request bytes.
        let composed = TargetKey(target: "/badge/\u{E9}/1.svg", format: .svg)
        let decomposed = TargetKey(target: "/badge/e\u{301}/1.svg", format: .svg)
        #expect(composed.target == decomposed.target)
        #expect(composed != decomposed)
        #expect(composed == TargetKey(target: "/badge/\u{E9}/1.svg", format: .svg))
    }
}
