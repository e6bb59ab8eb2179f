/// Cobertura XML (coverage.py's `coverage xml`, gcovr, PHPUnit, .NET's coverlet, and most CI tools that draw
/// coverage): the root `<coverage>`'s `lines-covered` of `lines-valid`, and `branches-covered` of
/// `branches-valid` where it counts any branch. Cobertura counts no functions in its totals.
enum CoberturaReader {
    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        let format = ReportFormat.cobertura
        var lines = CoverageCount()
        var branches = CoverageCount()
        try XMLReportWalk.walk(bytes, format: format) { element throws(ReportError) in
            guard element.depth == 0 else { return }
            guard element.name == "coverage" else {
                throw ReportError("the \(format.title) report's root is <\(element.name)>, not <coverage>")
            }
            guard let valid = try element.count("lines-valid", format: format),
                let covered = try element.count("lines-covered", format: format)
            else {
                throw ReportError(
                    "the \(format.title) report's <coverage> has no lines-valid and lines-covered (its totals)")
            }
            try lines.add(covered: covered, total: valid, what: "lines", format: format)
            if let valid = try element.count("branches-valid", format: format),
                let covered = try element.count("branches-covered", format: format)
            {
                try branches.add(covered: covered, total: valid, what: "branches", format: format)
            }
        }
        return try CoverageCount.records(lines: lines, branches: branches, functions: CoverageCount(), format: format)
    }
}
