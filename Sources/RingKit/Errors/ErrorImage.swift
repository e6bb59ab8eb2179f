import CCairo

/// An image that states why a request was refused, in the format the client asked for, readable at any size.
public enum ErrorImage {
    /// The error as SVG, `size` wide and `height` (default `size`) tall, the sentence ellipsized to the lines that
    /// fit; larger only where not even one legible line fits (see `Layout`).
    public static func svg(message: String, size: Int, height: Int? = nil) -> [UInt8] {
        let layout = Layout(message: message, width: size, height: height ?? size)
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
        message: String, size: Int, height: Int? = nil, scale: Int
    ) throws(RenderError)
        -> [UInt8]
    {
        try PNGEncoder.tuned.encode(consuming: surface(message: message, size: size, height: height, scale: scale))
    }

    /// The error drawn (as `png`) on an ARGB32 surface, flushed; the caller destroys it.
    static func surface(
        message: String, size: Int, height: Int? = nil, scale: Int
    ) throws(RenderError)
        -> OpaquePointer
    {
        let layout = Layout(message: message, width: size, height: height ?? size)
        let scale = Swift.min(Swift.max(scale, 1), 4)
        let pixelsWide = layout.width * scale
        let pixelsHigh = layout.height * scale
        guard pixelsWide <= CairoCanvas.maxPixels, pixelsHigh <= CairoCanvas.maxPixels else {
            throw RenderError("error image \(pixelsWide)×\(pixelsHigh) px is too large")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
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
        return surface
    }
}
