/// JUnit XML, as pytest (`--junitxml`), Maven Surefire, Jest's jest-junit and gotestsum write it: a `<testsuites>`
/// or `<testsuite>` root, suites nested in suites as deep as a tool likes. Every `<testcase>` counts once, wherever
/// it sits (the suites' own `tests` and `failures` attributes are not added up: nested suites would count twice):
/// one with a `<failure>` or `<error>` child failed, one with a `<skipped>` child (and no failure) was skipped, any
/// other passed. Surefire's `<flakyFailure>` and `<rerunFailure>` are failures a later run passed, so they count as
/// passes.
///
/// Records: the name is tests passed of tests run (passed and failed; a skipped test did not run), `.failed` is
/// failures of tests run, `.skipped` is skipped of all test cases.
enum JUnitReader {
    private enum Outcome { case passed, failed, skipped }

    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        let format = ReportFormat.junit
        var counts = (passed: 0, failed: 0, skipped: 0)
        // The test case being read: its depth and what its children said so far.
        var open: (depth: Int, outcome: Outcome)?
        func close() {
            guard let (_, outcome) = open else { return }
            switch outcome {
            case .passed: counts.passed += 1
            case .failed: counts.failed += 1
            case .skipped: counts.skipped += 1
            }
            open = nil
        }
        try XMLReportWalk.walk(bytes, format: format) { element throws(ReportError) in
            if element.depth == 0 && element.name != "testsuites" && element.name != "testsuite" {
                throw ReportError(
                    "the \(format.title) report's root is <\(element.name)>, not <testsuites> or <testsuite>")
            }
            if let current = open, element.depth <= current.depth { close() }
            if element.name == "testcase" {
                close()
                open = (element.depth, .passed)
                return
            }
            guard let current = open, element.depth == current.depth + 1 else { return }
            switch element.name {
            case "failure", "error": open = (current.depth, .failed)
            case "skipped" where current.outcome == .passed: open = (current.depth, .skipped)
            default: break
            }
        }
        close()
        let all = counts.passed + counts.failed + counts.skipped
        guard all > 0 else { throw ReportError("the \(format.title) report holds no <testcase>: nothing to count") }
        let run = counts.passed + counts.failed
        return [
            ReportRecord(suffix: "", value: Double(counts.passed), max: Double(run)),
            ReportRecord(suffix: ".failed", value: Double(counts.failed), max: Double(run)),
            ReportRecord(suffix: ".skipped", value: Double(counts.skipped), max: Double(all)),
        ]
    }
}
