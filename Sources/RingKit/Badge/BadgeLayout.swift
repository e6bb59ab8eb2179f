/// Where everything of one badge goes, computed once from a `BadgeSpec` so the SVG and the PNG draw the same picture.
///
/// The measures are shields.io's flat badge: 20 px high, Verdana 11 px text (DejaVu Sans advances) on a baseline
/// at y = 14 with its shadow at 15, each text in a box of its width rounded up to an odd number, 6 px from the outer
/// edge and 4 px from the seam. The right half adds a ring icon, 12 px across, before its text. Lengths are in CSS
/// pixels (the PNG multiplies them by `scale`).
public struct BadgeLayout: Sendable, Hashable {
    /// One text of the badge, centred on `centerX`.
    public struct Text: Sendable, Hashable {
        public let text: String
        public let centerX: Double
        /// The width the text is stretched or squeezed to (SVG `textLength`), whatever font the viewer has.
        public let length: Int
        public let fill: RGBAColor
        /// The 1 px lower copy drawn first, at `shadowOpacity`; `nil` for flat-square.
        public let shadow: RGBAColor?
    }

    /// A filled rectangle whose corners may be rounded: the halves of the badge and the bands of its shade.
    public struct Panel: Sendable, Hashable {
        public let x0: Double
        public let y0: Double
        public let x1: Double
        public let y1: Double
        public let radii: Corners
        public let fill: RGBAColor
        /// Multiplies the fill's own alpha.
        public let opacity: Double
        /// Which color it is filled with: the label's, the value's, or a band of the shade (`nil`).
        public var role: BadgeSpec.ColorRoles? = nil
    }

    /// Corner radii of a panel.
    public struct Corners: Sendable, Hashable {
        public let topLeft: Double
        public let topRight: Double
        public let bottomRight: Double
        public let bottomLeft: Double
    }

    public static let height = 20
    public static let baseline = 14.0
    public static let shadowOffset = 1.0
    public static let shadowOpacity = 0.3
    /// The ring icon's outer diameter and stroke width.
    public static let iconSize = 12
    public static let iconThickness = 2.0
    /// Opacity of the icon's track, drawn in the text color.
    public static let iconTrackOpacity = 0.35
    /// The flat style's shade, as shields.io's gradient (`#bbb` at 10 % at the top to black at 10 % at the bottom)
    /// sampled in horizontal bands: SVG may not reference a gradient (`url(` is not allowed in our images).
    public static let shadeBands = 4
    public static let shadeOpacity = 0.1

    public let width: Int
    /// Width of the left half (0 when the label is empty).
    public let labelWidth: Int
    /// Corner radius: 3 for flat, 0 for flat-square.
    public let cornerRadius: Double
    public let labelFill: RGBAColor
    public let valueFill: RGBAColor
    public let label: Text?
    public let value: Text
    /// Left edge of the icon; it is centred vertically.
    public let iconX: Double
    /// The icon: a ring of `iconSize` pixels (its geometry), or a bar `barIconWidth` × `barIconHeight` filled to a
    /// share; `nil` draws none.
    public let icon: Icon?
    public let iconColor: RGBAColor
    public let iconTrack: RGBAColor
    /// Whether the flat style's shade is drawn.
    public let isShaded: Bool
    /// The panels whose fill switches to the dark theme's where the viewer prefers a dark scheme (`theme=auto`).
    public let themedPanels: BadgeSpec.ColorRoles

    /// A badge's small picture.
    public enum Icon: Sendable, Hashable {
        case ring(RingGeometry)
        /// A bar filled from `from` to `to` (shares 0…1: from 0, or from a neutral point).
        case bar(from: Double, to: Double)

        /// Its width in CSS pixels.
        public var width: Int {
            switch self {
            case .ring: BadgeLayout.iconSize
            case .bar: BadgeLayout.barIconWidth
            }
        }

        /// Its height in CSS pixels.
        public var height: Int {
            switch self {
            case .ring: BadgeLayout.iconSize
            case .bar: BadgeLayout.barIconHeight
            }
        }
    }

    /// The bar icon's size, with round ends.
    public static let barIconWidth = 16
    public static let barIconHeight = 6
    /// The accessible name.
    public let title: String

    /// Lays out `spec`; never traps, whatever the spec holds.
    public init(_ spec: BadgeSpec) {
        let spec = spec.normalized()
        let icon: Icon
        switch spec.icon {
        case .ring:
            var ring = RingSpec()
            ring.size = Self.iconSize
            ring.thickness = Self.iconThickness
            ring.min = spec.min
            ring.max = spec.max
            ring.value = spec.value
            ring.neutral = spec.neutral
            ring.label = .none
            icon = .ring(RingGeometry(ring))
        case .bar:
            let neutral =
                spec.neutral.map { n in spec.max > spec.min ? (n - spec.min) / (spec.max - spec.min) : 0 } ?? 0
            icon = .bar(from: Swift.min(neutral, spec.fraction), to: Swift.max(neutral, spec.fraction))
        }
        self.init(
            label: spec.label, labelFill: spec.labelColor, value: spec.valueText, valueFill: spec.valueColor,
            style: spec.style, icon: icon, title: spec.title,
            themedPanels: spec.theme == .auto ? spec.themedColors : [])
    }

    /// Lays out any two texts; without an icon the right half is a plain shields.io message.
    init(
        label labelText: String, labelFill: RGBAColor, value valueText: String, valueFill: RGBAColor,
        style: BadgeSpec.Style, icon: Icon?, title: String, themedPanels: BadgeSpec.ColorRoles = []
    ) {
        self.themedPanels = themedPanels
        let flat = style == .flat
        cornerRadius = flat ? 3 : 0
        isShaded = flat
        self.labelFill = labelFill
        self.valueFill = valueFill
        self.title = RingGeometry.printable(title)

        let labelText = RingGeometry.printable(labelText)
        let labelLength = BadgeTextWidths.reservedWidth(of: labelText)
        labelWidth = labelText.isEmpty ? 0 : labelLength + 10
        if labelText.isEmpty {
            label = nil
        } else {
            let colors = Self.textColors(on: labelFill)
            label = Text(
                text: labelText, centerX: 6 + Double(labelLength) / 2, length: labelLength, fill: colors.text,
                shadow: flat ? colors.shadow : nil)
        }

        let valueText = RingGeometry.printable(valueText)
        let valueLength = BadgeTextWidths.reservedWidth(of: valueText)
        let valueColors = Self.textColors(on: valueFill)
        // Icon 5 px from the seam (a ring has no side bearing, a glyph has about one pixel), 4 px to the text.
        // Without one, the text sits 4 px from the seam as shields.io puts it.
        iconX = Double(labelWidth + 5)
        let textStart = Double(labelWidth + (icon.map { 5 + $0.width + 4 } ?? 4))
        value = Text(
            text: valueText, centerX: textStart + Double(valueLength) / 2, length: valueLength,
            fill: valueColors.text, shadow: flat ? valueColors.shadow : nil)
        width = Int(textStart) + valueLength + 6

        self.icon = icon
        iconColor = valueColors.text
        var track = valueColors.text
        track.alpha = UInt8((Self.iconTrackOpacity * 255).rounded())
        iconTrack = track
    }

    /// The fills in painting order: the left half, the right half, then the shade's bands over both.
    public var panels: [Panel] {
        let r = cornerRadius
        let w = Double(width)
        let h = Double(Self.height)
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
        return panels
    }

    /// The top of the icon's box.
    public var iconY: Double { Double(Self.height - (icon?.height ?? Self.iconSize)) / 2 }

    /// The shade's band `index` (0 at the top): its gray, the color shields.io's gradient has at the band's middle.
    public static func shadeGray(band index: Int) -> UInt8 {
        let t = (Double(index) + 0.5) / Double(shadeBands)
        return UInt8((187 * (1 - t)).rounded())
    }

    /// Text and shadow colors that read on `fill`, as shields.io picks them: white text on a dark fill, dark gray
    /// on a light one (perceived brightness above 0.69).
    static func textColors(on fill: RGBAColor) -> (text: RGBAColor, shadow: RGBAColor) {
        let brightness =
            (299 * Double(fill.red) + 587 * Double(fill.green) + 114 * Double(fill.blue)) / 255_000
        return brightness <= 0.69
            ? (RGBAColor(0xff, 0xff, 0xff), RGBAColor(0x01, 0x01, 0x01))
            : (RGBAColor(0x33, 0x33, 0x33), RGBAColor(0xcc, 0xcc, 0xcc))
    }
}
