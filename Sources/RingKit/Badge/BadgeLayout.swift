/// Where everything of one badge goes, computed once from a `BadgeSpec` so the SVG and the PNG draw the same picture.
///
/// The measures are shields.io's, style by style (`BadgeStyleMetrics`): the flat badge is 20 px high, Verdana 11 px
/// text (Verdana's advances, `BadgeTextWidths`) on a baseline at y = 14 with its shadow at 15, each text in a box of its width rounded
/// up to an odd number, 6 px from the outer edge and 4 px from the seam. The right half adds a ring icon, 12 px
/// across, before its text. Lengths are in CSS pixels (the PNG multiplies them by `scale`).
public struct BadgeLayout: Sendable, Hashable {
    /// One text of the badge, centred on `centerX`.
    public struct Text: Sendable, Hashable {
        public let text: String
        public let centerX: Double
        /// The width the text is stretched or squeezed to (SVG `textLength`), whatever font the viewer has.
        public let length: Int
        public let fill: RGBAColor
        /// The 1 px lower copy drawn first, at `shadowOpacity`; `nil` for the styles without one.
        public let shadow: RGBAColor?
        public var shadowOpacity = BadgeLayout.shadowOpacity
        public var bold = false
        /// The family the PNG draws it in (the SVG names the style's font list).
        var family = TextLayout.Family.sans
        /// Whether the text is fitted to `length` (SVG `textLength`). Text of scripts the width table does not cover
        /// is not: it is measured by the layout and drawn at its natural width, so no word is stretched and joined
        /// letters stay joined.
        public var fitted = true
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
        /// When set, only the rows `top..<bottom` of the rounded rectangle are filled: a band of a shade over
        /// corners rounder than the band is high (plastic's sheen, a band a pixel high under 4 px corners).
        public var slice: Slice? = nil
    }

    /// The rows of a panel that are filled; see `Panel.slice`.
    public struct Slice: Sendable, Hashable {
        public let top: Double
        public let bottom: Double
    }

    /// Corner radii of a panel.
    public struct Corners: Sendable, Hashable {
        public let topLeft: Double
        public let topRight: Double
        public let bottomRight: Double
        public let bottomLeft: Double
    }

    /// The flat styles' height and baseline; see `height` and `baseline` for a badge's own.
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

    public let style: BadgeSpec.Style
    public let width: Int
    public let height: Int
    public let baseline: Double
    public let fontSize: Double
    /// Width of the left half (0 when the label is empty).
    public let labelWidth: Int
    /// Where the value's part starts: `labelWidth`, or beyond it by social's gutter.
    public let valueX: Int
    /// Corner radius: 3 for flat, 0 for flat-square, 4 for plastic.
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
    /// The logo, placed as shields.io places it: before the label, or at the left of the value without one.
    public let logo: PlacedLogo?

    /// A logo in its 14 px square, whose top left is (`x`, `y`), and the color of its named fill.
    public struct PlacedLogo: Sendable, Hashable {
        public let logo: Logo
        public let x: Double
        public let y: Double
        public let color: RGBAColor
    }

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

    /// Space between a logo and the label after it (shields.io's `logoPadding`).
    static let logoPadding = 3
    /// The bar icon's size, with round ends.
    public static let barIconWidth = 16
    public static let barIconHeight = 6
    /// The accessible name.
    public let title: String

    /// Lays out `spec`; never traps, whatever the spec holds.
    public init(_ spec: BadgeSpec) {
        let spec = spec.normalized()
        let icon: Icon?
        switch spec.icon {
        case _ where spec.message != nil || spec.preset != nil, .none:
            icon = nil
        case .ring:
            var ring = RingSpec()
            ring.size = Self.iconSize
            ring.thickness = Self.iconThickness
            ring.reading = spec.reading
            ring.valueStyle.neutral = spec.valueStyle.neutral
            ring.label = .none
            icon = .ring(RingGeometry(ring))
        case .bar:
            let neutral =
                spec.valueStyle.neutral.map { n in spec.reading.share(of: n, at: 0) }
                ?? 0
            icon = .bar(from: Swift.min(neutral, spec.fraction), to: Swift.max(neutral, spec.fraction))
        }
        self.init(
            label: spec.label, labelFill: spec.labelColor, value: spec.valueText, valueFill: spec.valueColor,
            style: spec.style, icon: icon, title: spec.title,
            themedPanels: spec.theme == .auto ? spec.themedColors : [], logo: spec.logo, logoColor: spec.logoColor,
            textColor: spec.textColor)
    }

    /// Lays out any two texts; without an icon the right half is a plain shields.io message.
    init(
        label labelText: String, labelFill: RGBAColor, value valueText: String, valueFill: RGBAColor,
        style: BadgeSpec.Style, icon: Icon?, title: String, themedPanels: BadgeSpec.ColorRoles = [],
        logo: Logo? = nil, logoColor: RGBAColor? = nil, textColor: RGBAColor? = nil
    ) {
        let m = BadgeStyleMetrics.of(style)
        self.style = style
        height = m.height
        baseline = m.baseline
        fontSize = m.fontSize
        // Social's boxes are its own light colors, which no theme switches.
        self.themedPanels = style == .social ? [] : themedPanels
        cornerRadius = m.cornerRadius
        isShaded = style == .flat
        self.labelFill = labelFill
        self.valueFill = valueFill
        self.title = RingGeometry.printable(title)

        let labelText = m.cased(RingGeometry.printable(labelText), isLabel: true)
        let labelLength = m.reservedWidth(of: labelText, bold: m.labelBold)
        // shields.io's room for a logo: before a label, the logo and 3 px; without one, the logo leads the value's
        // part (social gives it a box of its own).
        let labelStart = m.labelPadding.left + (logo == nil ? 0 : Int(Logo.size) + Self.logoPadding)
        let logoBox = logo != nil && labelText.isEmpty && style == .social
        if logoBox {
            labelWidth = m.logoInset + Int(Logo.size) + m.logoInset + 1
        } else {
            labelWidth = labelText.isEmpty ? 0 : labelStart + labelLength + m.labelPadding.right
        }
        let logoShift = logo != nil && labelText.isEmpty && !logoBox ? m.logoShift : 0
        if let logo {
            self.logo = PlacedLogo(
                logo: logo, x: Double(m.logoInset), y: Double(m.height) / 2 - Logo.size / 2,
                color: logoColor ?? logo.defaultColor(onLight: style == .social))
        } else {
            self.logo = nil
        }
        if labelText.isEmpty {
            label = nil
        } else {
            let colors = Self.textColors(on: labelFill, style: style, given: textColor)
            var text = Text(
                text: labelText, centerX: Double(labelStart) + Double(labelLength) / 2, length: labelLength,
                fill: colors.text, shadow: m.shadowOpacity == nil ? nil : colors.shadow)
            text.shadowOpacity = m.shadowOpacity ?? 0
            text.bold = m.labelBold
            text.family = m.family
            text.fitted = BadgeTextWidths.covers(labelText, in: m.widths(bold: m.labelBold))
            label = text
        }

        let valueText = m.cased(RingGeometry.printable(valueText), isLabel: false)
        let valueLength = m.reservedWidth(of: valueText, bold: m.valueBold)
        let valueColors = Self.textColors(on: valueFill, style: style, given: textColor)
        valueX = labelWidth == 0 ? 0 : labelWidth + m.gutter
        iconX = Double(valueX + logoShift + m.iconInset)
        let textStart = Double(
            valueX + logoShift + (icon.map { m.iconInset + $0.width + m.iconGap } ?? m.textInset))
        var value = Text(
            text: valueText, centerX: textStart + Double(valueLength) / 2, length: valueLength,
            fill: valueColors.text, shadow: m.shadowOpacity == nil ? nil : valueColors.shadow)
        value.shadowOpacity = m.shadowOpacity ?? 0
        value.bold = m.valueBold
        value.family = m.family
        value.fitted = BadgeTextWidths.covers(valueText, in: m.widths(bold: m.valueBold))
        self.value = value
        width = Int(textStart) + valueLength + m.endPadding

        self.icon = icon
        // On social's light bubble the icon's progress takes the value's color (thresholds included).
        iconColor = style == .social ? valueFill : valueColors.text
        var track = valueColors.text
        track.alpha = UInt8((Self.iconTrackOpacity * 255).rounded())
        iconTrack = track
    }

    /// The top of the icon's box.
    public var iconY: Double { Double(height - (icon?.height ?? Self.iconSize)) / 2 }

    /// Text and shadow colors that read on `fill` at WCAG's 4.5:1 for text (1.4.3): white where white reaches it,
    /// else shields' dark gray where that does, else black (which always does where white does not): white on blue,
    /// dark gray on shields' orange and brightgreen, black on a mid-tone such as shields' blue `#007ec6`. Social's
    /// are dark gray with a white shadow on its light boxes, whatever the fills.
    /// A `given` color (`textColor`) is kept, with the shadow that sets it off: dark under a light text, light under
    /// a dark one (social's stays white).
    static func textColors(
        on fill: RGBAColor, style: BadgeSpec.Style = .flat, given: RGBAColor? = nil
    ) -> (text: RGBAColor, shadow: RGBAColor) {
        if let given {
            if style == .social { return (given, RGBAColor(0xff, 0xff, 0xff)) }
            let light = given.contrast(with: RGBAColor(0, 0, 0)) >= given.contrast(with: RGBAColor(0xff, 0xff, 0xff))
            return (given, light ? RGBAColor(0x01, 0x01, 0x01) : RGBAColor(0xcc, 0xcc, 0xcc))
        }
        if style == .social { return (RGBAColor(0x33, 0x33, 0x33), RGBAColor(0xff, 0xff, 0xff)) }
        let white = RGBAColor(0xff, 0xff, 0xff)
        if white.contrast(with: fill) >= minimumTextContrast { return (white, RGBAColor(0x01, 0x01, 0x01)) }
        let gray = RGBAColor(0x33, 0x33, 0x33)
        let dark = gray.contrast(with: fill) >= minimumTextContrast ? gray : RGBAColor(0, 0, 0)
        return (dark, RGBAColor(0xcc, 0xcc, 0xcc))
    }

    /// WCAG 2's contrast for text (1.4.3, level AA).
    static let minimumTextContrast = 4.5
}
