import Foundation
import HTTPServer
import Locking
import RingKit
import Testing

@testable import RingService

/// Signed image URLs through the handler: a valid signature draws the unsigned URL's image from its cache entry;
/// a bad, expired, unknown-key or replayed one is the route's 403 error image saying which, cache hits included.
struct SignedURLTests {
    static let secret = Array("a test secret of at least thirty-two bytes".utf8)
    static let otherSecret = Array("another secret, also thirty-two bytes long".utf8)
    /// 2026-12-07T12:00:00Z.
    static let now: Int64 = 1_796_644_800

    static func service(
        keys: [URLKey] = [URLKey(name: "k", secret: secret)], _ change: (inout SigningSettings) -> Void = { _ in }
    ) -> RingService {
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.signing.keys = keys
        change(&config.signing)
        return RingService(
            configuration: config, log: ServiceLog(format: .off, level: .info), renderer: RingKitRenderer(),
            wallClock: { now * 1000 })
    }

    /// `path?query&sig=…`, signed by hand: the canonical text as the docs write it, through the one-shot HMAC.
    static func signed(_ path: String, _ query: String, canonical: String, secret: [UInt8] = secret) -> String {
        let sig = PercentHex.text(SHA256.hmac(key: secret, Array((path + "\n" + canonical).utf8)))
        return path + "?" + query + "&sig=" + sig
    }

    @Test func aSignedURLDrawsTheUnsignedImageFromOneCacheEntry() {
        let service = Self.service()
        let plain = service.get("/ring.svg?value=72&size=64")
        let url = Self.signed("/ring.svg", "value=72&size=64&key=k", canonical: "key=k&size=64&value=72")
        let signed = service.get(url)
        #expect(signed.status == .ok)
        #expect(signed.body == plain.body)
        #expect(signed.header("ETag") == plain.header("ETag"))
        #expect(signed.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        // One entry: the signed URL was a hit on the unsigned one's.
        #expect(service.cacheCounters.misses == 1)
    }

    /// Reordered and re-encoded on the way (an image proxy, a mail client), the signature still holds.
    @Test(arguments: [
        "size=64&value=72&key=k&sig=SIG", "%73ize=6%34&sig=SIG&key=%6B&value=72", "key=k&&value=%37%32&size=64&sig=SIG",
    ])
    func orderAndEncodingDoNotBreakTheSignature(query: String) {
        let service = Self.service()
        let sig = String(
            Self.signed("/ring.svg", "", canonical: "key=k&size=64&value=72").split(separator: "=").last!)
        let response = service.get("/ring.svg?" + query.replacingOccurrences(of: "SIG", with: sig.uppercased()))
        #expect(response.status == .ok, "\(response.header("X-Error") ?? "")")
    }

    /// The one key may go unnamed; with several, the URL names its key.
    @Test func theOnlyKeyNeedNotBeNamed() {
        let url = Self.signed("/ring.svg", "value=5", canonical: "value=5")
        #expect(Self.service().get(url).status == .ok)
        let two = Self.service(keys: [
            .init(name: "k", secret: Self.secret), .init(name: "j", secret: Self.otherSecret),
        ])
        let refused = two.get(url)
        #expect(refused.status == .forbidden)
        #expect(refused.header("X-Error")?.hasPrefix("key: missing") == true)
        #expect(
            two.get(Self.signed("/ring.svg", "value=5&key=j", canonical: "key=j&value=5", secret: Self.otherSecret))
                .status == .ok)
    }

    /// Each refusal is a 403 image of the requested format whose X-Error says which, never stored by a cache.
    @Test(arguments: [
        ("/ring.svg?value=1&key=k&sig=" + String(repeating: "0", count: 64), "sig: does not match this URL"),
        ("/ring.png?value=1&sig=xyz", "sig: \"xyz\" is not a signature"),
        ("/ring.svg?value=1&exp=soon&sig=" + String(repeating: "0", count: 64), "exp: \"soon\" is not a time"),
        ("/ring.svg?value=1&key=old&sig=" + String(repeating: "0", count: 64), "key: \"old\" is not a URL key"),
        ("/ring.svg?value=1&key=k", "sig: missing; exp and key are given only with sig"),
        ("/ring.svg?value=1&sig=1&sig=2", "sig: given twice"),
    ])
    func refusalsSayWhich(target: String, message: String) {
        let response = Self.service().get(target)
        #expect(response.status == .forbidden)
        #expect(response.header("X-Error")?.hasPrefix(message) == true, "\(response.header("X-Error") ?? "")")
        #expect(response.header("Cache-Control") == "no-store")
        let png = target.hasPrefix("/ring.png")
        #expect(response.header("Content-Type") == (png ? "image/png" : "image/svg+xml; charset=utf-8"))
    }

    /// Signed with the wrong secret, a URL is refused as not matching.
    @Test func aSignatureByAnotherSecretIsRefused() {
        let url = Self.signed("/ring.svg", "value=1&key=k", canonical: "key=k&value=1", secret: Self.otherSecret)
        let response = Self.service().get(url)
        #expect(response.status == .forbidden)
        #expect(response.header("X-Error")?.hasPrefix("sig: does not match") == true)
    }

    /// A signature holds for its path, kind, format and parameters only.
    @Test(arguments: [
        "/ring.png?value=72&key=k", "/bar.svg?value=72&key=k", "/badge.svg?value=72&key=k", "/ring/72.svg?key=k",
        "/ring.svg?value=72&key=k&size=300", "/ring.svg?value=99&key=k", "/ring?value=72&key=k",
        "/badge.json?value=72&key=k",
    ])
    func aSignatureCannotBeReplayedElsewhere(target: String) {
        let signed = Self.signed("/ring.svg", "value=72&key=k", canonical: "key=k&value=72")
        let sig = signed[signed.range(of: "&sig=")!.lowerBound...]
        let service = Self.service()
        #expect(service.get(signed).status == .ok)
        let replayed = service.get(target + sig)
        #expect(replayed.status == .forbidden, "\(target)")
        #expect(replayed.header("X-Error")?.hasPrefix("sig: does not match") == true)
    }

    /// A cache hit is checked too: the image is cached under the unsigned URL, and a bad signature on it is 403.
    @Test func aCacheHitStillChecksTheSignature() {
        let service = Self.service()
        let good = Self.signed("/ring.svg", "value=40&key=k", canonical: "key=k&value=40")
        #expect(service.get(good).status == .ok)
        #expect(service.get(good).status == .ok)
        let hits = service.cacheCounters.hits
        let forged = String(good.dropLast(1)) + (good.hasSuffix("0") ? "1" : "0")
        #expect(service.get(forged).status == .forbidden)
        #expect(service.cacheCounters.hits == hits)
    }

    /// Before `exp` the image is fresh no longer than the signature; at and after it, 403 saying when it expired.
    @Test func expiryLimitsFreshnessThenRefuses() {
        let service = Self.service()
        let soon = Self.now + 600
        let url = Self.signed("/ring.svg", "value=3&exp=\(soon)&key=k", canonical: "exp=\(soon)&key=k&value=3")
        let fresh = service.get(url)
        #expect(fresh.status == .ok)
        #expect(fresh.header("Cache-Control") == "public, max-age=600, s-maxage=600")
        let late = Self.now - 1
        let expired = service.get(
            Self.signed("/ring.svg", "value=3&exp=\(late)&key=k", canonical: "exp=\(late)&key=k&value=3"))
        #expect(expired.status == .forbidden)
        #expect(expired.header("X-Error") == "exp: the signature expired at 2026-12-07T11:59:59Z (\(late))")
        // A changed exp is a changed URL: it no longer matches.
        let extended = url.replacingOccurrences(of: "exp=\(soon)", with: "exp=\(soon + 86400)")
        #expect(service.get(extended).header("X-Error")?.hasPrefix("sig: does not match") == true)
    }

    /// `requireSignature`: every image route and /badge.json is signed-only; the pages, health and metrics are not.
    @Test func requireSignatureRefusesUnsignedImagesOnly() {
        let service = Self.service { $0.requireSignature = true }
        for target in ["/ring.svg?value=1", "/badge/a/1.svg", "/bar.png?value=1", "/28/", "/ring?value=1"] {
            let response = service.get(target)
            #expect(response.status == .forbidden, "\(target)")
            #expect(response.header("X-Error")?.hasPrefix("sig: missing; this server draws only signed URLs") == true)
        }
        let document = service.get("/badge.json?value=1")
        #expect(document.status == .forbidden)
        #expect(String(decoding: document.body, as: UTF8.self).contains("\"isError\": true"))
        for target in ["/", "/examples", "/healthz", "/readyz", "/metrics", "/parameters"] {
            #expect(service.get(target).status == .ok, "\(target)")
        }
        #expect(service.get(Self.signed("/ring.svg", "value=1", canonical: "value=1")).status == .ok)
    }

    /// With no key, signatures are off: sig, exp and key are unknown parameters, ignored as any other.
    @Test func withoutKeysSigningParametersAreIgnored() {
        let service = Self.service(keys: [])
        #expect(service.get("/ring.svg?value=1&sig=nonsense&exp=1&key=x").status == .ok)
    }

    /// A signed URL answered before is found again by its bytes, and still refused once its `exp` has passed; the
    /// same URL with one byte of its signature changed is checked in full and refused.
    @Test func aRememberedSignatureStillExpiresAndAForgeryIsNotRemembered() {
        let clock = Lock(Self.now)
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.signing.keys = [URLKey(name: "k", secret: Self.secret)]
        let service = RingService(
            configuration: config, log: ServiceLog(format: .off, level: .info), renderer: RingKitRenderer(),
            wallClock: { clock.withLock { $0 } * 1000 })
        let expires = Self.now + 60
        let url = Self.signed("/ring.svg", "value=8&exp=\(expires)&key=k", canonical: "exp=\(expires)&key=k&value=8")
        #expect(service.get(url).status == .ok)
        #expect(service.signing.verified.entry(url)?.target == "/ring.svg?value=8")
        clock.withLock { $0 += 30 }
        let later = service.get(url)
        #expect(later.status == .ok)
        #expect(later.header("Cache-Control") == "public, max-age=30, s-maxage=30")
        let forged = String(url.dropLast()) + (url.hasSuffix("a") ? "b" : "a")
        #expect(service.get(forged).status == .forbidden)
        #expect(service.signing.verified.entry(forged) == nil)
        clock.withLock { $0 += 30 }
        let expired = service.get(url)
        #expect(expired.status == .forbidden)
        #expect(expired.header("X-Error")?.hasPrefix("exp: the signature expired at") == true)
    }
}
