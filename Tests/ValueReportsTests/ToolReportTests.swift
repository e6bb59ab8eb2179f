import Testing

@testable import ValueReports

/// Reports written by the tools themselves (lcov over gcc's gcov, coverage.py, pytest), read as a push reads them:
/// recognised by content, then counted. The expected counts are the tools' own (the script's comments say where
/// each comes from), not what the parser said once.
struct ToolReportTests {
    func read(_ fixture: String) throws -> ValueReport {
        let bytes = try ReportFixture.bytes(fixture)
        guard case .report(let format) = PushBodyKind.of(contentType: nil, body: bytes) else {
            throw ReportError("\(fixture) is not recognised as a report")
        }
        return try format.read(bytes)
    }

    /// lcov 1.16 over gcc: 4 lines of which 3 ran (`unused` never did), 6 branches of which 3 were taken, 4
    /// functions of which 3 were called. This lcov writes no LF/BRF/FNF summaries, so the DA, BRDA and FNDA lines
    /// are what is counted.
    @Test func lcovFromGcc() throws {
        let report = try read("lcov-gcc.info")
        #expect(report.format == .lcov)
        #expect(
            report.records == [
                ReportRecord(suffix: "", value: 3, max: 4), ReportRecord(suffix: ".branches", value: 3, max: 6),
                ReportRecord(suffix: ".functions", value: 3, max: 4),
            ])
    }

    /// coverage.py's JSON totals: 7 of 8 statements, 4 of 4 branches (`--branch`).
    @Test func coveragePyJSON() throws {
        let report = try read("coveragepy.json")
        #expect(report.format == .coveragePy)
        #expect(
            report.records == [
                ReportRecord(suffix: "", value: 7, max: 8), ReportRecord(suffix: ".branches", value: 4, max: 4),
            ])
    }

    /// coverage.py's Cobertura XML of the same run: the same counts, from `<coverage>`'s attributes.
    @Test func coberturaFromCoveragePy() throws {
        let report = try read("cobertura-coveragepy.xml")
        #expect(report.format == .cobertura)
        #expect(
            report.records == [
                ReportRecord(suffix: "", value: 7, max: 8), ReportRecord(suffix: ".branches", value: 4, max: 4),
            ])
    }

    /// pytest's --junitxml: 7 cases, of which 4 passed, one failed, one errored (a failing fixture) and one was
    /// skipped: 4 passed of 6 run, 2 failed, 1 skipped of 7.
    @Test func junitFromPytest() throws {
        let report = try read("junit-pytest.xml")
        #expect(report.format == .junit)
        #expect(
            report.records == [
                ReportRecord(suffix: "", value: 4, max: 6), ReportRecord(suffix: ".failed", value: 2, max: 6),
                ReportRecord(suffix: ".skipped", value: 1, max: 7),
            ])
    }
}
