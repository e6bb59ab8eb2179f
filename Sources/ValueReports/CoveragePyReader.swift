/// coverage.py's JSON report (`coverage json`): `totals.covered_lines` of `totals.num_statements` (coverage.py
/// counts statements and calls them lines), and `covered_branches` of `num_branches` when it measured branches
/// (`--branch`). coverage.py counts no functions in its totals.
enum CoveragePyReader {
    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        let format = ReportFormat.coveragePy
        let document = try JSONReportFields.document(bytes, format: format)
        let totals = try JSONReportFields.object(document["totals"], "totals", format: format)
        var lines = CoverageCount()
        try lines.add(
            covered: JSONReportFields.count(totals["covered_lines"], "totals.covered_lines", format: format)!,
            total: JSONReportFields.count(totals["num_statements"], "totals.num_statements", format: format)!,
            what: "lines", format: format)
        var branches = CoverageCount()
        if let total = try JSONReportFields.count(
            totals["num_branches"], "totals.num_branches", format: format, required: false)
        {
            let covered = try JSONReportFields.count(
                totals["covered_branches"], "totals.covered_branches", format: format)!
            try branches.add(covered: covered, total: total, what: "branches", format: format)
        }
        return try CoverageCount.records(
            lines: lines, branches: branches, functions: CoverageCount(), format: format)
    }
}
