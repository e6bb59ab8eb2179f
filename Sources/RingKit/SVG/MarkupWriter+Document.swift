extension MarkupWriter {
    /// Opens an image's document, `width` × `height` CSS pixels, named `title` for screen readers: the `<svg>` tag
    /// with its `aria-label` and the `<title>` element.
    mutating func openDocument(width: Int, height: Int, title: String) {
        raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        integer(width)
        raw("\" height=\"")
        integer(height)
        raw("\" viewBox=\"0 0 ")
        integer(width)
        raw(" ")
        integer(height)
        raw("\" role=\"img\" aria-label=\"")
        escaped(title)
        raw("\"><title>")
        escaped(title)
        raw("</title>")
    }

    /// A rectangle filling the whole `width` × `height` image in `color`: the image's background.
    mutating func background(width: Int, height: Int, _ color: RGBAColor) {
        raw("<rect width=\"")
        integer(width)
        raw("\" height=\"")
        integer(height)
        raw("\" fill=\"")
        self.color(color)
        raw("\"/>")
    }
}

/// Which point of a label `x` names: its start, its middle or its end (SVG's `text-anchor`).
enum TextAnchor {
    case start, middle, end
}

extension MarkupWriter {
    /// One line of label text in the label font: its left end at `x` (its middle, where `centered`), its baseline at
    /// `baseline`; `themed`, the image's class name (and index) that gives it its dark-scheme color.
    mutating func labelText(
        _ text: String, x: Double, baseline: Double, anchor: TextAnchor, fontSize: Double, bold: Bool,
        color: RGBAColor, themed: StaticString? = nil, index: Int = 0
    ) {
        raw("<text")
        if let themed { classAttribute(themed, index) }
        raw(" x=\"")
        number(x)
        raw("\" y=\"")
        number(baseline)
        switch anchor {
        case .start: raw("\" font-family=\"")
        case .middle: raw("\" text-anchor=\"middle\" font-family=\"")
        case .end: raw("\" text-anchor=\"end\" font-family=\"")
        }
        raw(SVGRenderer.fontFamily)
        raw("\" font-size=\"")
        number(fontSize)
        raw(bold ? "\" font-weight=\"bold\" fill=\"" : "\" font-weight=\"normal\" fill=\"")
        self.color(color)
        raw("\">")
        labelContent(text)
        raw("</text>")
    }
}
