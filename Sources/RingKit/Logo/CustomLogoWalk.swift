internal import CLibXML2

/// One walk over a custom logo's element tree (`CustomLogoReader`): checks every element and attribute, carries the
/// inherited fill, stroke and transform down, and collects the shapes in painting order.
struct CustomLogoWalk {
    /// What an element inherits from its ancestors.
    struct Style {
        // SVG's initial values: black fill, no stroke, 1 px wide.
        var fill: Logo.Paint = .color(RGBAColor(0, 0, 0))
        var fillOpacity = 1.0
        var evenOdd = false
        var stroke: Logo.Paint = .none
        var strokeOpacity = 1.0
        var strokeWidth = 1.0
        var opacity = 1.0
        var transform = LogoAffine.identity
    }

    private(set) var shapes: [Logo.Shape] = []
    private var elements = 0

    mutating func visit(_ node: xmlNodePtr, depth: Int, inherited: Style) throws(LogoError) {
        let name = CustomLogoReader.name(of: node)
        elements += 1
        guard elements <= CustomLogoReader.maxElements, depth <= CustomLogoReader.maxDepth else {
            throw LogoError(
                "has more than \(CustomLogoReader.maxElements) elements or \(CustomLogoReader.maxDepth) levels")
        }
        let attributes = try Self.attributes(of: node)
        if name == "title" || name == "desc" { return }
        guard name == "svg" || name == "g" || CustomLogoReader.shapeElements.contains(name) else {
            throw LogoError(
                "contains <\(ParameterError.shown(name))>, which a logo may not hold (accepted: "
                    + "\(CustomLogoReader.acceptedElements))")
        }
        var style = inherited
        try Self.apply(attributes, to: &style)
        if CustomLogoReader.shapeElements.contains(name) {
            let path = try Self.path(of: name, attributes)
            try add(path, style)
        }
        var child = node.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                try visit(node, depth: depth + 1, inherited: style)
            case XML_ENTITY_REF_NODE, XML_ENTITY_NODE, XML_ENTITY_DECL, XML_DTD_NODE:
                throw LogoError("has an entity reference (entities are refused)")
            case XML_PI_NODE:
                throw LogoError("has a processing instruction, which a logo may not hold")
            default:
                // Text, CDATA and comments draw nothing.
                break
            }
            child = node.pointee.next
        }
    }

    private mutating func add(_ path: LogoPath, _ style: Style) throws(LogoError) {
        guard !path.commands.isEmpty else { return }
        func paint(_ paint: Logo.Paint, _ opacity: Double) -> Logo.Paint {
            guard case .color(var c) = paint else { return paint }
            c.alpha = UInt8((Double(c.alpha) * min(max(opacity * style.opacity, 0), 1)).rounded())
            return c.alpha == 0 ? .none : .color(c)
        }
        let fill = paint(style.fill, style.fillOpacity)
        let stroke = style.strokeWidth > 0 ? paint(style.stroke, style.strokeOpacity) : .none
        guard fill != .none || stroke != .none else { return }
        shapes.append(
            Logo.Shape(
                path: path.mapped(style.transform), fill: fill, evenOdd: style.evenOdd, stroke: stroke,
                strokeWidth: style.strokeWidth * style.transform.lengthScale))
    }

    /// The presentation attributes of one element applied over what it inherits.
    private static func apply(_ attributes: [String: String], to style: inout Style) throws(LogoError) {
        if let text = attributes["fill"] { style.fill = try paint(text, of: "fill") }
        if let text = attributes["stroke"] { style.stroke = try paint(text, of: "stroke") }
        if let text = attributes["fill-opacity"] { style.fillOpacity = try number(text, of: "fill-opacity") }
        if let text = attributes["stroke-opacity"] { style.strokeOpacity = try number(text, of: "stroke-opacity") }
        if let text = attributes["opacity"] { style.opacity *= min(max(try number(text, of: "opacity"), 0), 1) }
        if let text = attributes["stroke-width"] { style.strokeWidth = max(try length(text, of: "stroke-width"), 0) }
        if let text = attributes["fill-rule"] {
            guard text == "evenodd" || text == "nonzero" else {
                throw LogoError("has fill-rule=\(ParameterError.quoted(text)) (accepted: nonzero, evenodd)")
            }
            style.evenOdd = text == "evenodd"
        }
        if let text = attributes["transform"] {
            style.transform = style.transform.then(try LogoAffine.parse(text))
        }
    }

    /// A fill or stroke: `none`, `currentColor` (black, as in an image) or a color.
    private static func paint(_ text: String, of attribute: String) throws(LogoError) -> Logo.Paint {
        let trimmed = text.trimmingSpaces
        if trimmed == "none" { return .none }
        if trimmed == "currentColor" { return .color(RGBAColor(0, 0, 0)) }
        guard let color = RGBAColor.parse(trimmed) else {
            throw LogoError("has \(attribute)=\(ParameterError.quoted(text)), which is not a color")
        }
        return .color(color)
    }

    /// An element's attributes by local name, after refusing the ones no logo may carry: event handlers, `href`
    /// in any namespace, `style`, and any value referring to `url(`.
    static func attributes(of node: xmlNodePtr) throws(LogoError) -> [String: String] {
        var out: [String: String] = [:]
        var attribute = node.pointee.properties
        while let a = attribute {
            let name = a.pointee.name.map { String(cString: $0) } ?? ""
            let lowered = name.lowercased()
            var value = ""
            var child = a.pointee.children
            while let c = child {
                guard c.pointee.type == XML_TEXT_NODE else {
                    throw LogoError("has an entity reference in \(ParameterError.shown(name)) (entities are refused)")
                }
                if let content = c.pointee.content { value += String(cString: content) }
                child = c.pointee.next
            }
            if lowered.hasPrefix("on") {
                throw LogoError("has an event attribute \(ParameterError.shown(name)), which a logo may not hold")
            }
            if lowered == "href" {
                throw LogoError("has an href (links and external references are refused)")
            }
            if lowered == "style" {
                throw LogoError("has a style attribute (CSS is refused: give fill and stroke as attributes)")
            }
            if value.lowercased().contains("url(") {
                throw LogoError("refers to url(…) in \(ParameterError.shown(name)) (references are refused)")
            }
            out[name] = value
            attribute = a.pointee.next
        }
        return out
    }
}

extension String {
    /// Without leading and trailing XML white space.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
