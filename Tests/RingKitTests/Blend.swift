import RingKit

/// `over` painted on `under` at `opacity`, as a viewer composes them.
func blend(_ under: RGBAColor, _ over: RGBAColor, _ opacity: Double) -> RGBAColor {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - opacity) + Double(b) * opacity).rounded()) }
    return RGBAColor(mix(under.red, over.red), mix(under.green, over.green), mix(under.blue, over.blue))
}
