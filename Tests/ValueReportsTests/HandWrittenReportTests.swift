import Testing

@testable import ValueReports

/// The formats no Debian or PyPI tool here writes (JaCoCo, Go, Istanbul, Surefire, jest-junit, gotestsum), in the
/// shapes their documentation and real outputs show, and the edges of every format.
struct HandWrittenReportTests {
    func records(_ format: ReportFormat, _ text: String) throws -> [ReportRecord] {
        try format.read(Array(text.utf8)).records
    }

    func refusal(_ format: ReportFormat, _ text: String) -> String {
        do {
            _ = try format.read(Array(text.utf8))
            return "accepted"
        } catch {
            return error.message
        }
    }

    /// LCOV with summary lines, as lcov 2 and most JavaScript tools write it: the summaries win over the detail.
    @Test func lcovSummariesAreSummedOverFiles() throws {
        let text = """
            TN:
            SF:a.js
            FNF:4
            FNH:2
            DA:1,1
            LF:10
            LH:8
            BRF:6
            BRH:3
            end_of_record
            SF:b.js
            LF:5
            LH:5
            end_of_record
            """
        #expect(
            try records(.lcov, text) == [
                ReportRecord(suffix: "", value: 13, max: 15), ReportRecord(suffix: ".branches", value: 3, max: 6),
                ReportRecord(suffix: ".functions", value: 2, max: 4),
            ])
    }

    /// A file with no lines counts 0 of 0: stored, and drawn as an empty ring.
    @Test func lcovOfZeroLines() throws {
        #expect(
            try records(.lcov, "SF:empty.c\nLF:0\nLH:0\nend_of_record\n") == [
                ReportRecord(suffix: "", value: 0, max: 0)
            ])
    }

    @Test(arguments: [
        ("", "names no source file"),
        ("TN:\n", "names no source file"),
        ("SF:a.c\nLF:x\n", "LF at line 2 is \"x\", not a count of 0 or more"),
        ("SF:a.c\nLF:-3\n", "not a count of 0 or more"),
        ("SF:a.c\nLF:2\nLH:3\nend_of_record\n", "3 lines covered of 2"),
        ("end_of_record\n", "end_of_record without SF: at line 1"),
        ("SF:a.c\nLF:99999999999999999999\n", "not a count"),
        ("SF:a.c\nLF:9007199254740993\nLH:0\n", "more lines than 2^53"),
    ])
    func lcovRefusals(text: String, says: String) {
        #expect(refusal(.lcov, text).contains(says), "\(refusal(.lcov, text))")
    }

    /// Go's coverprofile: statements, not lines; a block listed twice (two packages' profiles joined) counts once.
    @Test func goCoverprofileCountsStatementsOnce() throws {
        let text = """
            mode: atomic
            example.com/ring/ring.go:3.30,5.2 2 1
            example.com/ring/ring.go:7.20,9.2 3 0
            example.com/ring/ring.go:11.2,12.10 1 0
            mode: atomic
            example.com/ring/ring.go:11.2,12.10 1 4
            """
        #expect(try records(.goCoverprofile, text) == [ReportRecord(suffix: "", value: 3, max: 6)])
    }

    @Test(arguments: [
        ("", "is empty"),
        ("mode: set\n", "lists no block"),
        ("ring.go:1.1,2.2 1 1\n", "does not begin with a mode: line"),
        ("mode: set\nring.go:1.1,2.2 one 1\n", "line 2 is \"ring.go:1.1,2.2 one 1\""),
        ("mode: set\nnonsense\n", "not file.go:LINE.COL"),
    ])
    func goRefusals(text: String, says: String) {
        #expect(refusal(.goCoverprofile, text).contains(says), "\(refusal(.goCoverprofile, text))")
    }

    /// JaCoCo's totals are the counters directly under `<report>`, not the package's or the class's below.
    @Test func jacocoReadsTheReportsOwnCounters() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">
            <report name="ring"><sessioninfo id="a" start="1" dump="2"/>
            <package name="ring"><class name="ring/Ring"><counter type="LINE" missed="1" covered="1"/></class>
            <counter type="LINE" missed="100" covered="1"/></package>
            <counter type="INSTRUCTION" missed="10" covered="90"/><counter type="BRANCH" missed="2" covered="6"/>
            <counter type="LINE" missed="3" covered="17"/><counter type="METHOD" missed="1" covered="4"/>
            </report>
            """
        #expect(
            try records(.jacoco, text) == [
                ReportRecord(suffix: "", value: 17, max: 20), ReportRecord(suffix: ".branches", value: 6, max: 8),
                ReportRecord(suffix: ".functions", value: 4, max: 5),
            ])
    }

    /// Istanbul's summary: `total` only; `pct: "Unknown"` on an empty part is not read.
    @Test func istanbulSummary() throws {
        let text = """
            {"total": {"lines": {"total": 40, "covered": 30, "skipped": 0, "pct": 75},
            "statements": {"total": 41, "covered": 31, "skipped": 0, "pct": 75.6},
            "functions": {"total": 0, "covered": 0, "skipped": 0, "pct": "Unknown"},
            "branches": {"total": 12, "covered": 6, "skipped": 0, "pct": 50}},
            "/src/a.js": {"lines": {"total": 40, "covered": 30, "skipped": 0, "pct": 75}}}
            """
        #expect(
            try records(.istanbul, text) == [
                ReportRecord(suffix: "", value: 30, max: 40), ReportRecord(suffix: ".branches", value: 6, max: 12),
            ])
    }

    @Test(arguments: [
        (ReportFormat.istanbul, "{}", "has no total"),
        (.istanbul, "{\"total\": {\"lines\": {\"total\": 1.5, \"covered\": 1}}}", "total.lines.total is 1.5"),
        (.istanbul, "{\"total\": {\"lines\": {\"total\": 4, \"covered\": \"3\"}}}", "total.lines.covered is a string"),
        (.istanbul, "{\"total\": [] }", "total is an array, not an object"),
        (.coveragePy, "{\"totals\": {\"covered_lines\": 3}}", "has no totals.num_statements"),
        (.coveragePy, "{\"totals\": {\"covered_lines\": 1e300, \"num_statements\": 1}}", "not a whole count"),
        (.coveragePy, "{\"totals\": ", "is not JSON (line 1"),
        (.coveragePy, "{\"totals\": {\"covered_lines\": 5, \"num_statements\": 4}}", "5 lines covered of 4"),
    ])
    func jsonRefusals(format: ReportFormat, text: String, says: String) {
        #expect(refusal(format, text).contains(says), "\(refusal(format, text))")
    }

    /// Surefire's shape: suites inside `<testsuites>`, flaky reruns that passed, an error, a skip.
    @Test func junitSurefireAndNestedSuites() throws {
        let text = """
            <testsuites><testsuite name="outer" tests="99">
              <testsuite name="inner"><testcase name="a"/><testcase name="b"><failure/></testcase></testsuite>
              <testcase name="c"><flakyFailure message="first run"/></testcase>
              <testcase name="d"><error type="java.lang.NullPointerException"/></testcase>
              <testcase name="e"><skipped/></testcase>
              <testcase name="f"><system-out>ok</system-out></testcase>
            </testsuite></testsuites>
            """
        #expect(
            try records(.junit, text) == [
                ReportRecord(suffix: "", value: 3, max: 5), ReportRecord(suffix: ".failed", value: 2, max: 5),
                ReportRecord(suffix: ".skipped", value: 1, max: 6),
            ])
    }

    /// gotestsum's and jest-junit's shapes: a `<testsuite>` root, properties before the cases.
    @Test func junitSingleSuiteRoot() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite tests="2" failures="0" errors="0" id="0" name="example.com/ring" time="0.1">
            <properties><property name="go.version" value="go1.22"></property></properties>
            <testcase classname="example.com/ring" name="TestA" time="0"></testcase>
            <testcase classname="example.com/ring" name="TestB" time="0"><skipped message="skip"></skipped></testcase>
            </testsuite>
            """
        #expect(
            try records(.junit, text) == [
                ReportRecord(suffix: "", value: 1, max: 1), ReportRecord(suffix: ".failed", value: 0, max: 1),
                ReportRecord(suffix: ".skipped", value: 1, max: 2),
            ])
    }

    @Test(arguments: [
        (ReportFormat.junit, "<testsuites/>", "holds no <testcase>"),
        (.junit, "<testsuites><testcase>", "is not well-formed XML (line 1"),
        (.junit, "<html/>", "root is <html>, not <testsuites> or <testsuite>"),
        (.junit, "<!DOCTYPE x [<!ENTITY a \"b\">]><testsuites/>", "declares entities"),
        (.junit, "<testsuites>&bogus;</testsuites>", "not well-formed"),
        (.junit, String(repeating: "<testsuite>", count: 70) + "<testcase/>", "deeper than 64 levels"),
        (.cobertura, "<coverage/>", "has no lines-valid and lines-covered"),
        (.cobertura, "<coverage lines-valid=\"-1\" lines-covered=\"0\"/>", "lines-valid=\"-1\", not a whole count"),
        (.cobertura, "<report/>", "root is <report>, not <coverage>"),
        (.jacoco, "<report name=\"empty\"></report>", "has no LINE counter"),
        (.jacoco, "<report><counter type=\"LINE\" covered=\"1\"/></report>", "without missed and covered"),
    ])
    func xmlRefusals(format: ReportFormat, text: String, says: String) {
        #expect(refusal(format, text).contains(says), "\(refusal(format, text))")
    }

    /// A DOCTYPE naming an external DTD (JaCoCo's) is not fetched, and one naming a file on the server is not read:
    /// an external entity could only come through a declaration, which is refused.
    @Test func externalDTDsAreNotRead() throws {
        let text = """
            <?xml version="1.0"?><!DOCTYPE coverage SYSTEM "file:///etc/passwd">
            <coverage lines-valid="2" lines-covered="1"/>
            """
        #expect(try records(.cobertura, text) == [ReportRecord(suffix: "", value: 1, max: 2)])
    }

    /// Counts near 2^53 stay exact; a total over it is refused rather than rounded.
    @Test func hugeCounts() throws {
        let big = 1 << 53
        #expect(
            try records(.cobertura, "<coverage lines-valid=\"\(big)\" lines-covered=\"\(big - 1)\"/>")
                == [ReportRecord(suffix: "", value: Double(big - 1), max: Double(big))])
        #expect(refusal(.cobertura, "<coverage lines-valid=\"\(big + 1)\" lines-covered=\"1\"/>").contains("2^53"))
    }
}
