import Foundation
import TestSupport
import Testing

@testable import RingKit

/// Custom logos (`logo=data:image/svg+xml;base64,…`): parsed by libxml2 into shapes, paths and fills only,
/// drawn from the parsed outlines, and every hostile input of issue 28's list refused naming `logo` and what was
/// found.
struct BadgeCustomLogoTests {
    private static func query(_ svg: String) -> String {
        "value=1&logo=" + PercentDecoding.encode(Logo.dataPrefix + Base64.encode(Array(svg.utf8)))
    }

    private static func refusal(_ svg: String) -> String? {
        do {
            _ = try BadgeSpec.parse(query: query(svg))
            return nil
        } catch {
            return error.message
        }
    }

    /// A transform of about 1e304, finite alone.
    static let huge = String(repeating: "scale(1e8) ", count: 38)

    static let square =
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>"##

    /// A square logo fills the 14 px square in its own color, in the SVG (a path we wrote) and in the PNG.
    @Test func aCustomLogoIsDrawnInItsOwnColors() throws {
        let spec = try BadgeSpec.parse(query: Self.query(Self.square) + "&label=build&logoColor=blue")
        let svg = BadgeRenderer.svg(spec)
        expectNoActiveContent(svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains(##"<path d="M5 3L19 3L19 17L5 17Z" fill="#ff0000"/>"##))
        let image = try #require(DecodedPNG(try BadgeRenderer.png(spec)))
        #expect(image.pixel(12, 10).isClose(to: Pixel(0xff, 0, 0), tolerance: 2))
        #expect(image.pixel(6, 4).isClose(to: Pixel(0xff, 0, 0), tolerance: 2))
        #expect(!image.pixel(20.5, 10).isClose(to: Pixel(0xff, 0, 0), tolerance: 60))
        // The key holds the logo as given, and parses back to the same badge.
        #expect(try BadgeSpec.parse(query: spec.canonicalKey) == spec)
    }

    /// Shapes, groups with transforms, strokes, opacity and the fill rule are kept; a `title` is passed over.
    @Test func shapesGroupsAndStrokesAreKept() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><title>t</title>\
            <g transform="translate(10 10) scale(2)" fill="green" opacity=".5"><circle r="4"/>\
            <ellipse rx="2" ry="1" fill="none" stroke="#00f" stroke-width="0.5"/></g>\
            <polygon points="0,0 4,0 4,4" fill-rule="evenodd"/><polyline points="0 20 5 15" stroke="red"/>\
            <line x1="0" y1="0" x2="20" y2="20" stroke="currentColor"/><path d="M1 1h2v2z" fill="rgb(1,2,3)"/></svg>
            """
        let logo = try CustomLogo.parse(svg: Array(svg.utf8))
        #expect(logo.viewBox == Logo.ViewBox(x: 0, y: 0, width: 20, height: 20))
        #expect(logo.shapes.count == 6)
        #expect(logo.shapes[0].fill == .color(RGBAColor(0, 0x80, 0, 0x80)))
        #expect(logo.shapes[1].fill == .none && logo.shapes[1].strokeWidth == 1)
        #expect(logo.shapes[2].evenOdd)
        #expect(logo.shapes[4].stroke == .color(RGBAColor(0, 0, 0)))
        // The circle of radius 4 scaled by 2 around (10, 10) reaches x = 2.
        guard case .move(let start) = logo.shapes[0].path.commands[0] else {
            Issue.record("no move")
            return
        }
        #expect(abs(start.x - 2) < 1e-9 && abs(start.y - 10) < 1e-9)
    }

    /// Every hostile or broken input of the issue's list is refused naming `logo` and what was found.
    @Test(arguments: [
        (
            ##"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>"##
                + ##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z"/><desc>&lol2;</desc></svg>"##,
            "DOCTYPE"
        ),
        (
            ##"<!DOCTYPE svg SYSTEM "http://127.0.0.1:1/evil.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>"##,
            "DOCTYPE"
        ),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"##, "contains <script>"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><style>path{fill:red}</style></svg>"##, "contains <style>"),
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>"##,
            "contains <foreignObject>"
        ),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><image width="1" height="1"/></svg>"##, "contains <image>"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><use x="1"/></svg>"##, "contains <use>"),
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z"><animate attributeName="d"/></path></svg>"##,
            "contains <animate>"
        ),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path href="#a" d="M0 0h1v1z"/></svg>"##, "href"),
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">"##
                + ##"<path xlink:href="http://x/" d="M0 0h1v1z"/></svg>"##, "href"
        ),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z" fill="url(#g)"/></svg>"##, "url("),
        (##"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0h1v1z"/></svg>"##, "onload"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path style="fill:red" d="M0 0h1v1z"/></svg>"##, "style"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z" fill="purplish"/></svg>"##, "not a color"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 X"/></svg>"##, "unknown command"),
        (##"<html><body/></html>"##, "is not SVG"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z">"##, "not well-formed"),
        (##"<svg xmlns="http://www.w3.org/2000/svg"></svg>"##, "draws nothing"),
        ("plain text, not XML", "not well-formed"),
        // A stroke of 1e13 px once fitted to the badge: Cairo's pen for the curve took gigabytes.
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0.000000001 0.000000001"><circle "##
                + ##"cx="0.0000000005" cy="0.0000000005" r="0.0000000004" fill="none" stroke="#000" "##
                + ##"stroke-width="5000"/></svg>"##,
            "stroke wider than the logo"
        ),
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"##
                + ##"<circle cx="12" cy="12" r="5" fill="none" stroke="#000" stroke-width="1000000"/></svg>"##,
            "stroke wider than the logo"
        ),
        // Transforms composed across elements reach infinity though each is finite.
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="\##(Self.huge)">"##
                + ##"<path transform="\##(Self.huge)" d="M0 0L1 1L1 0Z"/></g></svg>"##,
            "far outside its view box"
        ),
        (
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e8 1e-3"><path d="M0 0h1v1z"/></svg>"##,
            "too thin"
        ),
    ])
    func hostileSVGIsRefusedNamingWhatWasFound(_ svg: String, _ found: String) throws {
        let message = try #require(Self.refusal(svg))
        #expect(message.hasPrefix("logo: \"data:image/svg+xml;base64,"), "\(message)")
        #expect(message.contains(found), "\(message)")
    }

    /// A data URI that is not base64, not SVG's media type, or over 5 KiB decoded is refused before parsing.
    @Test func badDataURIsAreRefused() throws {
        func message(_ logo: String) -> String {
            do { _ = try BadgeSpec.parse(query: "value=1&logo=" + PercentDecoding.encode(logo)) } catch {
                return error.message
            }
            return ""
        }
        #expect(message("data:image/svg+xml;base64,!!!notbase64").contains("is not base64"))
        #expect(message("data:image/png;base64,iVBORw0KGgo=").contains("is not an SVG data URI"))
        let big = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: 2100) + "</svg>"
        #expect(message(Logo.dataPrefix + Base64.encode(Array(big.utf8))).contains("is over 5 KiB"))
        // A + that arrived as a space reads as the + it was.
        let plus = Logo.dataPrefix + Base64.encode(Array(Self.square.utf8))
        #expect(plus.contains("+"))
        #expect(
            try BadgeSpec.parse(query: "value=1&logo=" + plus.replacingOccurrences(of: "+", with: "%20")).logo != nil)
    }

    /// base64 as RFC 4648 writes it: round trips, and refuses characters and lengths it cannot hold.
    @Test func base64RoundTripsAndIsStrict() {
        for n in 0..<20 {
            let bytes = (0..<n).map { UInt8(($0 * 37 + 11) % 256) }
            if n > 0 { #expect(Base64.decode(Base64.encode(bytes)) == bytes) }
        }
        #expect(Base64.decode("QQ==") == [0x41])
        #expect(Base64.decode("QQ") == [0x41])
        #expect(Base64.decode("Q") == nil)
        #expect(Base64.decode("QQ=A") == nil)
        #expect(Base64.decode("QQ=") == nil)
        #expect(Base64.decode("QQ==QQ==") == nil)
        #expect(Base64.decode("QUJD\nREVG") == nil)
        #expect(Base64.decode("QU JD") == nil)
        #expect(Base64.decode("QU-_") == nil)
        #expect(Base64.decode("QUJDREVG") == Array("ABCDEF".utf8))
        #expect(Base64.decode("") == nil)
    }
}
