import StoredValues
import Testing

/// The rule `progress-rings push --branch` follows to push a branch's value beside main's.
struct BranchNameTests {
    /// The main branch pushes the name as it is; any other beside it, its name made a name's part.
    @Test(arguments: [
        ("main", "coverage"), ("feature/Login", "coverage.feature-login"), ("42/merge", "coverage.42-merge"),
        ("dependabot/npm_and_yarn/x-1.2.3", "coverage.dependabot-npm_and_yarn-x-1.2.3"),
        ("--Fix  ✓ bug--", "coverage.fix-bug"), (".hidden.", "coverage.hidden"), ("Ünïcode", "coverage.n-code"),
    ])
    func aBranchPushesBesideMain(branch: String, expected: String) throws {
        let name = try ValueName.forBranch("coverage", branch: branch, main: "main").get()
        #expect(name == expected)
        #expect(ValueName.problem(name) == nil && ValueName.problem(name + ".functions") == nil)
    }

    /// A long branch is cut with a hash of the whole name, so two that share a start stay two names, each with
    /// room for a report's suffixes.
    @Test func aLongBranchIsCutAndKeptApart() throws {
        let stem = String(repeating: "very-long-branch-", count: 5)
        let a = try ValueName.forBranch("tests", branch: stem + "a", main: "main").get()
        let b = try ValueName.forBranch("tests", branch: stem + "b", main: "main").get()
        #expect(a != b && a.utf8.count <= ValueName.branchNameLength && b.utf8.count <= ValueName.branchNameLength)
        #expect(a.hasPrefix("tests.very-long-branch-"))
        #expect(ValueName.problem(a + ".functions") == nil)
    }

    /// A branch with nothing a name takes, or a name with no room for one, is refused.
    @Test func aBranchWithoutANameIsRefused() {
        #expect(ValueName.forBranch("coverage", branch: "✓✓", main: "main") == .failure(.noName("✓✓")))
        let long = String(repeating: "a", count: 50)
        #expect(ValueName.forBranch(long, branch: "x", main: "main") == .success(long + ".x"))
        #expect(ValueName.forBranch(long, branch: "feature", main: "main") == .failure(.tooLong(long)))
    }

    /// A CI job's branch: a pull request's source branch before the branch pushed to.
    @Test func theCIsBranchIsReadFromItsEnvironment() {
        let github = ["GITHUB_HEAD_REF": "feature/x", "GITHUB_REF_NAME": "42/merge"]
        #expect(ValueName.ciBranch(environment: { github[$0] }) == "feature/x")
        let push = ["GITHUB_HEAD_REF": "", "GITHUB_REF_NAME": "main"]
        #expect(ValueName.ciBranch(environment: { push[$0] }) == "main")
        let gitlab = ["CI_COMMIT_REF_NAME": "fix/y", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "fix/z"]
        #expect(ValueName.ciBranch(environment: { gitlab[$0] }) == "fix/z")
        #expect(ValueName.ciBranch(environment: { _ in nil }) == nil)
    }
}
