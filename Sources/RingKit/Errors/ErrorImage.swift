import CCairo

/// An image that states why a request was refused, in the format the client asked for, readable at any size.
public enum ErrorImage {
    /// The error as SVG, `size` wide (at least 128, at most 1024), taller when the sentence needs more lines.
    public static func svg(message: String, size: Int, minimumHeight: Int? = nil) -> [UInt8] {
        let layout = Layout(message: message, size: size, minimumHeight: minimumHeight)
        var w = MarkupWriter(capacity: 512 + message.utf8.count * 3)
        w.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        w.integer(layout.width)
        w.raw("\" height=\"")
        w.integer(layout.height)
        w.raw("\" viewBox=\"0 0 ")
        w.integer(layout.width)
        w.raw(" ")
        w.integer(layout.height)
        w.raw("\" role=\"img\" aria-label=\"Error: ")
        w.escaped(layout.message)
        w.raw("\"><title>Error: ")
        w.escaped(layout.message)
        w.raw("</title><rect x=\"0.5\" y=\"0.5\" width=\"")
        w.integer(layout.width - 1)
        w.raw("\" height=\"")
        w.integer(layout.height - 1)
        w.raw("\" fill=\"")
        w.color(Layout.background)
        w.raw("\" stroke=\"")
        w.color(Layout.border)
        w.raw("\"/><text text-anchor=\"middle\" font-family=\"")
        w.raw(SVGRenderer.fontFamily)
        w.raw("\" font-size=\"")
        w.number(layout.fontSize)
        w.raw("\" fill=\"")
        w.color(Layout.ink)
        w.raw("\">")
        for (i, line) in layout.lines.enumerated() {
            w.raw("<tspan x=\"")
            w.number(Double(layout.width) / 2)
            w.raw("\" y=\"")
            w.number(layout.baseline(ofLine: i))
            w.raw("\">")
            w.escaped(line)
            w.raw("</tspan>")
        }
        w.raw("</text></svg>\n")
        return w.bytes
    }

    /// The error as PNG, the same picture as `svg` at `scale` (1…4) pixels per CSS pixel.
    public static func png(
        message: String, size: Int, minimumHeight: Int? = nil, scale: Int
    ) throws(RenderError)
        -> [UInt8]
    {
        let layout = Layout(message: message, size: size, minimumHeight: minimumHeight)
        let scale = Swift.min(Swift.max(scale, 1), 4)
        let pixelsWide = layout.width * scale
        let pixelsHigh = layout.height * scale
        guard pixelsWide <= CairoCanvas.maxPixels, pixelsHigh <= CairoCanvas.maxPixels else {
            throw RenderError("error image \(pixelsWide)×\(pixelsHigh) px is too large")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderError("Cairo could not create a \(pixelsWide)×\(pixelsHigh) surface")
        }
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(scale), Double(scale))
        cairo_rectangle(cr, 0.5, 0.5, Double(layout.width - 1), Double(layout.height - 1))
        CairoCanvas.setColor(cr, Layout.background)
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, 1)
        CairoCanvas.setColor(cr, Layout.border)
        cairo_stroke(cr)
        CairoCanvas.setColor(cr, Layout.ink)
        for (i, line) in layout.lines.enumerated() {
            // Centred on the advance, as SVG's text-anchor="middle" does.
            TextLayout.draw(
                line, on: cr, bold: false, size: layout.fontSize, centerX: Double(layout.width) / 2,
                baseline: layout.baseline(ofLine: i))
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return try PNGEncoder.tuned.encode(surface)
    }

    /// Where the lines of an error image go; shared by both formats so they wrap the same way.
    struct Layout {
        static let background = RGBAColor(0xfe, 0xf2, 0xf2)
        static let border = RGBAColor(0xdc, 0x26, 0x26)
        static let ink = RGBAColor(0x99, 0x1b, 0x1b)
        /// Lines beyond this are cut, the last one ending in `…`: an error image stays an image, not a document.
        static let maxLines = 12

        let message: String
        let width: Int
        let height: Int
        let fontSize: Double
        let lineHeight: Double
        let lines: [String]
        let top: Double

        /// The layout of a card `size` wide (128…1024); as tall as wide unless `minimumHeight` is given, then at
        /// least that tall and as tall as its lines need.
        init(message: String, size: Int, minimumHeight: Int? = nil) {
            let text = RingGeometry.printable(message.isEmpty ? "error" : message)
            self.message = text
            width = Swift.min(Swift.max(size, 128), 1024)
            fontSize = Swift.min(Swift.max((Double(width) / 11).rounded(), 11), 24)
            lineHeight = (fontSize * 1.3).rounded()
            let padding = fontSize
            lines = Layout.wrap(text, maxWidth: Double(width) - 2 * padding, fontSize: fontSize)
            let block = Double(lines.count) * lineHeight
            height = Swift.max(minimumHeight ?? width, Int((block + 2 * padding).rounded(.up)))
            top = ((Double(height) - block) / 2).rounded()
        }

        /// Baseline of line `i`: the block of lines is centred vertically, each baseline a cap-height below the
        /// middle of its line.
        func baseline(ofLine i: Int) -> Double {
            top + (Double(i) + 0.5) * lineHeight + fontSize * TextMetrics.halfCapHeight
        }

        /// Breaks `text` into lines no wider than `maxWidth`: after a space, or after punctuation that ends a piece of
        /// a query (`, ; : / & = ) ] }` and `-`), never inside a word unless the word alone is wider than a line. Lines
        /// beyond `maxLines` are cut, the last one ending in `…`.
        static func wrap(_ text: String, maxWidth: Double, fontSize: Double) -> [String] {
            func width(_ s: Substring) -> Double { TextMetrics.width(of: String(s), bold: false) * fontSize }
            var lines: [Substring] = []
            var current: Substring = ""
            for piece in pieces(of: text) {
                let candidate = current + piece
                if width(candidate.trimmingTrailingSpaces) <= maxWidth {
                    current = Substring(candidate)
                    continue
                }
                if !current.trimmingTrailingSpaces.isEmpty { lines.append(current.trimmingTrailingSpaces) }
                current = piece.drop { $0 == " " }
                // A piece wider than a line by itself (a long word or value) is cut where the line is full.
                while width(current.trimmingTrailingSpaces) > maxWidth && lines.count <= maxLines {
                    var head = current.startIndex
                    while head < current.endIndex, width(current[...head]) <= maxWidth {
                        head = current.index(after: head)
                    }
                    if head == current.startIndex { head = current.index(after: head) }
                    lines.append(current[..<head])
                    current = current[head...]
                }
                if lines.count > maxLines { break }
            }
            if !current.trimmingTrailingSpaces.isEmpty { lines.append(current.trimmingTrailingSpaces) }
            if lines.isEmpty { lines = [""] }
            if lines.count > maxLines {
                lines.removeLast(lines.count - maxLines)
                var last = lines[maxLines - 1]
                while !last.isEmpty && width(last + "…") > maxWidth { last.removeLast() }
                lines[maxLines - 1] = Substring(last + "…")
            }
            return lines.map(String.init)
        }

        /// `text` cut after each break opportunity; the pieces put together are `text`.
        static func pieces(of text: String) -> [Substring] {
            var pieces: [Substring] = []
            var start = text.startIndex
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                let breaksAfter = ", ;:/&=)]}-".contains(text[index])
                // Several spaces or punctuation marks in a row stay with the piece they end.
                if breaksAfter && (next == text.endIndex || !", ;:/&=)]}-".contains(text[next])) {
                    pieces.append(text[start..<next])
                    start = next
                }
                index = next
            }
            if start < text.endIndex { pieces.append(text[start...]) }
            return pieces
        }
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var result = self
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
