import Foundation
import FoundationXML
import RingKit
import Testing

/// Parses SVG bytes as XML and collects what the tests look at: elements, attributes, and text.
final class SVGDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The element's own text, without its children's.
        var text = ""
        /// All its text, its children's too, in order: what `textContent` reads (a label with its emoji `<tspan>`s).
        var content = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?

    init?(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        guard parser.parse() else {
            error = parser.parserError
            return nil
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: name, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let i = open.last { elements[i].text += string }
        for i in open { elements[i].content += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func first(_ name: String) -> Element? { elements.first { $0.name == name } }
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}

/// Fails when the markup holds anything that could run code, load something, or animate outside CSS.
func expectNoActiveContent(_ svg: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let document = SVGDocument(svg)
    #expect(document != nil, "not well-formed XML", sourceLocation: sourceLocation)
    let allowed: Set<String> = ["svg", "title", "style", "rect", "circle", "path", "text", "tspan", "g"]
    for element in document?.elements ?? [] {
        #expect(allowed.contains(element.name), "element <\(element.name)>", sourceLocation: sourceLocation)
        for (name, value) in element.attributes {
            #expect(!name.lowercased().hasPrefix("on"), "attribute \(name)", sourceLocation: sourceLocation)
            #expect(!name.lowercased().contains("href"), "attribute \(name)", sourceLocation: sourceLocation)
            if name != "aria-label" {
                #expect(!value.lowercased().contains("url("), "\(name)=\(value)", sourceLocation: sourceLocation)
            }
        }
        if element.name == "style" {
            #expect(!element.text.contains("url("), sourceLocation: sourceLocation)
            #expect(!element.text.contains("@import"), sourceLocation: sourceLocation)
        }
    }
    let text = String(decoding: svg, as: UTF8.self).lowercased()
    for forbidden in ["<script", "<foreignobject", "<animate", "<set", "<!entity", "<!doctype", "<?xml-stylesheet"] {
        #expect(!text.contains(forbidden), "contains \(forbidden)", sourceLocation: sourceLocation)
    }
    #expect(!svg.contains(0), "NUL byte", sourceLocation: sourceLocation)
    // Not even user text spells these out in the bytes, so a naive scanner downstream has nothing to flag.
    for forbidden in ["url(", "@import", "onload=", "onmouseover=", "javascript:alert("] {
        #expect(!text.contains(forbidden), "bytes contain \(forbidden)", sourceLocation: sourceLocation)
    }
}

struct SVGRendererTests {
    static let hostile: [String] = [
        "</text><script>alert(1)</script>", "\"><svg onload=alert(1)>", "red\" onmouseover=\"alert(1)",
        "#fff;fill:url(//x)", "a\r\nb\rc\nd", "nul\u{0}byte", "tab\there", "&amp; &lt; &#x3c; ]]> <![CDATA[x]]>",
        "<foreignObject><iframe src=//x>", "@import url(//x);", "<animate attributeName=href>",
        "'single' \"double\"", "javascript:alert(1)", "مرحبا بالعالم", "שלום עולם", "🎉🚀 done 👍🏽", "\u{202E}reversed",
        "\u{FFFE}\u{FFFF}",
        "\u{85}next line", String(repeating: "A<&>", count: 2560),
    ]

    /// What a text reads as once drawn: control characters (C0, DEL, C1) become spaces, the non-characters U+FFFE
    /// and U+FFFF become U+FFFD, everything else stays as written.
    static func shown(_ text: String) -> String {
        String(
            text.unicodeScalars.map { s -> Character in
                switch s.value {
                case 0..<0x20, 0x7F...0x9F: " "
                case 0xFFFE, 0xFFFF: "\u{FFFD}"
                default: Character(s)
                }
            })
    }

    @Test(arguments: hostile)
    func hostileLabelAndTitleStayInertText(_ text: String) throws {
        var spec = RingSpec()
        spec.reading.value = 50
        spec.label = .template(text)
        // A size given: the label is one line however long, so its text is the element's whole text.
        spec.fontSize = 8
        spec.title = text
        spec.animate = 1.5
        let svg = SVGRenderer.render(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(svg))
        // The text survives as text, wherever it goes.
        let printable = Self.shown(text)
        #expect(document.first("text")?.content == printable)
        #expect(document.first("title")?.text == printable)
        #expect(document.first("svg")?.attributes["aria-label"] == printable)
    }

    @Test func defaultRingHasSizeRoleTitleTrackProgressAndLabel() throws {
        var spec = RingSpec()
        spec.reading.value = 72
        let document = try #require(SVGDocument(SVGRenderer.render(spec)))
        let svg = try #require(document.first("svg"))
        #expect(svg.attributes["width"] == "128")
        #expect(svg.attributes["height"] == "128")
        #expect(svg.attributes["viewBox"] == "0 0 128 128")
        #expect(svg.attributes["role"] == "img")
        #expect(svg.attributes["aria-label"] == "Progress: 72%")
        #expect(document.first("title")?.text == "Progress: 72%")
        let track = try #require(document.first("circle"))
        #expect(track.attributes["stroke"] == "#e5e7eb")
        #expect(track.attributes["stroke-width"] == "13")
        #expect(track.attributes["r"] == "57.5")
        let progress = try #require(document.first("path"))
        #expect(progress.attributes["stroke"] == "#2563eb")
        #expect(progress.attributes["stroke-linecap"] == "round")
        // Starts at 12 o'clock and runs clockwise (sweep flag 1), in 90° pieces.
        #expect(progress.attributes["d"]?.hasPrefix("M64 6.5A57.5 57.5 0 0 1 ") == true)
        let label = try #require(document.first("text"))
        #expect(label.text == "72%")
        #expect(label.attributes["font-family"] == "Verdana,DejaVu Sans,sans-serif")
        #expect(label.attributes["font-weight"] == "bold")
        #expect(label.attributes["fill"] == "#111827")
        #expect(label.attributes["text-anchor"] == "middle")
        #expect(label.attributes["dominant-baseline"] == nil)
        #expect(document.first("rect") == nil)
        #expect(document.first("style") == nil)
    }

    @Test func zeroDrawsNoProgressPathAndFullDrawsAClosedOne() throws {
        var spec = RingSpec()
        spec.reading.value = 0
        #expect(try #require(SVGDocument(SVGRenderer.render(spec))).all("path").isEmpty)
        spec.reading.value = 100
        let full = try #require(SVGDocument(SVGRenderer.render(spec))?.first("path"))
        #expect(full.attributes["d"]?.hasSuffix("Z") == true)
        #expect(full.attributes["stroke-linecap"] == nil)
    }

    @Test func optionalPartsAppearOnlyWhenAsked() throws {
        var spec = RingSpec()
        spec.reading.value = 30
        spec.background = RGBAColor(0, 0, 0, 0x80)
        spec.track = nil
        spec.label = .none
        spec.title = "Build coverage"
        let document = try #require(SVGDocument(SVGRenderer.render(spec)))
        #expect(document.first("rect")?.attributes["fill"] == "#00000080")
        #expect(document.first("circle") == nil)
        #expect(document.first("text") == nil)
        #expect(document.first("title")?.text == "Build coverage")
    }

    @Test func animationEndsOnTheStaticValueAndRespectsReducedMotion() throws {
        var spec = RingSpec()
        spec.reading.value = 50
        spec.animate = 2
        let svg = SVGRenderer.render(spec)
        expectNoActiveContent(svg)
        let document = try #require(SVGDocument(Array(unscopedText(svg).utf8)))
        let style = try #require(document.first("style")).text
        #expect(style.contains("@keyframes"))
        #expect(style.contains("prefers-reduced-motion:reduce"))
        #expect(style.contains("2s"))
        // Only the start is animated; the end state is the attribute every renderer shows.
        #expect(!style.contains("to{"))
        let progress = try #require(document.first("path"))
        #expect(progress.attributes["stroke-dashoffset"] == "0")
        #expect(progress.attributes["class"] == "p")
    }

    @Test(arguments: [
        (270.0, RingSpec.Direction.cw, "225"), (270, .ccw, "135"), (180, .cw, "270"), (360, .cw, "0"),
    ])
    func gaugeGapIsCentredAtSixOClock(_ arc: Double, _ direction: RingSpec.Direction, _ start: String) {
        var spec = RingSpec()
        spec.arc = arc
        spec.direction = direction
        #expect(NumberTextProbe.compact(RingGeometry(spec).startAngle) == start)
    }

    @Test func identicalSpecsGiveIdenticalBytesAndNumbersHaveNoNegativeZero() {
        for value in stride(from: 0.0, through: 100, by: 0.5) {
            var spec = RingSpec()
            spec.reading.value = value
            spec.start = -0.0
            spec.direction = value.truncatingRemainder(dividingBy: 2) == 0 ? .cw : .ccw
            let a = SVGRenderer.render(spec)
            #expect(a == SVGRenderer.render(spec))
            let text = String(decoding: a, as: UTF8.self)
            #expect(text.range(of: "-0(?![0-9.])", options: .regularExpression) == nil, "-0 at \(value)")
            #expect(
                text.range(of: "[ \"MAL][0-9.]+[eE][-+]?[0-9]", options: .regularExpression) == nil,
                "exponent at \(value)")
        }
    }
}

/// Formats a number as the renderers write it.
enum NumberTextProbe {
    static func compact(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}
