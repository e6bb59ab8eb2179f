import Foundation
import FoundationXML
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Every ring parameter with hostile values: each answer is the documented one (a 200 image, or a 400 error image
/// whose `X-Error` names the parameter), never a 500 and never a crash.
// The heavy loops run off the concurrency pool (see TestSupport.swift), one test at a time.
@Suite(.serialized)
struct BadInputSweepTests {
    /// Values that are wrong for some parameters and right for others: garbage, boundaries, huge and tiny numbers,
    /// negative zero, exponents, unicode, and percent-encoding tricks. Each is already URL-encoded.
    static let hostileValues: [String] = [
        "", "abc", "-", "+", ".", "-.", "1.", ".5", "0", "-0", "-0.0", "%2D0", "+0", "00000000000000000001",
        "1e3", "1E3", "1e-3", "1e308", "1e309", "-1e309", "1e-400", "4.9e-324", "0x10", "0b1", "1_000", "1,5",
        "NaN", "nan", "inf", "Infinity", "-inf", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551616", String(repeating: "9", count: 400), "15", "16", "1024",
        "1025", "2048", "359.9999", "360", "360.0001", "-360", "-360.5", "3", "4", "10.0000001", "31536000",
        "31536001", "%C0%AF", "%252e", "%25", "%", "1%", "%0", "%zz", "%00", "1%00", "%0d%0a", "%e2%80%ae",
        "%ef%bb%bf1", "%c2%a0", "%ff", "%ed%a0%80", "%f0%9f%94%a5", "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9",
        "%D9%A7", "%EF%BC%97", "1%2C2", "a%26b%3Dc", "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%22%3E%3Csvg%20onload%3Dx%3E", "url(javascript:x)", "red", "RED", "%23fff", "#fff", "fff", "ffff",
        "fffff", "rgb(1,2,3)", "none", "transparent", "round", "ccw", "bold", "{value}", "{percent}%25", "{nope}",
        "{", "}", "{{value}}", "bytes", "si:W", "si%3A", "prefix:%e2%80%ae",
        "suffix:" + String(repeating: "x", count: 17),
        "auto", String(repeating: "x", count: 41), String(repeating: "%F0%9F%94%A5", count: 41),
        String(repeating: "a", count: 8192), String(repeating: "%41", count: 8192),
    ]

    static let service = makeService()

    /// Checks one answer and returns what is wrong with it: only 200 or 400; an error names the parameter in
    /// `X-Error`, is never stored, and is still an image of the requested format; the head never carries a control
    /// byte besides CRLF. Returns problems rather than recording them, so it can run off the test pool.
    static func problems(
        _ response: HTTPResponse, target: String, format: ImageFormat, blame: String?
    ) -> [String] {
        var found: [String] = []
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { found.append("\(what()) for \(target.prefix(200))") }
        }
        check(response.status == .ok || response.status == .badRequest, "status \(response.status.code)")
        check(
            response.header("Content-Type") == format.contentType,
            "Content-Type \(response.header("Content-Type") ?? "")")
        check(response.header("Content-Length") == String(response.body.count), "Content-Length")
        let head = response.head
        for (i, byte) in head.enumerated() where byte < 0x20 || byte == 0x7F {
            let isLineEnd =
                (byte == 0x0D && i + 1 < head.count && head[i + 1] == 0x0A) || (byte == 0x0A && head[i - 1] == 0x0D)
            check(isLineEnd, "control byte \(byte) in the head")
        }
        if response.status == .badRequest {
            let message = response.header("X-Error") ?? ""
            if let blame { check(message.hasPrefix(blame + ": "), "X-Error \(message)") }
            // A message a person reads: the bad value is cut short, not echoed in full.
            check(message.utf8.count <= RingService.maxErrorHeaderBytes, "X-Error of \(message.utf8.count) bytes")
            // Header values are ASCII (RFC 9110 §5.5): non-ASCII text from a parameter is percent-encoded there.
            check(message.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "X-Error not printable ASCII: \(message)")
            check(response.header("Cache-Control") == "no-store", "error without no-store")
            check(response.header("ETag") == nil, "error with an ETag")
        } else {
            check(response.header("X-Error") == nil, "X-Error on a 200")
            check(response.header("ETag") != nil, "200 without an ETag")
        }
        switch format {
        case .svg:
            let root = (try? XMLDocument(data: Data(response.body)))?.rootElement()
            check(root?.name == "svg", "no SVG")
            if let root {
                // The raw bytes too: text is escaped so that not even inert text spells a CSS fetch.
                let raw = response.text.lowercased()
                let active = activeContent(in: root) + ["url(", "@import"].filter { raw.contains($0) }
                check(active.isEmpty, "\(active) in the SVG")
            }
        case .png:
            check(DecodedPNG(response.body) != nil, "no PNG")
        case .gif:
            check(response.body.starts(with: Array("GIF89a".utf8)), "no GIF")
        case .webp:
            check(response.body.count > 12 && response.body[8..<12].elementsEqual("WEBP".utf8), "no WebP")
        }
        return found
    }

    /// Elements and attributes that could run script or fetch: none may appear.
    static func activeContent(in element: XMLElement) -> [String] {
        var found: [String] = []
        let name = element.localName ?? ""
        if ["script", "foreignObject", "animate", "set", "a", "image", "use"].contains(name) {
            found.append("<\(name)>")
        }
        for attribute in element.attributes ?? [] {
            let attributeName = (attribute.localName ?? "").lowercased()
            if attributeName.hasPrefix("on") || attributeName.contains("href") { found.append(attributeName) }
        }
        for child in element.children ?? [] {
            if let child = child as? XMLElement { found += activeContent(in: child) }
        }
        return found
    }

    @Test(arguments: ImageParameter.names(readBy: .ring))
    func everyHostileValueOfAParameterGetsAnImageOrAnErrorNamingIt(parameter: String) async throws {
        let found = try await onOwnThread {
            Self.hostileValues.flatMap { value in
                let target = "/ring.svg?\(parameter)=\(value)"
                return Self.problems(Self.service.get(target), target: target, format: .svg, blame: parameter)
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: ImageParameter.names(readBy: .badge))
    func everyHostileBadgeValueGetsABadgeOrAnErrorNamingIt(parameter: String) async throws {
        let found = try await onOwnThread {
            Self.hostileValues.flatMap { value in
                ["svg", "png"].flatMap { format in
                    // PNG is the costly path: the boundary and encoding values only.
                    guard format == "svg" || value.count < 40 else { return [String]() }
                    let target = "/badge.\(format)?\(parameter)=\(value)"
                    return Self.problems(
                        Self.service.get(target), target: target, format: format == "svg" ? .svg : .png,
                        blame: parameter)
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: [
        "%C0%AF", "%252e", "%", "%00", "-0", "1e999", "%F0%9F%94%A5", String(repeating: "9", count: 4096),
    ])
    func hostileBadgeShortLinksAreAnswered(value: String) {
        for target in ["/badge/\(value)/72.svg", "/badge/build/\(value).svg", "/badge/\(value)/\(value).png"] {
            let response = Self.service.get(target)
            let found = Self.problems(
                response, target: target, format: target.hasSuffix("png") ? .png : .svg, blame: nil)
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test(arguments: ImageParameter.names(readBy: .ring))
    func hostilePNGParametersNeverBreakTheRenderer(parameter: String) async throws {
        // PNG rendering is the costly path (Cairo): the values most likely to reach it unchecked.
        let values = [
            "-0", "1e308", "1e-400", "4.9e-324", "16", "1024", "2048", "4", "360", "-360", "0.0001", "%00", "%ff",
            "%F0%9F%94%A5", String(repeating: "%F0%9F%94%A5", count: 40), String(repeating: "W", count: 8192),
        ]
        let found = try await onOwnThread {
            values.flatMap { value in
                let target = "/ring.png?\(parameter)=\(value)"
                return Self.problems(Self.service.get(target), target: target, format: .png, blame: parameter)
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// size × scale = 2048, the largest surface the limits let Cairo allocate, with the largest label.
    static func largestPNG(thickness: String) -> String {
        "/ring.png?size=512&scale=4&thickness=\(thickness)&value=99.9&label=%7Bvalue%7D&fontSize=512"
    }

    @Test(arguments: ["1", "16", "31.5", "32", "64", "256"])
    func largestPNGThatTheLimitsAllowRendersWithEveryThickness(thickness: String) async throws {
        let target = Self.largestPNG(thickness: thickness)
        let response = try await onOwnThread { Self.service.get(target) }
        #expect(Self.problems(response, target: target, format: .png, blame: nil) == [])
        #expect(response.status == .ok, "\(response.header("X-Error") ?? "")")
        let image = try #require(DecodedPNG(response.body))
        #expect(image.width == 2048 && image.height == 2048)
    }

    /// Thicknesses outside 1…size/2 on that same largest PNG: refused before anything is drawn, by name.
    @Test(arguments: ["0.0001", "0.99", "256.5", "257", "512"])
    func thicknessOutsideItsRangeOnTheLargestPNGIsRefusedByName(thickness: String) async throws {
        let target = Self.largestPNG(thickness: thickness)
        let response = try await onOwnThread { Self.service.get(target) }
        #expect(Self.problems(response, target: target, format: .png, blame: "thickness") == [])
        #expect(response.status == .badRequest)
        #expect(
            response.header("X-Error") == "thickness: \(thickness) is out of range 1...256 (at most half of size 512)")
        // The refusal is an error image of the requested format and size, where a page expected the ring.
        let image = try #require(DecodedPNG(response.body))
        #expect(image.width == 2048 && image.height == 2048)
    }

    /// Every size from 16 px up, with each cap, at the extremes of arc, thickness and value: the exact-coverage
    /// strokes and Cairo's, which draws the strokes whose caps meet. Each answer is a whole PNG of its size whose ink
    /// stays inside the image's inscribed circle (a stroke drawn past its geometry would show beyond it).
    @Test(arguments: RingSpec.Cap.allCases)
    func everySizeArcThicknessAndValueExtremeDrawsAWholeRing(cap: RingSpec.Cap) async throws {
        var targets: [(String, Int)] = []
        for size in [16, 17, 31, 64, 127, 255, 512] {
            let widest = Double(size) / 2
            for arc in ["1", "90.5", "359.99", "360"] {
                for thickness in ["1", "\(widest - 0.001)", "\(widest)"] {
                    for value in ["0.0001", "50", "99.999", "100"] {
                        let query =
                            "size=\(size)&cap=\(cap)&arc=\(arc)&thickness=\(thickness)&value=\(value)&label=none"
                        targets.append(("/ring.png?" + query, size))
                    }
                }
            }
        }
        // The largest surface the limits allow, 2048 px, at both ends of the thickness.
        for (arc, thickness) in [("360", "1"), ("1", "512")] {
            let query = "size=1024&scale=2&cap=\(cap)&arc=\(arc)&thickness=\(thickness)&value=99.999&label=none"
            targets.append(("/ring.png?" + query, 2048))
        }
        let all = targets
        let found = try await onOwnThread {
            all.flatMap { target, side -> [String] in
                let response = Self.service.get(target)
                var found = Self.problems(response, target: target, format: .png, blame: nil)
                guard response.status == .ok, let png = DecodedPNG(response.body) else {
                    return found + ["\(response.status.code) for \(target)"]
                }
                if png.width != side || png.height != side { found.append("\(png.width) px for \(target)") }
                let half = Double(side) / 2
                for y in 0..<png.height {
                    for x in 0..<png.width where png.pixels[y * png.width + x].alpha > 8 {
                        let (dx, dy) = (Double(x) + 0.5 - half, Double(y) + 0.5 - half)
                        if (dx * dx + dy * dy).squareRoot() > half + 0.71 {
                            found.append("ink at \(x), \(y) beyond the ring for \(target)")
                            return found
                        }
                    }
                }
                return found
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test func negativeZeroIsZeroAndOneImageWithZero() {
        let zero = Self.service.get("/ring.svg?value=0")
        for spelling in ["-0", "-0.0", "-0e5", "0e-5", "%2D0", "-.0"] {
            let response = Self.service.get("/ring.svg?value=\(spelling)")
            #expect(response.status == .ok, "\(spelling)")
            #expect(response.header("ETag") == zero.header("ETag"), "\(spelling)")
        }
    }

    @Test func aThousandParametersAreAnsweredAndUnknownOnesIgnored() {
        let unknown = (0..<1000).map { "p\($0)=\($0)" }.joined(separator: "&")
        let plain = Self.service.get("/ring.svg?value=40")
        let noisy = Self.service.get("/ring.svg?\(unknown)&value=40")
        #expect(Self.problems(noisy, target: "1000 parameters", format: .svg, blame: nil).isEmpty)
        #expect(noisy.status == .ok)
        #expect(noisy.header("ETag") == plain.header("ETag"))
    }

    @Test func aThousandCopiesOfOneParameterAreOneError() {
        let repeated = Array(repeating: "size=64", count: 1000).joined(separator: "&")
        let response = Self.service.get("/ring.png?\(repeated)")
        #expect(Self.problems(response, target: "1000 × size", format: .png, blame: "size").isEmpty)
        #expect(response.status == .badRequest)
        #expect(response.header("X-Error") == "size: given twice")
    }

    @Test(arguments: [
        "%C0%AF", "%252e", "%", "%0", "%00", "%ff", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "-0", "1e999", "%20",
        "%F0%9F%94%A5", String(repeating: "9", count: 8192),
    ])
    func hostileShortLinkValuesAreAnsweredOnTheValueParameter(value: String) {
        for format in [ImageFormat.svg, .png] {
            let target = "/ring/\(value).\(format == .svg ? "svg" : "png")"
            let found = Self.problems(Self.service.get(target), target: target, format: format, blame: "value")
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test func malformedEscapesInNamesAndUnknownParametersNeverFail() {
        for noise in ["%", "%zz=1", "a%=1", "%C0%AF=%C0%AF", "%00=%00", "=", "==", "&&&", "=5", "utm=%"] {
            let response = Self.service.get("/ring.svg?value=10&\(noise)")
            #expect(response.status == .ok, "\(noise)")
        }
    }

    @Test func errorImagesOfEveryParameterStayBoundedInTheErrorCache() async throws {
        let service = makeService()
        // Every parameter but the free texts, which accept these values.
        let strict = ImageParameter.names(readBy: .ring).filter { !["label", "title", "staleLabel"].contains($0) }
        try await onOwnThread {
            for (i, parameter) in strict.enumerated() {
                for n in 0..<300 {
                    _ = service.get("/ring.svg?\(parameter)=bad\(i)x\(n)")
                }
            }
        }
        // The error cache has its own small budget: hostile URLs cannot grow it without bound.
        #expect(service.errorCache.counters.bytes <= 4 << 20)
        #expect(service.cacheCounters.entries == 0)
    }
}
