internal import CLibXML2

/// Reads a custom logo's SVG with libxml2 and keeps only what a logo may hold: `svg`, `g`, `path`, `circle`,
/// `ellipse`, `rect`, `polygon`, `polyline` and `line`, with their geometry, `transform`, and fills and strokes whose
/// colors parse (`title` and `desc` are passed over). Anything else is refused, naming what was found: scripts,
/// styles, `foreignObject`, images, `use`, links and `href`s, `url(` references, event attributes, animation, a
/// DOCTYPE (so entities, billion laughs included, and external DTDs never reach the parser's expansion).
///
/// libxml2 parses with network access off (`XML_PARSE_NONET`) and neither entity substitution (`XML_PARSE_NOENT`)
/// nor DTD loading (`XML_PARSE_DTDLOAD`); the document is at most 5 KiB.
enum CustomLogoReader {
    /// The elements a logo may hold, with the ones that draw.
    static let shapeElements: Set<String> = ["path", "circle", "ellipse", "rect", "polygon", "polyline", "line"]
    static let acceptedElements = "svg, g, path, circle, ellipse, rect, polygon, polyline, line"
    /// Most elements and nesting a logo may have.
    static let maxElements = 1000
    static let maxDepth = 32

    struct Result {
        var shapes: [Logo.Shape]
        var viewBox: Logo.ViewBox
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func read(_ svg: [UInt8]) throws(LogoError) -> Result {
        // A DOCTYPE is where entities and external DTDs are declared: refused before libxml2 sees it.
        if contains(svg, "<!DOCTYPE") || contains(svg, "<!ENTITY") {
            throw LogoError("has a DOCTYPE or an entity declaration (entities and external DTDs are refused)")
        }
        _ = initialized
        // libxml2 reports some errors (a failed encoding conversion) to its per-thread handler even with
        // XML_PARSE_NOERROR; a hostile logo must not write to the server's log, so this thread's reports are dropped.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = svg.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                xmlReadMemory(chars, Int32(buffer.count), nil, nil, options)
            }
        }
        guard let doc = parsed else { throw LogoError("is not well-formed XML") }
        defer { xmlFreeDoc(doc) }
        if doc.pointee.intSubset != nil || doc.pointee.extSubset != nil {
            throw LogoError("has a DOCTYPE (entities and external DTDs are refused)")
        }
        guard let root = xmlDocGetRootElement(doc) else { throw LogoError("is not well-formed XML") }
        let rootName = name(of: root)
        guard rootName == "svg" else {
            throw LogoError("is not SVG (its root element is <\(ParameterError.shown(rootName))>)")
        }
        var walk = CustomLogoWalk()
        try walk.visit(root, depth: 0, inherited: CustomLogoWalk.Style())
        guard !walk.shapes.isEmpty else { throw LogoError("draws nothing (no path or shape with a fill or stroke)") }
        let box = try viewBox(of: root, shapes: walk.shapes)
        try checkScale(walk.shapes, in: box)
        return Result(shapes: walk.shapes, viewBox: box)
    }

    /// Refuses a logo whose geometry, fitted to its box, is not a picture a badge can draw: a view box too small
    /// for its numbers, points at infinity or far outside the box (transforms composed across elements can get
    /// there), or a stroke wider than the logo (Cairo's pen for a curve grows with the line width: a stroke of
    /// 1e13 px took gigabytes).
    private static func checkScale(_ shapes: [Logo.Shape], in box: Logo.ViewBox) throws(LogoError) {
        let side = Swift.max(box.width, box.height)
        guard side.isFinite, Swift.min(box.width, box.height) >= side * 1e-6 else {
            throw LogoError("has a view box too thin to draw (\(box.width) × \(box.height))")
        }
        for shape in shapes {
            for p in shape.path.points {
                let x = (p.x - box.x) / side
                let y = (p.y - box.y) / side
                guard x.isFinite, y.isFinite, abs(x) <= 1000, abs(y) <= 1000 else {
                    throw LogoError("has points far outside its view box")
                }
            }
            guard shape.stroke == .none || (shape.strokeWidth.isFinite && shape.strokeWidth <= side) else {
                throw LogoError("has a stroke wider than the logo itself")
            }
        }
    }

    /// The root's `viewBox`, else its `width` and `height`, else the box of the shapes' points.
    private static func viewBox(of root: xmlNodePtr, shapes: [Logo.Shape]) throws(LogoError) -> Logo.ViewBox {
        let attributes = try CustomLogoWalk.attributes(of: root)
        if let text = attributes["viewBox"] {
            let numbers = try CustomLogoWalk.numbers(text, of: "viewBox")
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw LogoError("has a viewBox that is not four numbers with a positive width and height")
            }
            return Logo.ViewBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        if let w = attributes["width"], let h = attributes["height"] {
            let width = try CustomLogoWalk.length(w, of: "width")
            let height = try CustomLogoWalk.length(h, of: "height")
            if width > 0 && height > 0 { return Logo.ViewBox(x: 0, y: 0, width: width, height: height) }
        }
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for shape in shapes {
            for p in shape.path.points {
                (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
            }
        }
        guard minX.isFinite, maxX > minX || maxY > minY else { throw LogoError("draws nothing that has a size") }
        return Logo.ViewBox(x: minX, y: minY, width: max(maxX - minX, 1e-6), height: max(maxY - minY, 1e-6))
    }

    /// An element's or attribute's local name.
    static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
