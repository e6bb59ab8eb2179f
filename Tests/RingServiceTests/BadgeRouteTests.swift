import Foundation
import FoundationXML
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

struct BadgeRouteTests {
    let service = makeService()

    @Test(arguments: [
        ("/badge.svg?label=coverage&value=72", ImageFormat.svg),
        ("/badge.png?label=coverage&value=72", .png),
        ("/badge/coverage/72.svg", .svg),
        ("/badge/coverage/72.png?scale=2", .png),
    ])
    func badgeRoutesAnswerWithTheImageHeaders(target: String, format: ImageFormat) {
        let response = service.get(target)
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == format.contentType)
        #expect(response.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("ETag") != nil)
        switch format {
        case .svg:
            #expect(response.text.contains("coverage"))
            #expect(response.text.contains("72%"))
        case .png:
            let image = DecodedPNG(response.body)
            #expect(image?.height == (target.contains("scale=2") ? 40 : 20))
        case .gif, .webp:
            Issue.record("no \(format) target in this table")
        }
    }

    /// Every style of shields.io on every badge route: well-formed SVG and a PNG of the style's height; a style
    /// given in other words is refused with the list of all five.
    @Test(arguments: [("plastic", 18), ("for-the-badge", 28), ("social", 20), ("flat", 20), ("flat-square", 20)])
    func everyStyleIsDrawnOnEveryBadgeRoute(style: String, height: Int) throws {
        for target in [
            "/badge.svg?label=coverage&value=72&style=\(style)", "/badge/coverage/72.svg?style=\(style)&theme=auto",
        ] {
            let response = service.get(target)
            #expect(response.status == .ok, "\(target): \(response.header("X-Error") ?? "")")
            let root = try #require(try XMLDocument(data: Data(response.body)).rootElement())
            let heightAttribute = root.attributes?.first { $0.name == "height" }
            #expect(root.name == "svg" && heightAttribute?.stringValue == String(height), "\(target)")
        }
        for (target, scale) in [
            ("/badge.png?value=72&icon=bar&style=\(style)", 1), ("/badge/a/5.png?style=\(style)&scale=3", 3),
        ] {
            let response = service.get(target)
            #expect(response.status == .ok && response.header("Content-Type") == "image/png")
            #expect(DecodedPNG(response.body)?.height == height * scale, "\(target)")
        }
        let refused = service.get("/badge.svg?value=72&style=\(style.uppercased())")
        #expect(refused.status == .badRequest)
        #expect(
            refused.header("X-Error")
                == "style: \"\(style.uppercased())\" is not one of flat, flat-square, plastic, for-the-badge, social")
    }

    @Test func pathAndQueryFormsAreOneImageAndOneETag() {
        let path = service.get("/badge/coverage/72.svg")
        let query = service.get("/badge.svg?value=72.0&label=coverage")
        #expect(path.header("ETag") == query.header("ETag"))
        #expect(path.body == query.body)
    }

    /// A lone `%` stays a `%` (WHATWG percent-decoding), and a path value may end in one: the URLs a reader writes
    /// for "72 %" are the one image of 72.
    @Test func aPercentSignInTheQueryOrAtTheEndOfThePathIsAPercentSign() {
        let plain = service.get("/badge/coverage/72.svg")
        for target in ["/badge/coverage/72%25.svg", "/badge/coverage/72%.svg"] {
            let response = service.get(target)
            #expect(response.status == .ok, "\(target): \(response.header("X-Error") ?? "")")
            #expect(response.header("ETag") == plain.header("ETag"), "\(target)")
        }
        let ring = service.get("/ring/72%25.svg?size=64")
        #expect(ring.status == .ok && ring.header("ETag") == service.get("/ring.svg?value=72&size=64").header("ETag"))
        let label = service.get("/ring.svg?value=72&label=%7Bvalue%7D%")
        #expect(label.status == .ok && label.text.contains(">72%<"))
        let literal = service.get("/ring.svg?value=72&label=100%zz")
        #expect(literal.status == .ok && literal.text.contains(">100%zz<"))
    }

    @Test func aBadgeAndARingNeverShareACacheEntry() {
        let badge = service.get("/badge.svg?value=72")
        let ring = service.get("/ring.svg?value=72")
        #expect(badge.header("ETag") != ring.header("ETag"))
        #expect(ring.text.contains("<circle") || ring.text.contains("<path"))
    }

    @Test func aBadParameterGetsAnErrorBadgeThatNamesIt() throws {
        let response = service.get("/badge.svg?label=coverage&value=abc")
        #expect(response.status == .badRequest)
        #expect(response.header("Cache-Control") == "no-store")
        let error = try #require(response.header("X-Error"))
        #expect(error.hasPrefix("value: \"abc\" is not a number"))
        // As shields draws an error: the badge's label and a few words, about as wide as the badge; the sentence is
        // its name.
        #expect(response.text.contains(">coverage<") && response.text.contains(">invalid value<"))
        #expect(response.text.contains("<title>coverage: value: &quot;abc&quot; is not a number"))
        let png = service.get("/badge/coverage/abc.png")
        #expect(png.status == .badRequest)
        #expect(DecodedPNG(png.body)?.height == 20)
    }

    /// An error badge is about as wide as the badge it replaces, in every style, whatever the sentence's length
    /// (they were 466–946 px wide, the sentence drawn whole).
    @Test(arguments: BadgeSpec.Style.allCases)
    func errorBadgesKeepABadgesWidth(style: BadgeSpec.Style) throws {
        let long = String(repeating: "x", count: 90)
        for query in ["label=coverage&value=abc", "label=coverage&value=5&labelColor=\(long)", "label=coverage&max=0"] {
            let error = service.get("/badge.svg?\(query)&style=\(style.rawValue)")
            #expect(error.status == .badRequest, "\(query)")
            let width = try #require(Self.svgWidth(error.text))
            let badge = try #require(
                Self.svgWidth(service.get("/badge.svg?label=coverage&value=100&style=\(style.rawValue)").text))
            #expect(width <= max(badge * 2, 200), "\(style) \(query): \(width) px against \(badge)")
            #expect(error.header("X-Error")?.isEmpty == false)
        }
        // The refused parameter is named in the words (stored and live errors have their own: StoredValueRouteTests,
        // LiveEndpointTests).
        #expect(service.get("/badge.svg?label=coverage&value=5&style=round").text.contains(">invalid style<"))
    }

    static func svgWidth(_ svg: String) -> Int? {
        guard let range = svg.range(of: #"width="(\d+)""#, options: .regularExpression) else { return nil }
        return Int(svg[range].dropFirst(7).dropLast())
    }

    @Test(arguments: ["/badge/coverage.svg", "/badge/a/b/c.svg", "/badge//72.svg", "/badge/x/.svg", "/badge.tiff"])
    func malformedBadgePathsAreNotFound(target: String) {
        #expect(service.get(target).status == .notFound)
    }

    @Test func badgeRequestsAreCountedUnderTheirRoutePattern() {
        let service = makeService()
        _ = service.get("/badge/build/99.svg")
        _ = service.get("/badge.png?value=1")
        let metrics = service.get("/metrics").text
        #expect(metrics.contains("route=\"/badge/{label}/{value}\""))
        #expect(metrics.contains("route=\"/badge.png\""))
        // The path's label is no label value (`progress_rings_build_info` is another family).
        #expect(!metrics.contains(#""build""#) && !metrics.contains("/badge/build"))
    }
}
