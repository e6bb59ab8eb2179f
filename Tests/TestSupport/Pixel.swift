/// One pixel as a viewer shows it: straight (not premultiplied) red, green, blue and alpha.
public struct Pixel: Sendable, Hashable, CustomStringConvertible {
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

    /// Whether every channel is within `tolerance` of `other`'s.
    public func isClose(to other: Pixel, tolerance: Int = 2) -> Bool {
        distance(to: other) <= tolerance
    }

    /// The largest difference of any channel, alpha included.
    public func distance(to other: Pixel) -> Int {
        Swift.max(
            abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)),
            abs(Int(alpha) - Int(other.alpha)))
    }

    /// The difference a viewer sees: the largest difference of the premultiplied channels, so fully transparent
    /// pixels of any color match.
    public func visibleDistance(to other: Pixel) -> Int {
        func premultiplied(_ c: Pixel) -> (Int, Int, Int, Int) {
            let a = Int(c.alpha)
            return (Int(c.red) * a / 255, Int(c.green) * a / 255, Int(c.blue) * a / 255, a)
        }
        let p = premultiplied(self)
        let q = premultiplied(other)
        return Swift.max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2), abs(p.3 - q.3))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    public var description: String { hex }
}
