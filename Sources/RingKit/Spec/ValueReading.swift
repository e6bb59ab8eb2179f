/// What an image reads of its value, whatever its kind: the number or numbers (from the URL, a push or a live source),
/// the scale each is drawn against, and the value `{delta}` compares with. A ring and a badge hold one (a bar and a
/// sparkline in their `series`); the rows of `value`, `min` and `max` are bound to it once for every kind
/// (`ImageParameter.ReadingBinding`), and `ValueStyle` says how it is written.
public struct ValueReading: Sendable, Hashable {
    /// A value after the first (an inner ring, a further bar) and the value of its full circle where it is not the
    /// reading's `max` (`max=100,42`, or each stored value's own record).
    public struct Item: Sendable, Hashable {
        public var value: Double
        public var max: Double?

        public init(value: Double, max: Double? = nil) {
            self.value = value
            self.max = max
        }
    }

    /// The first value (the outermost ring, the top bar, a sparkline's last point, a badge's value).
    public var value: Double = 0
    public var min: Double = 0
    public var max: Double = 100
    /// The values after the first, in order; empty for one value (always, for a badge).
    public var more: [Item] = []
    /// The value `{delta}` is the change from and `{previous}` writes (a stored value's, over `trend`).
    public var previous: Double? = nil

    public init() {}

    public init(value: Double, min: Double = 0, max: Double = 100) {
        self.value = value
        self.min = min
        self.max = max
    }

    /// How many values: one plus `more`.
    public var count: Int { 1 + more.count }

    /// Value `index` (0 is the first).
    public func value(at index: Int) -> Double { index == 0 ? value : more[index - 1].value }

    /// The value of item `index`'s full circle or bar: its own, or `max`.
    public func max(at index: Int) -> Double { index == 0 ? max : more[index - 1].max ?? max }

    /// `value`'s share of item `index`'s `min…max`, 0…1 (0 where the span is empty or not finite).
    public func share(of value: Double, at index: Int) -> Double {
        let span = max(at: index) - min
        guard span > 0, span.isFinite, value.isFinite else { return 0 }
        return Swift.min(Swift.max((value - min) / span, 0), 1)
    }

    /// The first value's share of `min…max`, 0…1.
    public var fraction: Double { share(of: value, at: 0) }

    /// The one reading of all those that draw the same: `-0` made `0`, an item's own max dropped where it is `max`,
    /// and every value clamped into its `min…max` unless `keepsValues` (a label or a map reads the value as given).
    public func normalized(keepsValues: Bool) -> ValueReading {
        var reading = self
        // Adding +0 turns -0 into +0 and leaves every other number as it is.
        reading.min = min + 0
        reading.max = max + 0
        reading.value = keepsValues ? value + 0 : clamped(value, max: max)
        for index in more.indices {
            let own = more[index].max.map { $0 + 0 }
            reading.more[index].max = own == max + 0 ? nil : own
            let itemMax = own ?? max
            reading.more[index].value = keepsValues ? more[index].value + 0 : clamped(more[index].value, max: itemMax)
        }
        return reading
    }

    /// `x` clamped into `min…max`, `-0` made `0`.
    private func clamped(_ x: Double, max: Double) -> Double {
        (min <= max ? Swift.min(Swift.max(x, min), max) : x) + 0
    }
}
