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

    /// Reads `percent:color` pairs separated by commas, e.g. `50:orange,80:%23008000` (already percent-decoded).
    /// Errors name `parameter` and the pair at fault.
    public static func parse(
        _ text: some StringProtocol, parameter: String = "thresholds"
    ) throws(ParameterError)
        -> Thresholds
    {
        let whole = Substring(text)
        func refuse(_ reason: String) -> ParameterError {
            ParameterError(
                parameter: parameter, value: ParameterError.quoted(whole), reason: "\(reason) (accepted: \(accepted))")
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
            guard case .success(let percent) = CanonicalNumber.parse(percentText) else {
                throw refuse("has \(shownPair), whose percent \(ParameterError.quoted(percentText)) is not a number")
            }
            guard percent >= 0 && percent <= 100 else {
                throw refuse("has \(shownPair), whose percent is out of range 0…100")
            }
            guard let color = RGBAColor.parse(colorText) else {
                throw refuse("has \(shownPair), whose color \(ParameterError.quoted(colorText)) is not a color")
            }
            if let previous = steps.last, percent <= previous.percent {
                throw refuse(
                    "must be ascending: \(CanonicalNumber.text(percent)) follows \(CanonicalNumber.text(previous.percent))"
                )
            }
            steps.append(Step(percent: percent + 0, color: color))
        }
        return Thresholds(steps)
    }
}
