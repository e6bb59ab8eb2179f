/// Value-driven color: `50:orange,80:green` means below 50 % the ring's own color, from 50 % orange, from 80 % green.
///
/// Percents are shares of `min…max` (not raw values), strictly ascending within 0…100, at most `maximumSteps` pairs.
/// Rings and badges read it the same way, through `color(forPercent:default:)`.
public struct Thresholds: Sendable, Hashable {
    /// From `percent` (inclusive) up to the next step, the stroke is `color`.
    public struct Step: Sendable, Hashable {
        public var percent: Double
        public var color: RGBAColor

        public init(percent: Double, color: RGBAColor) {
            self.percent = percent
            self.color = color
        }
    }

    /// How `thresholds` reads its numbers (`thresholdsMode`): as percentages of `min…max`, or as values in the value's
    /// own units (Grafana's two modes). Absolute steps are turned into percentages when read, so one image has one
    /// key whichever way its steps were written.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case percentage, absolute
    }

    /// The most pairs one parameter may list.
    public static let maximumSteps = 8

    /// What the parameter accepts, for error messages.
    public static let accepted = "up to 8 percent:color pairs, percents ascending in 0…100, such as 50:orange,80:green"

    /// The steps, in ascending `percent`.
    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    /// The color at `percent` (0…100 of the way from `min` to `max`): the last step whose percent it reaches, or
    /// `default` below the first step.
    public func color(forPercent percent: Double, default fallback: RGBAColor) -> RGBAColor {
        var color = fallback
        for step in steps {
            guard percent >= step.percent else { break }
            color = step.color
        }
        return color
    }

    /// The percent of `value` between `min` and `max`, as thresholds compare it (unclamped, unrounded).
    public static func percent(value: Double, min: Double, max: Double) -> Double {
        guard max > min else { return 0 }
        // Multiplying first keeps 50 of 0…100 exactly 50, where (50 / 100) * 100 could drift.
        return (value - min) * 100 / (max - min)
    }

    /// The canonical text: percents in canonical numbers, colors as lowercase hex without `#`, e.g.
    /// `50:ffa500,80:008000`. It parses back to the same thresholds.
    public var canonicalText: String {
        var text = ""
        for step in steps {
            if !text.isEmpty { text += "," }
            text += CanonicalNumber.text(step.percent)
            text += ":"
            text += String(step.color.hex.dropFirst())
        }
        return text
    }

    /// What the parameter accepts in absolute mode, for error messages.
    public static let acceptedAbsolute = "up to 8 value:color pairs, values ascending, such as 200:orange,500:red"

    /// Reads `percent:color` pairs separated by commas, e.g. `50:orange,80:%23008000` (already percent-decoded).
    /// With `absolute` bounds the numbers are values in `min…max`'s units, turned into percentages of it: a step
    /// below `min` applies from the start (the highest such one), a step above `max` is never reached and is left
    /// out. Errors name `parameter` and the pair at fault.
    public static func parse(
        _ text: some StringProtocol, parameter: String = "thresholds", absolute: (min: Double, max: Double)? = nil,
        names: RGBAColor.Names = .css
    ) throws(ParameterError)
        -> Thresholds
    {
        let whole = Substring(text)
        func refuse(_ reason: String) -> ParameterError {
            ParameterError(
                parameter: parameter, value: ParameterError.quoted(whole),
                reason: "\(reason) (accepted: \(absolute == nil ? accepted : acceptedAbsolute))")
        }
        guard !whole.isEmpty else { throw refuse("is empty") }
        let pairs = RGBAColor.listItems(whole)
        guard pairs.count <= maximumSteps else { throw refuse("has \(pairs.count) pairs") }
        var steps: [Step] = []
        steps.reserveCapacity(pairs.count)
        for pair in pairs {
            let shownPair = ParameterError.quoted(pair)
            guard let colon = pair.firstIndex(of: ":") else {
                throw refuse("has \(shownPair), which is not a percent:color pair")
            }
            let percentText = pair[..<colon]
            let colorText = pair[pair.index(after: colon)...]
            let number = absolute == nil ? "percent" : "value"
            guard case .success(let percent) = CanonicalNumber.parse(percentText) else {
                throw refuse("has \(shownPair), whose \(number) \(ParameterError.quoted(percentText)) is not a number")
            }
            guard absolute != nil || (percent >= 0 && percent <= 100) else {
                throw refuse("has \(shownPair), whose percent is out of range 0…100")
            }
            guard let color = RGBAColor.parse(colorText, names: names) else {
                throw refuse("has \(shownPair), whose color \(ParameterError.quoted(colorText)) is not a color")
            }
            if let previous = steps.last, percent <= previous.percent {
                throw refuse(
                    "must be ascending: \(CanonicalNumber.text(percent)) follows \(CanonicalNumber.text(previous.percent))"
                )
            }
            steps.append(Step(percent: percent + 0, color: color))
        }
        guard let absolute else { return Thresholds(steps) }
        var shares: [Step] = []
        for step in steps {
            let share = Self.percent(value: step.percent, min: absolute.min, max: absolute.max)
            guard share <= 100 else { break }
            if share <= 0, !shares.isEmpty { shares.removeAll() }
            shares.append(Step(percent: Swift.max(0, share) + 0, color: step.color))
        }
        return Thresholds(shares)
    }
}
