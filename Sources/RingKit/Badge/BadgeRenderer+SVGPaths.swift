extension BadgeRenderer {
    /// Social's notch: an arrow 3 px deep from the bubble's left edge at `x`, filled with the bubble's face and
    /// outlined with its border (an open outline: the side along the bubble is not drawn).
    static func notch(_ w: inout MarkupWriter, x: Double) {
        w.raw("<path d=\"M")
        w.number(x)
        w.raw(" 6.5l-3 3v1l3 3\" fill=\"")
        w.color(BadgeLayout.Social.bubbleFace)
        w.raw("\" stroke=\"")
        w.color(BadgeLayout.Social.border)
        w.raw("\"/>")
    }

    /// A rectangle with the panel's rounded corners, clockwise from the top left.
    static func panelPath(_ w: inout MarkupWriter, _ p: BadgeLayout.Panel) {
        if let slice = p.slice {
            slicePath(&w, p, slice)
            return
        }
        let r = p.radii
        w.raw("M")
        w.number(p.x0 + r.topLeft)
        w.raw(" ")
        w.number(p.y0)
        w.raw("H")
        w.number(p.x1 - r.topRight)
        corner(&w, r.topRight, toX: p.x1, toY: p.y0 + r.topRight)
        w.raw("V")
        w.number(p.y1 - r.bottomRight)
        corner(&w, r.bottomRight, toX: p.x1 - r.bottomRight, toY: p.y1)
        w.raw("H")
        w.number(p.x0 + r.bottomLeft)
        corner(&w, r.bottomLeft, toX: p.x0, toY: p.y1 - r.bottomLeft)
        w.raw("V")
        w.number(p.y0 + r.topLeft)
        corner(&w, r.topLeft, toX: p.x0 + r.topLeft, toY: p.y0)
        w.raw("Z")
    }

    private static func corner(_ w: inout MarkupWriter, _ radius: Double, toX x: Double, toY y: Double) {
        guard radius > 0 else { return }
        w.clockwiseArc(radius: radius, toX: x, toY: y)
    }

    /// The rows `slice.top..<slice.bottom` of the panel's rectangle, whose corners share the top left's radius:
    /// clockwise from the top left, along the corners' circles where the rows cross them.
    private static func slicePath(_ w: inout MarkupWriter, _ p: BadgeLayout.Panel, _ slice: BadgeLayout.Slice) {
        let r = p.radii.topLeft
        let a = slice.top
        let b = slice.bottom
        let topArcs = p.y0 + r
        let bottomArcs = p.y1 - r
        // How far the outline lies inside the rectangle's side at row `y`.
        func inset(_ y: Double) -> Double {
            let d = y < topArcs ? topArcs - y : (y > bottomArcs ? y - bottomArcs : 0)
            return r - (r * r - d * d).squareRoot()
        }
        func along(toX x: Double, toY y: Double) {
            if r > 0 {
                corner(&w, r, toX: x, toY: y)
            } else {
                w.raw("L")
                w.number(x)
                w.raw(" ")
                w.number(y)
            }
        }
        w.raw("M")
        w.number(p.x0 + inset(a))
        w.raw(" ")
        w.number(a)
        w.raw("H")
        w.number(p.x1 - inset(a))
        // Down the right side.
        var y = a
        if y < topArcs {
            y = Swift.min(b, topArcs)
            along(toX: p.x1 - inset(y), toY: y)
        }
        if y < b && y < bottomArcs {
            y = Swift.min(b, bottomArcs)
            w.raw("V")
            w.number(y)
        }
        if y < b { along(toX: p.x1 - inset(b), toY: b) }
        w.raw("H")
        w.number(p.x0 + inset(b))
        // Up the left side.
        y = b
        if y > bottomArcs {
            y = Swift.max(a, bottomArcs)
            along(toX: p.x0 + inset(y), toY: y)
        }
        if y > a && y > topArcs {
            y = Swift.max(a, topArcs)
            w.raw("V")
            w.number(y)
        }
        if y > a { along(toX: p.x0 + inset(a), toY: a) }
        w.raw("Z")
    }
}
