import CCairo
import FoundationEssentials
import Glibc

extension BadgeRenderer {
    /// The PNG of `spec` at `width × height` times `scale` pixels; identical specs give identical bytes.
    public static func png(_ spec: BadgeSpec) throws(RenderError) -> [UInt8] {
        try png(BadgeLayout(spec), scale: spec.scale)
    }

    /// The error badge of `errorSVG(message:)` as PNG, at `scale` (1…4) pixels per CSS pixel.
    public static func errorPNG(
        message: String, label: String = "error", brief: String? = nil, style: BadgeSpec.Style = .flat, scale: Int
    ) throws(RenderError)
        -> [UInt8]
    {
        try png(errorLayout(message: message, label: label, brief: brief, style: style), scale: scale)
    }

    /// The error badge drawn (as `errorPNG`) on an ARGB32 surface, flushed; the caller destroys it.
    static func errorSurface(
        message: String, label: String, brief: String?, style: BadgeSpec.Style, scale: Int
    ) throws(RenderError) -> OpaquePointer {
        try surface(errorLayout(message: message, label: label, brief: brief, style: style), scale: scale)
    }

    static func png(_ layout: BadgeLayout, scale: Int) throws(RenderError) -> [UInt8] {
        try PNGEncoder.tuned.encode(consuming: surface(layout, scale: scale))
    }

    /// The drawn ARGB32 surface of `spec`, flushed, before encoding (benchmarks time the two apart); the caller
    /// destroys it.
    package static func surface(_ spec: BadgeSpec) throws(RenderError) -> OpaquePointer {
        try surface(BadgeLayout(spec), scale: spec.scale)
    }

    static func surface(_ layout: BadgeLayout, scale: Int) throws(RenderError) -> OpaquePointer {
        // Never trapped on: the spec keeps width × scale within 2048; a very wide error badge gets a lower scale.
        let scale = Swift.max(1, Swift.min(scale, 4, CairoCanvas.maxPixels / Swift.max(layout.width, 1)))
        let surface = try CairoCanvas.surface(width: layout.width * scale, height: layout.height * scale)
        draw(layout, on: surface, scale: Double(scale))
        cairo_surface_flush(surface)
        return surface
    }

    /// Draws `layout` onto an ARGB32 surface of its size times `scale`.
    static func draw(_ layout: BadgeLayout, on surface: OpaquePointer, scale: Double) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        for panel in layout.panels {
            panelPath(cr, panel)
            var fill = panel.fill
            fill.alpha = UInt8((Double(fill.alpha) * panel.opacity).rounded())
            CairoCanvas.setColor(cr, fill)
            if let slice = panel.slice {
                cairo_save(cr)
                cairo_clip(cr)
                cairo_rectangle(cr, panel.x0, slice.top, panel.x1 - panel.x0, slice.bottom - slice.top)
                cairo_fill(cr)
                cairo_restore(cr)
            } else {
                cairo_fill(cr)
            }
        }
        if let x = layout.notchX {
            // Social's notch, as the SVG's open path: filled with the bubble's face, then outlined.
            cairo_new_path(cr)
            cairo_move_to(cr, x, 6.5)
            cairo_rel_line_to(cr, -3, 3)
            cairo_rel_line_to(cr, 0, 1)
            cairo_rel_line_to(cr, 3, 3)
            CairoCanvas.setColor(cr, BadgeLayout.Social.bubbleFace)
            cairo_fill_preserve(cr)
            CairoCanvas.setColor(cr, BadgeLayout.Social.border)
            cairo_set_line_width(cr, 1)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
        if let placed = layout.logo { placed.logo.draw(cr, x: placed.x, y: placed.y, color: placed.color) }

        switch layout.icon {
        case .ring(let g):
            cairo_save(cr)
            cairo_translate(cr, layout.iconX, layout.iconY)
            cairo_set_line_width(cr, g.thickness)
            cairo_set_line_cap(cr, CairoCanvas.lineCap(g.cap))
            CairoCanvas.setColor(cr, layout.iconTrack)
            PNGRenderer.arc(cr, g, from: g.startAngle, sweep: 360, radius: g.radius)
            cairo_stroke(cr)
            if g.hasProgress {
                CairoCanvas.setColor(cr, layout.iconColor)
                PNGRenderer.arc(cr, g, from: g.progressStartAngle, sweep: g.progressSweep, radius: g.radius)
                cairo_stroke(cr)
            }
            cairo_restore(cr)
        case .bar(let from, let to):
            for (shape, color) in BadgeRenderer.barIcon(layout, from: from, to: to) {
                CairoCanvas.setColor(cr, color)
                BarRenderer.path(cr, shape)
                cairo_fill(cr)
            }
        case nil:
            break
        }

        if let label = layout.label { text(cr, label, size: layout.fontSize, baseline: layout.baseline) }
        text(cr, layout.value, size: layout.fontSize, baseline: layout.baseline)
    }

    /// Draws one text and its shadow, spread to its reserved length as SVG's `textLength` does (the difference
    /// shared between the gaps of its characters) when it is fitted, laid out whole so scripts join and read in their
    /// order.
    private static func text(_ cr: OpaquePointer, _ text: BadgeLayout.Text, size: Double, baseline: Double) {
        let clusters = text.text.count
        let natural = TextLayout.width(of: text.text, bold: text.bold, size: size, family: text.family)
        let spacing = clusters > 1 && text.fitted ? (Double(text.length) - natural) / Double(clusters - 1) : 0
        if let shadow = text.shadow {
            var color = shadow
            color.alpha = UInt8((Double(color.alpha) * text.shadowOpacity).rounded())
            CairoCanvas.setColor(cr, color)
            TextLayout.draw(
                text.text, on: cr, bold: text.bold, size: size, centerX: text.centerX,
                baseline: baseline + BadgeLayout.shadowOffset, spacing: spacing, family: text.family)
        }
        CairoCanvas.setColor(cr, text.fill)
        TextLayout.draw(
            text.text, on: cr, bold: text.bold, size: size, centerX: text.centerX, baseline: baseline,
            spacing: spacing, family: text.family)
    }

    /// A rectangle with the panel's rounded corners, clockwise from the top left, as the SVG path runs.
    private static func panelPath(_ cr: OpaquePointer, _ p: BadgeLayout.Panel) {
        let r = p.radii
        let quarter = Double.pi / 2
        cairo_new_path(cr)
        cairo_move_to(cr, p.x0 + r.topLeft, p.y0)
        cairo_line_to(cr, p.x1 - r.topRight, p.y0)
        if r.topRight > 0 { cairo_arc(cr, p.x1 - r.topRight, p.y0 + r.topRight, r.topRight, -quarter, 0) }
        cairo_line_to(cr, p.x1, p.y1 - r.bottomRight)
        if r.bottomRight > 0 {
            cairo_arc(cr, p.x1 - r.bottomRight, p.y1 - r.bottomRight, r.bottomRight, 0, quarter)
        }
        cairo_line_to(cr, p.x0 + r.bottomLeft, p.y1)
        if r.bottomLeft > 0 {
            cairo_arc(cr, p.x0 + r.bottomLeft, p.y1 - r.bottomLeft, r.bottomLeft, quarter, 2 * quarter)
        }
        cairo_line_to(cr, p.x0, p.y0 + r.topLeft)
        if r.topLeft > 0 { cairo_arc(cr, p.x0 + r.topLeft, p.y0 + r.topLeft, r.topLeft, 2 * quarter, 3 * quarter) }
        cairo_close_path(cr)
    }
}
