import StrictJSON

/// The counts JSON coverage reports hold, read with the field's path in every refusal.
enum JSONReportFields {
    /// The document, or the refusal of a body that is not JSON.
    static func document(_ bytes: [UInt8], format: ReportFormat) throws(ReportError) -> JSONValue {
        do {
            return try StrictJSON.parse(bytes)
        } catch {
            throw ReportError("the \(format.title) report is not JSON (line \(error.line): \(error.message))")
        }
    }

    /// The object at `path` (given as the key path for messages), or a refusal.
    static func object(_ value: JSONValue?, _ path: String, format: ReportFormat) throws(ReportError) -> JSONValue {
        guard let value else { throw ReportError("the \(format.title) report has no \(path)") }
        guard case .object = value else {
            throw ReportError("the \(format.title) report's \(path) is \(value.kindName), not an object")
        }
        return value
    }

    /// A count at `path`: a whole number from 0 to 2^53; nil when absent and `required` is false.
    static func count(
        _ value: JSONValue?, _ path: String, format: ReportFormat, required: Bool = true
    )
        throws(ReportError) -> Int?
    {
        guard let value else {
            if required { throw ReportError("the \(format.title) report has no \(path)") }
            return nil
        }
        guard case .number(let number) = value else {
            throw ReportError("the \(format.title) report's \(path) is \(value.kindName), not a count")
        }
        let double = number.double
        guard double.isFinite, double >= 0, double == double.rounded(), double <= Double(CoverageCount.limit) else {
            throw ReportError(
                "the \(format.title) report's \(path) is \(number.text), not a whole count from 0 to 2^53")
        }
        return Int(double)
    }
}
