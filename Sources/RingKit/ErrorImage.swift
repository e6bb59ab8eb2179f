import CCairo

/// An image that states why a request was refused, in the format the client asked for, readable at any size.
public enum ErrorImage {
    /// The error as SVG, `size` wide (at least 128, at most 1024), taller when the sentence needs more lines.
    public static func svg(message: String, size: Int) -> [UInt8] {
        let layout = Layout(message: message, size: size)
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
    public static func png(message: String, size: Int, scale: Int) throws(RenderError) -> [UInt8] {
        let layout = Layout(message: message, size: size)
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
        CairoCanvas.setFont(cr, bold: false, size: layout.fontSize)
        CairoCanvas.setColor(cr, Layout.ink)
        for (i, line) in layout.lines.enumerated() {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, line, &extents)
            // Centred on the advance, as SVG's text-anchor="middle" does.
            cairo_move_to(cr, (Double(layout.width) - extents.x_advance) / 2, layout.baseline(ofLine: i))
            cairo_show_text(cr, line)
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

        init(message: String, size: Int) {
            let text = RingGeometry.printable(message.isEmpty ? "error" : message)
            self.message = text
            width = Swift.min(Swift.max(size, 128), 1024)
            fontSize = Swift.min(Swift.max((Double(width) / 11).rounded(), 11), 24)
            lineHeight = (fontSize * 1.3).rounded()
            let padding = fontSize
            lines = Layout.wrap(text, maxWidth: Double(width) - 2 * padding, fontSize: fontSize)
            let block = Double(lines.count) * lineHeight
            height = Swift.max(width, Int((block + 2 * padding).rounded(.up)))
            top = ((Double(height) - block) / 2).rounded()
        }

        /// Baseline of line `i`: the block of lines is centred vertically, each baseline a cap-height below the
        /// middle of its line.
        func baseline(ofLine i: Int) -> Double {
            top + (Double(i) + 0.5) * lineHeight + fontSize * TextMetrics.halfCapHeight
        }

        /// Breaks `text` at spaces into lines no wider than `maxWidth`, splitting words that are wider by themselves.
        static func wrap(_ text: String, maxWidth: Double, fontSize: Double) -> [String] {
            func width(_ s: String) -> Double { TextMetrics.width(of: s, bold: false) * fontSize }
            var lines: [String] = []
            var current = ""
            for word in text.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                let candidate = current.isEmpty ? word : current + " " + word
                if width(candidate) <= maxWidth {
                    current = candidate
                    continue
                }
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                while width(word) > maxWidth {
                    var head = ""
                    for ch in word {
                        if width(head + String(ch)) > maxWidth && !head.isEmpty { break }
                        head.append(ch)
                    }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    if lines.count > maxLines { break }
                }
                current = word
                if lines.count > maxLines { break }
            }
            if !current.isEmpty { lines.append(current) }
            if lines.isEmpty { lines = [""] }
            if lines.count > maxLines {
                lines.removeLast(lines.count - maxLines)
                var last = lines[maxLines - 1]
                while !last.isEmpty && width(last + "…") > maxWidth { last.removeLast() }
                lines[maxLines - 1] = last + "…"
            }
            return lines
        }
    }
}
