import LiveValues
import RingKit

extension LiveTarget {
    /// The drawing `request` asks for where the source read no number (`null`, NaN, an infinity) or could not be
    /// read at all (`error`): an empty image (full for `inf`) whose `map` item for it stands for the value, and `max`
    /// the total the source read beside it (`maxQuery`), where the URL gives none. A failure where the request's map
    /// has no such item (or none at all).
    public func drawing(
        special: ValueMap.Match, max: Double?, _ request: Drawing.Request,
        parse: (Drawing.Request) throws(ParameterError) -> Drawing
    ) -> Result<Drawing, ParameterError> {
        var full = request
        full.read = [ReadNumber("value", 0, from: source.parameter, missing: special)]
        if let max, takesMax { full.read.append(ReadNumber("max", max, from: "maxQuery")) }
        do {
            return .success(try parse(full))
        } catch {
            return .failure(error)
        }
    }

    /// The map item's match for a value the source read that is no number.
    static func match(_ missing: LiveError.Missing) -> ValueMap.Match {
        switch missing {
        case .null: .null
        case .nan: .nan
        case .inf: .inf
        case .negativeInf: .negativeInf
        }
    }
}
