extension SparkSpec {
    /// Equal for equal sparklines of this format, never equal to another kind's: the shared parameters' key (the
    /// ring-only ones at their defaults, the value the last point) followed by the points and the shape.
    public func canonicalKey(for format: ImageFormat) -> String {
        let spec = normalized()
        return "spark:" + spec.series.canonicalKey(for: format) + "&" + Self.parameterRows.query(of: spec, .image)
    }
}

extension SparkSpec {
    /// A query that means this sparkline and parses back to it: every parameter it reads written out (the bounds and
    /// the value `{delta}` compares with included, as the points resolved them), `cacheSeconds` too.
    public var canonicalQuery: String {
        let spec = normalized()
        // The value is the last point, which `points` gives (a number in `value` is refused).
        let shared = Self.sharedRows.query(of: spec.series, .all) { row, _ in row.name == "value" }
        let own = Self.parameterRows.query(of: spec, .all)
        return shared.isEmpty ? own : shared + "&" + own
    }
}
