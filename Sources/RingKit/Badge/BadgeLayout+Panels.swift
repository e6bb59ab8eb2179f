extension BadgeLayout {
    /// The fills in painting order. The filled styles: the left half, the right half, then flat's shade or
    /// plastic's sheen over both. Social: the label's box (border, face, shade), then the value's bubble (border,
    /// face) and the gap its notch opens in the bubble's border; the notch itself is `notchX`.
    public var panels: [Panel] {
        if style == .social { return socialPanels }
        let r = cornerRadius
        let w = Double(width)
        let h = Double(height)
        var panels: [Panel] = []
        if labelWidth > 0 {
            panels.append(
                Panel(
                    x0: 0, y0: 0, x1: Double(labelWidth), y1: h,
                    radii: Corners(topLeft: r, topRight: 0, bottomRight: 0, bottomLeft: r), fill: labelFill, opacity: 1,
                    role: .labelColor))
        }
        let left = labelWidth > 0 ? 0 : r
        panels.append(
            Panel(
                x0: Double(labelWidth), y0: 0, x1: w, y1: h,
                radii: Corners(topLeft: left, topRight: r, bottomRight: r, bottomLeft: left), fill: valueFill,
                opacity: 1, role: .color))
        if isShaded {
            let bandHeight = h / Double(Self.shadeBands)
            for band in 0..<Self.shadeBands {
                let top = band == 0 ? r : 0
                let bottom = band == Self.shadeBands - 1 ? r : 0
                let gray = Self.shadeGray(band: band)
                panels.append(
                    Panel(
                        x0: 0, y0: Double(band) * bandHeight, x1: w, y1: Double(band + 1) * bandHeight,
                        radii: Corners(topLeft: top, topRight: top, bottomRight: bottom, bottomLeft: bottom),
                        fill: RGBAColor(gray, gray, gray),
                        opacity: Self.shadeOpacity))
            }
        }
        if style == .plastic {
            // A band a pixel high for each row: the sheen changes fast in its top and bottom two rows.
            let all = Corners(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
            for row in 0..<height {
                let sheen = Self.sheen(at: (Double(row) + 0.5) / h)
                panels.append(
                    Panel(
                        x0: 0, y0: 0, x1: w, y1: h, radii: all, fill: RGBAColor(sheen.gray, sheen.gray, sheen.gray),
                        opacity: sheen.opacity, slice: Slice(top: Double(row), bottom: Double(row + 1))))
            }
        }
        return panels
    }

    /// The shade's band `index` (0 at the top): its gray, the color shields.io's gradient has at the band's middle.
    public static func shadeGray(band index: Int) -> UInt8 {
        let t = (Double(index) + 0.5) / Double(shadeBands)
        return UInt8((187 * (1 - t)).rounded())
    }

    /// Plastic's sheen at `t` (0 at the top, 1 at the bottom), as shields.io's gradient has it: white at 70 % at the
    /// top, `#aaa` at 10 % a tenth down, black at 30 % nine tenths down and at 50 % at the bottom; color and
    /// opacity are interpolated apart, as SVG interpolates a gradient's stops.
    public static func sheen(at t: Double) -> (gray: UInt8, opacity: Double) {
        let stops: [(t: Double, gray: Double, opacity: Double)] = [
            (0, 255, 0.7), (0.1, 170, 0.1), (0.9, 0, 0.3), (1, 0, 0.5),
        ]
        let t = Swift.min(Swift.max(t, 0), 1)
        let upper = stops.firstIndex { $0.t >= t } ?? stops.count - 1
        let a = stops[Swift.max(upper - 1, 0)]
        let b = stops[upper]
        let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0
        let opacity = a.opacity + (b.opacity - a.opacity) * f
        return (UInt8((a.gray + (b.gray - a.gray) * f).rounded()), (opacity * 100).rounded() / 100)
    }

    /// Social's colors, as shields.io draws its light boxes.
    enum Social {
        static let border = RGBAColor(0xd5, 0xd5, 0xd5)
        static let labelFace = RGBAColor(0xfc, 0xfc, 0xfc)
        static let bubbleFace = RGBAColor(0xfa, 0xfa, 0xfa)
        /// The label box's shade runs from clear at the top to black at 10 % at the bottom.
        static let shadeOpacity = 0.1
    }

    /// Where social's notch points from: the left edge of the value's bubble (its border's middle); `nil` for the
    /// other styles and for a social badge without a label. The notch is an arrow 3 px deep from y = 6.5 to 13.5,
    /// filled with the bubble's face and outlined with its border.
    public var notchX: Double? { style == .social && labelWidth > 0 ? Double(valueX) + 0.5 : nil }

    /// Social's boxes: each a 1 px border (2.5 px corners outside, 1.5 px inside, as a 1 px stroke of shields'
    /// 2 px rounded rectangle) around its face.
    private var socialPanels: [Panel] {
        let h = Double(height)
        var panels: [Panel] = []
        func box(from x0: Double, to x1: Double, face: RGBAColor) {
            let outer = Corners(topLeft: 2.5, topRight: 2.5, bottomRight: 2.5, bottomLeft: 2.5)
            let inner = Corners(topLeft: 1.5, topRight: 1.5, bottomRight: 1.5, bottomLeft: 1.5)
            panels.append(Panel(x0: x0, y0: 0, x1: x1, y1: h, radii: outer, fill: Social.border, opacity: 1))
            panels.append(Panel(x0: x0 + 1, y0: 1, x1: x1 - 1, y1: h - 1, radii: inner, fill: face, opacity: 1))
        }
        if labelWidth > 0 {
            let x1 = Double(labelWidth)
            box(from: 0, to: x1, face: Social.labelFace)
            // The shade over the face, in bands as flat's (its gradient spans the box from y = 0.5 to h - 0.5).
            let bandHeight = (h - 2) / Double(Self.shadeBands)
            for band in 0..<Self.shadeBands {
                let y0 = 1 + Double(band) * bandHeight
                let t = (y0 + bandHeight / 2 - 0.5) / (h - 1)
                let top = band == 0 ? 1.5 : 0
                let bottom = band == Self.shadeBands - 1 ? 1.5 : 0
                let gray = UInt8((Double(Social.labelFace.red) * (1 - t)).rounded())
                panels.append(
                    Panel(
                        x0: 1, y0: y0, x1: x1 - 1, y1: y0 + bandHeight,
                        radii: Corners(topLeft: top, topRight: top, bottomRight: bottom, bottomLeft: bottom),
                        fill: RGBAColor(gray, gray, gray), opacity: (Social.shadeOpacity * t * 100).rounded() / 100))
            }
        }
        let x0 = Double(valueX)
        box(from: x0, to: Double(width), face: Social.bubbleFace)
        if labelWidth > 0 {
            // The bubble's border opens where the notch joins it.
            panels.append(
                Panel(
                    x0: x0 - 0.5, y0: 7, x1: x0 + 1, y1: 13,
                    radii: Corners(topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0),
                    fill: Social.bubbleFace, opacity: 1))
        }
        return panels
    }
}
