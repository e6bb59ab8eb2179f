/// A color in sRGB with straight (not premultiplied) alpha, 8 bits per channel.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

extension RGBAColor {
    /// The canonical text of this color, the only form output ever writes: `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        let opaque = alpha == 255
        // Built in place: this runs for every color of every cache key.
        return String(unsafeUninitializedCapacity: opaque ? 7 : 9) { buffer in
            func put(_ channel: UInt8, at index: Int) {
                let high = channel >> 4
                let low = channel & 0xF
                buffer[index] = high < 10 ? high + UInt8(ascii: "0") : high - 10 + UInt8(ascii: "a")
                buffer[index + 1] = low < 10 ? low + UInt8(ascii: "0") : low - 10 + UInt8(ascii: "a")
            }
            buffer[0] = UInt8(ascii: "#")
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            if !opaque { put(alpha, at: 7) }
            return opaque ? 7 : 9
        }
    }
}
