/// A number a parameter takes from a source rather than from the URL's text: a live value's `value` and `max`, read
/// from a document or a Prometheus answer. It reaches the spec as the number it is (any finite double), never as
/// text decoded again, and messages about it name the parameter that names the source, not one nobody typed.
public struct ReadNumber: Sendable, Hashable {
    /// The parameter it gives the spec: `value` or `max`.
    public var parameter: String
    public var number: Double
    /// The parameter a message about it names: `url`, `prometheus` or `maxQuery`.
    public var source: String
    /// Set where the source held no number but `null` or NaN (`number` is then unused): a value mapping may show it.
    public var missing: ValueMap.Match?
    /// The numbers of the rings or bars after the first, where each has its own (a list of stored values, each
    /// with its record's `max`); for a `value` read as a list (`reduce` over a vector or an array), the values
    /// after the first. Empty where `number` serves all.
    public var more: [Double]
    /// Each value's series labels, in the order of `number` and `more` (a Prometheus vector's), for `sort=label:NAME`
    /// and templates' `{label.NAME}`; empty where the source gives none.
    public var labels: [[String: String]] = []
    /// The most bars a list read from a source draws (the server's `liveMaxSeries`); rings draw at most
    /// `RingSpec.Limits.rings` whatever it says. Nil: a list in the URL's bounds.
    public var seriesLimit: Int? = nil

    public init(
        _ parameter: String, _ number: Double, from source: String, missing: ValueMap.Match? = nil,
        more: [Double] = []
    ) {
        self.parameter = parameter
        self.number = number
        self.source = source
        self.missing = missing
        self.more = more
    }
}
