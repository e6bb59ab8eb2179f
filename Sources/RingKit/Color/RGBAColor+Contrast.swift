#if canImport(Glibc)
    import Glibc
#endif

extension RGBAColor {
    /// WCAG 2 relative luminance of the color, 0 (black) to 1 (white); alpha is not considered.
    var relativeLuminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG 2 contrast ratio with `other`, 1 to 21.
    func contrast(with other: RGBAColor) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// `self` painted over `below`: what a viewer sees of a translucent color.
    func composited(over below: RGBAColor) -> RGBAColor {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBAColor(mix(red, below.red), mix(green, below.green), mix(blue, below.blue))
    }
}

extension RGBAColor {
    /// The page a dark scheme shows images on: GitHub's dark background.
    static let darkPage = RGBAColor(0x0d, 0x11, 0x17)

    /// The color as a dark scheme draws a threshold's or a gradient's color: as it is when it stands out from a dark
    /// page (contrast 3:1, WCAG's bar for graphics), otherwise mixed toward white just enough that it does. A navy or
    /// dark red that reads on white would vanish on a dark page.
    public var onDarkPage: RGBAColor {
        var adapted = self
        var step = 0
        while adapted.contrast(with: Self.darkPage) < 3 && step < 20 {
            step += 1
            let t = Double(step) / 20
            func lift(_ c: UInt8) -> UInt8 { UInt8((Double(c) + (255 - Double(c)) * t).rounded()) }
            adapted = RGBAColor(lift(red), lift(green), lift(blue), alpha)
        }
        return adapted
    }
}
