/// A test run's counts as a badge shows them (`preset=tests`): the message and the color shields.io's test-results
/// badges give the same counts (badges/shields `services/test-results.js`, `renderTestResultBadge`), so a row of
/// ours reads as theirs. The counts are what a JUnit push stores: `NAME` (passed, of run), `NAME.failed` and
/// `NAME.skipped`.
public struct TestResults: Sendable, Hashable {
    /// The badge presets that draw a test run.
    public enum Preset: String, Sendable, Hashable, CaseIterable {
        /// `40 passed, 2 failed, 1 skipped`.
        case tests
        /// `✔ 40 | ✘ 2 | ➟ 1`.
        case testsCompact = "tests-compact"
    }

    public var passed: Double
    public var failed: Double
    public var skipped: Double

    /// The stored names a preset reads beside `name` (the value's own): its failed and skipped counts.
    public static func siblings(of name: String) -> [String] { [name + ".failed", name + ".skipped"] }

    /// The siblings as a template writes them (`{@tests.failed}{@tests.skipped}`): how a preset asks the server for
    /// them, as a `message` that writes them does.
    static func template(of name: String) -> String { siblings(of: name).map { "{@" + $0 + "}" }.joined() }

    /// shields' words: each count with its word, a count of failed or skipped tests only where there are some, and
    /// `no tests` for an empty run. `text` writes a count in the value's style.
    func message(_ preset: Preset, text: (Double) -> String) -> String {
        guard passed + failed + skipped > 0 else { return "no tests" }
        let parts: [(Double, String, String)] = [
            (passed, "passed", "✔"), (failed, "failed", "✘"), (skipped, "skipped", "➟"),
        ]
        let shown = parts.enumerated().filter { $0.offset == 0 || $0.element.0 > 0 }.map(\.element)
        switch preset {
        case .tests: return shown.map { text($0.0) + " " + $0.1 }.joined(separator: ", ")
        case .testsCompact: return shown.map { $0.2 + " " + text($0.0) }.joined(separator: " | ")
        }
    }

    /// shields' color for the run: red with any failure, yellow for an empty run or one that only skipped,
    /// green for passes beside skips, brightgreen for passes alone.
    var colorName: String {
        if passed + failed + skipped == 0 { return "yellow" }
        if failed > 0 { return "red" }
        if skipped > 0 { return passed > 0 ? "green" : "yellow" }
        return "brightgreen"
    }

    /// `colorName` in shields' palette.
    var color: RGBAColor { RGBAColor.parse(ShieldsPalette.resolved(colorName))! }
}
