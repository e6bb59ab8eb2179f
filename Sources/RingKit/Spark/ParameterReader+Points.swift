extension ParameterReader {
    /// A sparkline's points: 1…`SparkSpec.Limits.points` finite decimals separated by commas.
    func points(_ parameter: String) throws(ParameterError) -> [Double] {
        guard let text = try parameters.value(parameter) else { return [] }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= SparkSpec.Limits.points else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "lists \(items.count) numbers (accepted: \(SparkSpec.pointsAccepted))")
        }
        var points: [Double] = []
        points.reserveCapacity(items.count)
        for item in items {
            points.append(try Self.listItem(item, of: parameter, in: text, accepted: SparkSpec.pointsAccepted))
        }
        return points
    }
}
