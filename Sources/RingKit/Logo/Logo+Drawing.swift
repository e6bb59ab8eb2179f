import CCairo

extension Logo {
    /// Writes the logo as SVG paths fitted into the square of `side` at (`x`, `y`), its named fill in `color`: the
    /// points written by us from the parsed outlines, in image coordinates (no transform, no markup of the source).
    /// The markup of a placement and color is written once and kept with the logo (a badge's logo has a handful).
    func svg(_ w: inout MarkupWriter, x: Double, y: Double, side: Double = Logo.size, color: RGBAColor) {
        let key = Placement(x: x, y: y, side: side, color: color)
        if let kept = written.withLock({ $0[key] }) {
            w.bytes.append(contentsOf: kept)
            return
        }
        var own = MarkupWriter(capacity: 4096)
        write(&own, key)
        written.withLock { kept in
            if kept.count >= Self.keptPlacements { kept.removeAll() }
            kept[key] = own.bytes
        }
        w.bytes.append(contentsOf: own.bytes)
    }

    private func write(_ w: inout MarkupWriter, _ placement: Placement) {
        let transform = transform(x: placement.x, y: placement.y, side: placement.side)
        let color = placement.color
        for shape in shapes {
            w.raw("<path d=\"")
            Self.pathData(&w, shape.path, transform)
            w.raw("\"")
            switch shape.fill {
            case .none:
                w.raw(" fill=\"none\"")
            case .logoColor:
                Self.paint(&w, " fill=\"", color, opacity: " fill-opacity=\"")
            case .color(let c):
                Self.paint(&w, " fill=\"", c, opacity: " fill-opacity=\"")
            }
            if shape.evenOdd { w.raw(" fill-rule=\"evenodd\"") }
            if let stroke = Self.color(shape.stroke, logoColor: color) {
                Self.paint(&w, " stroke=\"", stroke, opacity: " stroke-opacity=\"")
                w.raw(" stroke-width=\"")
                w.number(shape.strokeWidth * transform.lengthScale)
                w.raw("\"")
            }
            w.raw("/>")
        }
    }

    private static func paint(
        _ w: inout MarkupWriter, _ attribute: StaticString, _ c: RGBAColor, opacity: StaticString
    ) {
        var opaque = c
        opaque.alpha = 255
        w.raw(attribute)
        w.color(opaque)
        w.raw("\"")
        if c.alpha < 255 {
            w.raw(opacity)
            w.number(Double(c.alpha) / 255)
            w.raw("\"")
        }
    }

    private static func color(_ paint: Paint, logoColor: RGBAColor) -> RGBAColor? {
        switch paint {
        case .none: nil
        case .logoColor: logoColor
        case .color(let c): c
        }
    }

    private static func pathData(_ w: inout MarkupWriter, _ path: LogoPath, _ t: LogoAffine) {
        func point(_ p: LogoPath.Point) {
            let q = t.apply(p)
            w.number(q.x)
            w.raw(" ")
            w.number(q.y)
        }
        for command in path.commands {
            switch command {
            case .move(let p):
                w.raw("M")
                point(p)
            case .line(let p):
                w.raw("L")
                point(p)
            case .curve(let a, let b, let c):
                w.raw("C")
                point(a)
                w.raw(" ")
                point(b)
                w.raw(" ")
                point(c)
            case .close:
                w.raw("Z")
            }
        }
    }

    /// Draws the logo with Cairo into the square of `side` at (`x`, `y`) of the context's user space, from the same
    /// outlines the SVG writes.
    func draw(_ cr: OpaquePointer, x: Double, y: Double, side: Double = Logo.size, color: RGBAColor) {
        let transform = transform(x: x, y: y, side: side)
        // The SVG's stroke defaults, whatever the context drew before.
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        for shape in shapes {
            cairo_new_path(cr)
            for command in shape.path.commands {
                switch command {
                case .move(let p):
                    let q = transform.apply(p)
                    cairo_move_to(cr, q.x, q.y)
                case .line(let p):
                    let q = transform.apply(p)
                    cairo_line_to(cr, q.x, q.y)
                case .curve(let a, let b, let c):
                    let (qa, qb, qc) = (transform.apply(a), transform.apply(b), transform.apply(c))
                    cairo_curve_to(cr, qa.x, qa.y, qb.x, qb.y, qc.x, qc.y)
                case .close:
                    cairo_close_path(cr)
                }
            }
            cairo_set_fill_rule(cr, shape.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            if let fill = Self.color(shape.fill, logoColor: color) {
                CairoCanvas.setColor(cr, fill)
                cairo_fill_preserve(cr)
            }
            if let stroke = Self.color(shape.stroke, logoColor: color) {
                CairoCanvas.setColor(cr, stroke)
                // Never wider than the logo's square (the reader refuses wider ones; named logos have no stroke).
                cairo_set_line_width(cr, Swift.min(shape.strokeWidth * transform.lengthScale, side))
                cairo_stroke_preserve(cr)
            }
            cairo_new_path(cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
}
