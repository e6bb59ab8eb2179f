import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// The GIF and WebP routes of every kind, as the service answers them: headers, caching, errors and negotiation.
struct RasterFormatRouteTests {
    let service = makeService()

    /// Every kind answers `.gif` and `.webp` with the contract's headers and an image a real decoder reads at the
    /// size the PNG has.
    @Test(arguments: [
        "/ring.gif?value=72", "/ring/72.webp", "/bar.gif?value=40&animate=1", "/bar/40.webp?scale=2",
        "/badge.gif?label=coverage&value=72", "/badge/coverage/72.webp", "/spark.gif?points=3,5,4,8",
        "/spark.webp?points=3,5,4,8",
    ])
    func everyKindAnswersGIFAndWebP(target: String) throws {
        let response = service.get(target)
        #expect(response.status == .ok)
        let gif = target.contains(".gif")
        #expect(response.header("Content-Type") == (gif ? "image/gif" : "image/webp"))
        #expect(response.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        #expect(response.header("ETag") != nil)
        #expect(response.header("Vary") == nil)
        #expect(response.header("Content-Security-Policy") == nil)
        let png = service.get(target.replacingOccurrences(of: gif ? ".gif" : ".webp", with: ".png"))
        let expected = try #require(DecodedPNG(png.body))
        if gif {
            let frame = try #require(try DecodedGIF(response.body).frames.last)
            #expect(frame.width == expected.width && frame.height == expected.height)
        } else {
            let decoded = try DecodedWebP(response.body)
            #expect(decoded.width == expected.width && decoded.height == expected.height)
        }
    }

    /// A bad or translucent `matte` is the usual error image, a GIF, naming the parameter, the value and what is
    /// accepted.
    @Test(arguments: [
        ("/ring.gif?matte=nope", "matte: \"nope\" is not a color"),
        ("/badge.gif?label=a&value=1&matte=%23ffffff80", "matte: #ffffff80 is translucent"),
        ("/bar.gif?matte=", "matte:"),
    ])
    func aBadMatteIsAnErrorImage(target: String, message: String) throws {
        let response = service.get(target)
        #expect(response.status == .badRequest)
        #expect(response.header("Content-Type") == "image/gif")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Error")?.hasPrefix(message) == true, "\(response.header("X-Error") ?? "")")
        #expect(try DecodedGIF(response.body).frames.count == 1)
    }

    /// Every image route refuses in its own format: a WebP's error is a WebP.
    @Test func aWebPRouteRefusesWithAWebP() throws {
        let response = service.get("/ring.webp?size=5000")
        #expect(response.status == .badRequest)
        #expect(response.header("Content-Type") == "image/webp")
        #expect(try DecodedWebP(response.body).width > 0)
    }

    /// `matte` shapes only the GIF: the PNG, WebP and SVG of a URL with it are those without it, and `animate`
    /// makes a second GIF but not a second PNG.
    @Test func matteAndAnimateKeyOnlyTheFormatsTheyShape() {
        for format in ["svg", "png", "webp"] {
            #expect(
                service.get("/ring.\(format)?value=5&matte=black").header("ETag")
                    == service.get("/ring.\(format)?value=5").header("ETag"), "\(format)")
        }
        #expect(
            service.get("/ring.gif?value=5&matte=black").header("ETag")
                != service.get("/ring.gif?value=5").header("ETag"))
        #expect(
            service.get("/ring.gif?value=5&animate=1").header("ETag")
                != service.get("/ring.gif?value=5").header("ETag"))
        #expect(
            service.get("/ring.webp?value=5&animate=1").header("ETag")
                == service.get("/ring.webp?value=5").header("ETag"))
    }

    /// `/ring` answers WebP to a client that rates it above PNG and SVG, with `Vary: Accept`.
    @Test func theNegotiatedRingAnswersWebPWhereItIsPreferred() throws {
        let response = service.get("/ring?value=72", [.accept: "image/webp,image/*;q=0.8"])
        #expect(response.header("Content-Type") == "image/webp")
        #expect(response.header("Vary") == "Accept")
        #expect(try DecodedWebP(response.body).width == 128)
    }
}
