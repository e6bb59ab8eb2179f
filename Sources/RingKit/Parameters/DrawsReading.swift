/// A spec that draws a `ValueReading` written in a `ValueStyle`: what the rows of the value and of its style bind
/// to, once for every kind.
protocol DrawsReading {
    var reading: ValueReading { get set }
    var valueStyle: ValueStyle { get set }
    /// Whether the kind draws several values (`value=30,60,90`: rings, bars) or one (a badge).
    static var drawsSeveral: Bool { get }
    /// Gives every value of the reading after the first its look (a ring's `innerRings`), the defaults for the ones
    /// it had none for, once the reading changed.
    mutating func fitLooksToReading()
}

extension RingSpec: DrawsReading {
    static var drawsSeveral: Bool { true }

    mutating func fitLooksToReading() {
        let count = reading.more.count
        guard innerRings.count != count else { return }
        if innerRings.count > count { innerRings.removeLast(innerRings.count - count) }
        let light = Theme.light
        while innerRings.count < count {
            innerRings.append(InnerRing(color: light.ringColors[innerRings.count + 1], track: light.track))
        }
    }
}

extension BadgeSpec: DrawsReading {
    static var drawsSeveral: Bool { false }
    mutating func fitLooksToReading() {}
}
