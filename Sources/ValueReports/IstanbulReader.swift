/// Istanbul's `coverage-summary.json` (nyc and Jest with the `json-summary` reporter): `total.lines`,
/// `total.branches` and `total.functions`, each `{"total", "covered", "skipped", "pct"}`; the files beside `total`
/// are not read.
enum IstanbulReader {
    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        let format = ReportFormat.istanbul
        let document = try JSONReportFields.document(bytes, format: format)
        let total = try JSONReportFields.object(document["total"], "total", format: format)
        func count(_ key: String, required: Bool) throws(ReportError) -> CoverageCount {
            var count = CoverageCount()
            guard let node = total[key] else {
                if required { throw ReportError("the \(format.title) report has no total.\(key)") }
                return count
            }
            let part = try JSONReportFields.object(node, "total.\(key)", format: format)
            try count.add(
                covered: JSONReportFields.count(part["covered"], "total.\(key).covered", format: format)!,
                total: JSONReportFields.count(part["total"], "total.\(key).total", format: format)!,
                what: key, format: format)
            return count
        }
        return try CoverageCount.records(
            lines: count("lines", required: true), branches: count("branches", required: false),
            functions: count("functions", required: false), format: format)
    }
}
