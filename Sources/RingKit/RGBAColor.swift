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
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        for c in channels {
            out.append(digits[Int(c >> 4)])
            out.append(digits[Int(c & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
