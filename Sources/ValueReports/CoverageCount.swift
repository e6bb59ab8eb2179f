/// A count of covered items out of a total, summed over a report's files with every step checked: a total past
/// 2^53 (where a double stops counting one by one), a negative count, or more covered than there are is refused.
struct CoverageCount: Sendable, Hashable {
    var covered = 0
    var total = 0
    /// Whether the report gave this count at all (a report without branch data has no `.branches` record).
    var present = false

    /// The largest count a stored value holds exactly.
    static let limit = 1 << 53

    /// Adds one file's (or block's) counts.
    mutating func add(covered: Int, total: Int, what: String, format: ReportFormat) throws(ReportError) {
        guard covered >= 0, total >= 0 else {
            throw ReportError("the \(format.title) report counts \(what) below 0")
        }
        let (sumCovered, o1) = self.covered.addingReportingOverflow(covered)
        let (sumTotal, o2) = self.total.addingReportingOverflow(total)
        guard !o1, !o2, sumTotal <= Self.limit, sumCovered <= Self.limit else {
            throw ReportError("the \(format.title) report counts more \(what) than 2^53, beyond what a value holds")
        }
        self.covered = sumCovered
        self.total = sumTotal
        present = true
    }

    /// The record, or nil when the report had none of these; throws when more are covered than exist.
    func record(
        _ suffix: String, what: String, format: ReportFormat, always: Bool = false
    ) throws(ReportError)
        -> ReportRecord?
    {
        guard covered <= total else {
            throw ReportError(
                "the \(format.title) report counts \(covered) \(what) covered of \(total) (more covered than there are)"
            )
        }
        guard always || (present && total > 0) else { return nil }
        return ReportRecord(suffix: suffix, value: Double(covered), max: Double(total))
    }

    /// A coverage report's records: lines always, branches and functions where the report counts any.
    static func records(
        lines: CoverageCount, branches: CoverageCount, functions: CoverageCount, format: ReportFormat
    ) throws(ReportError) -> [ReportRecord] {
        var records: [ReportRecord] = []
        if let line = try lines.record("", what: "lines", format: format, always: true) { records.append(line) }
        if let branch = try branches.record(".branches", what: "branches", format: format) { records.append(branch) }
        if let function = try functions.record(".functions", what: "functions", format: format) {
            records.append(function)
        }
        return records
    }
}
