/// JaCoCo XML (`jacoco:report`, Gradle's `jacocoTestReport`, Kover): the `<counter>` elements directly under
/// `<report>` hold the totals, each `missed` and `covered`: `LINE` gives lines, `BRANCH` branches and `METHOD`
/// functions. The counters of packages, classes and methods further down are parts of those totals and are not
/// read.
enum JaCoCoReader {
    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        let format = ReportFormat.jacoco
        var lines = CoverageCount()
        var branches = CoverageCount()
        var functions = CoverageCount()
        try XMLReportWalk.walk(bytes, format: format) { element throws(ReportError) in
            if element.depth == 0 {
                guard element.name == "report" else {
                    throw ReportError("the \(format.title) report's root is <\(element.name)>, not <report>")
                }
                return
            }
            guard element.depth == 1, element.name == "counter" else { return }
            guard let missed = try element.count("missed", format: format),
                let covered = try element.count("covered", format: format)
            else {
                throw ReportError("the \(format.title) report has a <counter> without missed and covered")
            }
            let (total, overflow) = missed.addingReportingOverflow(covered)
            guard !overflow else { throw ReportError("the \(format.title) report counts more than 2^53") }
            switch element.attribute("type") {
            case "LINE": try lines.add(covered: covered, total: total, what: "lines", format: format)
            case "BRANCH": try branches.add(covered: covered, total: total, what: "branches", format: format)
            case "METHOD": try functions.add(covered: covered, total: total, what: "functions", format: format)
            default: break
            }
        }
        guard lines.present else {
            throw ReportError(
                "the \(format.title) report has no LINE counter under <report> (a report of no classes counts nothing)")
        }
        return try CoverageCount.records(lines: lines, branches: branches, functions: functions, format: format)
    }
}
