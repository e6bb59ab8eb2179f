/// A spec that draws a `ValueReading` written in a `ValueStyle`: what the rows of the value's style bind to, once
/// for every kind (`ImageParameter.StyleBinding`).
protocol DrawsReading {
    var reading: ValueReading { get }
    var valueStyle: ValueStyle { get set }
}

extension RingSpec: DrawsReading {
    /// Gives every value of the reading after the first its look (`innerRings`), the defaults for those it had none
    /// for, once the reading changed.
    mutating func fitLooksToReading() {
        let count = reading.more.count
        guard innerRings.count != count else { return }
        if innerRings.count > count { innerRings.removeLast(innerRings.count - count) }
        let light = Theme.light
        while innerRings.count < count {
            innerRings.append(
                InnerRing(color: light.ringColors[Swift.min(innerRings.count + 1, 4)], track: light.track))
        }
    }
}

extension BadgeSpec: DrawsReading {}
