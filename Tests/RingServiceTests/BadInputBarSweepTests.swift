import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Bars with hostile shapes: `width`, `height` and `radius` given garbage, zero, negatives and huge values, a radius
/// over half the height, sides × scale over the pixel cap, and labels with no room. Each answer is the documented
/// one (a 200 bar, or a 400 error image whose `X-Error` names the parameter and what it accepts), never a 500 or a
/// crash, and no PNG, error or not, is larger than the pixel cap. Checked with the ring sweep's `problems`.
@Suite(.serialized)
struct BadInputBarSweepTests {
    static let service = makeService()

    /// What a refusal of each bar parameter says is accepted, on the default bar (20 px high).
    static func accepted(_ parameter: String) -> String {
        switch parameter {
        case "width": "16…1024"
        case "height": "4…128"
        default: "0…10"
        }
    }

    /// The sweep's checks, and: a PNG stays within `ImageLimits.pixelEdge` on both sides; a refusal of `blame`'s
    /// value says what it accepts (`range`), unless the text never became a value (a bad percent escape, or bytes
    /// that are not UTF-8), which says what it expects of the encoding instead.
    static func problems(
        _ response: HTTPResponse, target: String, format: ImageFormat, blame: String?, range: String? = nil
    ) -> [String] {
        var found = BadInputSweepTests.problems(response, target: target, format: format, blame: blame)
        if format == .png, let png = DecodedPNG(response.body),
            png.width > ImageLimits.pixelEdge || png.height > ImageLimits.pixelEdge
        {
            found.append("a \(png.width)×\(png.height) PNG for \(target.prefix(200))")
        }
        if response.status == .badRequest, let range {
            let message = response.header("X-Error") ?? ""
            let headerRange = range.replacingOccurrences(of: "…", with: "...")
            if !message.contains(headerRange) && !message.contains("is not UTF-8 text once percent-decoded") {
                found.append("X-Error \(message) without \(range) for \(target.prefix(200))")
            }
        }
        return found
    }

    @Test(arguments: ["width", "height", "radius"])
    func everyHostileShapeValueGetsABarOrAnErrorNamingItsRange(parameter: String) async throws {
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                ["svg", "png"].flatMap { format in
                    // PNG is the costly path: the boundary and encoding values only.
                    guard format == "svg" || value.count < 40 else { return [String]() }
                    let target = "/bar.\(format)?\(parameter)=\(value)"
                    return Self.problems(
                        Self.service.get(target), target: target, format: format == "svg" ? .svg : .png,
                        blame: parameter, range: Self.accepted(parameter))
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The ring's parameters a bar reads, with the same hostile values: a bar, or an error naming the parameter.
    /// The ring-only ones (`size`, `arc`, …) are ignored, so they always get a bar.
    @Test(arguments: ImageParameter.names(readBy: .ring))
    func everyHostileSharedValueOnABarGetsABarOrAnErrorNamingIt(parameter: String) async throws {
        let reads = ImageParameter.isRead(parameter, by: .bar)
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                let target = "/bar.svg?\(parameter)=\(value)"
                let response = Self.service.get(target)
                var found = Self.problems(response, target: target, format: .svg, blame: parameter)
                if !reads && response.status != .ok { found.append("\(response.status.code) for \(target)") }
                return found
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Shapes that cannot be drawn, each refused with its exact sentence, in both formats.
    @Test(arguments: [
        ("width=0", "width: 0 is out of range 16…1024"),
        ("width=-200", "width: -200 is out of range 16…1024"),
        ("width=1025", "width: 1025 is out of range 16…1024"),
        ("width=1e9", "width: 1e9 is out of range 16…1024"),
        ("width=200.5", "width: 200.5 is not an integer (accepted: 16…1024)"),
        ("width=wide", "width: \"wide\" is not a number (accepted: an integer 16…1024)"),
        ("height=0", "height: 0 is out of range 4…128"),
        ("height=-20", "height: -20 is out of range 4…128"),
        ("height=1e308", "height: 1e308 is out of range 4…128"),
        ("height=tall", "height: \"tall\" is not a number (accepted: an integer 4…128)"),
        ("radius=-0.5", "radius: -0.5 is out of range 0…10 (at most half of height 20)"),
        ("radius=1e308", "radius: 1e308 is out of range 0…10 (at most half of height 20)"),
        ("radius=10.0001", "radius: 10.0001 is out of range 0…10 (at most half of height 20)"),
        ("height=4&radius=2.5", "radius: 2.5 is out of range 0…2 (at most half of height 4)"),
        ("height=5&radius=3", "radius: 3 is out of range 0…2.5 (at most half of height 5)"),
        ("height=128&radius=64.5", "radius: 64.5 is out of range 0…64 (at most half of height 128)"),
        ("radius=round", "radius: \"round\" is not a number (accepted: 0…10)"),
        ("width=1024&scale=4", "scale: 4 is too large for width 1024: each side × scale must be at most 2048"),
        ("width=683&scale=3", "scale: 3 is too large for width 683: each side × scale must be at most 2048"),
        (
            "value=1,2,3,4&height=128&scale=3",
            "scale: 3 is too large for height 704 (4 bars): each side × scale must be at most 2048"
        ),
        ("width=1e309", "width: 1e309 is not a finite number (accepted: an integer 16…1024)"),
        ("radius=-1e309", "radius: -1e309 is not a finite number (accepted: 0…10)"),
    ])
    func shapesThatCannotBeDrawnAreRefusedWithTheirRange(query: String, expected: String) async throws {
        for format in [ImageFormat.svg, .png] {
            let target = "/bar.\(format == .svg ? "svg" : "png")?\(query)"
            let response = try await onOwnThread { Self.service.get(target) }
            let blame = String(expected.prefix { $0 != ":" })
            #expect(Self.problems(response, target: target, format: format, blame: blame) == [])
            #expect(response.status == .badRequest)
            #expect(response.header("X-Error") == RingService.headerText(expected), "\(target)")
        }
    }

    /// The largest bars the cap allows are drawn whole; the error card for one side over the cap is lowered to fit.
    @Test(arguments: [
        ("width=1024&scale=2&height=128", 2048, 256, true),
        ("width=512&scale=4&height=4&radius=0", 2048, 16, true),
        ("value=1,2,3,4,5&height=128&width=16&scale=2", 32, 1792, true),
        ("width=1024&scale=4&height=128", 2048, 512, false),
        ("width=1024&height=128&scale=4&value=1,2,3,4,5", 2048, 2048, false),
    ])
    func barsAtThePixelCapAreDrawnOrRefusedWithinIt(query: String, side: Int, high: Int, drawn: Bool) async throws {
        let target = "/bar.png?" + query
        let response = try await onOwnThread { Self.service.get(target) }
        #expect(Self.problems(response, target: target, format: .png, blame: drawn ? nil : "scale") == [])
        #expect(response.status == (drawn ? .ok : .badRequest), "\(response.header("X-Error") ?? "")")
        let png = try #require(DecodedPNG(response.body))
        if drawn {
            #expect(png.width == side && png.height == high)
        } else {
            // The card keeps the bar's width at the largest scale that fits the cap.
            #expect(png.width == side && png.height <= ImageLimits.pixelEdge)
        }
    }

    /// Where the label goes: inside, beside, or (an automatic percentage with no room) left out, and a template with
    /// no room anywhere refused by `label` with the width it needs, or the height where the image is lower than the
    /// text's capitals (a 128 px label beside a 4 px bar was drawn cut to a sliver); never an error of another
    /// parameter.
    @Test(arguments: [
        ("width=16&height=4", true), ("width=16&height=4&label=%7Bvalue%7D", false),
        ("width=40&height=8&label=Tasks%20done%20this%20sprint", false), ("width=16&height=128", true),
        ("width=1024&height=4&fontSize=128&label=%7Bpercent%7D%25", false),
        ("width=1024&height=4&label=%7Bpercent%7D%25", false), ("width=1024&height=5&label=%7Bpercent%7D%25", true),
        ("width=16&height=128&fontSize=128&label=%7Bvalue%7D", false),
        ("width=16&height=4&label=" + String(repeating: "W", count: 40), false),
        ("width=16&height=4&value=1,2,3,4,5&label=%7Bvalue%7D%2F%7Bmax%7D", false),
        ("width=1024&height=128&fontSize=12&label=" + String(repeating: "W", count: 40), true),
        ("width=1024&height=128&label=" + String(repeating: "W", count: 40), false),
    ])
    func aLabelIsPlacedOrRefusedByNameWithTheWidthItNeeds(query: String, drawn: Bool) async throws {
        for format in [ImageFormat.svg, .png] {
            let target = "/bar.\(format == .svg ? "svg" : "png")?\(query)"
            let response = try await onOwnThread { Self.service.get(target) }
            #expect(Self.problems(response, target: target, format: format, blame: drawn ? nil : "label") == [])
            #expect(response.status == (drawn ? .ok : .badRequest), "\(response.header("X-Error") ?? "")")
            if !drawn {
                let message = response.header("X-Error") ?? ""
                let width =
                    message.contains(" needs a width of ") && message.contains("(shorten the label, raise width")
                let height = message.contains(" needs an image ") && message.contains("(raise height)")
                #expect(width || height, "\(message)")
            }
        }
    }
}
