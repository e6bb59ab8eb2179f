extension BarSpec {
    /// Equal for equal bar images of this format, never equal to a ring's: the shared parameters' key (the ring-only
    /// ones stay at their defaults) followed by the bar's shape.
    public func canonicalKey(for format: ImageFormat) -> String {
        let spec = normalized()
        return "bar:" + spec.series.canonicalKey(for: format) + spec.shapeQuery(omittingDefaults: false)
    }

    /// The shortest query that means this bar, as `RingSpec.canonicalQuery` is for rings; it parses back to it.
    public var canonicalQuery: String {
        let spec = normalized()
        let shared = spec.series.canonicalQuery
        let shape = spec.shapeQuery(omittingDefaults: true)
        if shared.isEmpty { return String(shape.dropFirst()) }
        return shared + shape
    }

    /// `&width=…&height=…&radius=…`, each left out at its default when `omittingDefaults`.
    private func shapeQuery(omittingDefaults: Bool) -> String {
        let query: String
        if omittingDefaults {
            let defaults = BarSpec()
            query = Self.parameterRows.query(of: self, .image) { row, text in text == row.binding.key(defaults, self) }
        } else {
            query = Self.parameterRows.query(of: self, .image)
        }
        return query.isEmpty ? "" : "&" + query
    }
}
