extension ValueName {
    /// The longest name a branch's value takes: room is left for a report's longest suffix (`.functions`), so
    /// every record a report stores under it is a name too.
    public static let branchNameLength = maxLength - ".functions".utf8.count

    /// The name `name` is pushed under from `branch`: `name` itself on the main branch, else `name.` and the branch
    /// made a name's part (`branchPart`), cut to `branchNameLength`; or why there is none.
    public static func forBranch(_ name: String, branch: String, main: String) -> Result<String, BranchProblem> {
        if branch == main { return .success(name) }
        let part = branchPart(branch)
        guard !part.isEmpty else { return .failure(.noName(branch)) }
        var whole = Array((name + "." + part).utf8)
        guard whole.count > branchNameLength else { return .success(String(decoding: whole, as: UTF8.self)) }
        // Cut, two long branches that share a start stay apart by a hash of the whole branch name.
        let hash = "-" + hexFNV1a(branch)
        let room = branchNameLength - hash.utf8.count
        guard room > name.utf8.count + 1 else { return .failure(.tooLong(name)) }
        whole = Array(whole.prefix(room))
        while let last = whole.last, last == UInt8(ascii: "-") || last == UInt8(ascii: ".") { whole.removeLast() }
        return .success(String(decoding: whole, as: UTF8.self) + hash)
    }

    /// A branch name as a name's part: ASCII letters lower-cased; every run of other characters outside
    /// `a-z 0-9 . _ -` (a slash, a space, a letter outside ASCII) one `-`; no `-` or `.` at either end
    /// (`Feature/Login ✓` → `feature-login`, `dependabot/npm/x-1.2` → `dependabot-npm-x-1.2`).
    public static func branchPart(_ branch: String) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        for scalar in branch.unicodeScalars {
            var byte: UInt8? = nil
            if scalar.isASCII {
                let ascii = UInt8(scalar.value)
                let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii) ? ascii + 32 : ascii
                if isNameByte(lower) { byte = lower }
            }
            guard let byte, byte != UInt8(ascii: "-") else {
                pendingDash = true
                continue
            }
            if pendingDash, !out.isEmpty { out.append(UInt8(ascii: "-")) }
            pendingDash = false
            out.append(byte)
        }
        while let last = out.last, last == UInt8(ascii: ".") { out.removeLast() }
        while let first = out.first, first == UInt8(ascii: ".") { out.removeFirst() }
        return String(decoding: out, as: UTF8.self)
    }

    /// The branch a CI job runs for, from its environment: a pull request's source branch (GitHub's
    /// `GITHUB_HEAD_REF`, GitLab's `CI_MERGE_REQUEST_SOURCE_BRANCH_NAME`), else the branch pushed to
    /// (`GITHUB_REF_NAME`, `CI_COMMIT_REF_NAME`); nil where none is set.
    public static func ciBranch(environment: (String) -> String?) -> String? {
        let names = [
            "GITHUB_HEAD_REF", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME",
        ]
        for name in names {
            if let branch = environment(name), !branch.isEmpty { return branch }
        }
        return nil
    }

    /// Why a branch gives no name.
    public enum BranchProblem: Error, Equatable {
        /// Nothing of the branch name is left as a name's part.
        case noName(String)
        /// The value's own name leaves no room for a branch.
        case tooLong(String)
    }

    /// 32-bit FNV-1a of `text`'s bytes, as 8 lower-case hex digits: short, stable across runs and machines.
    static func hexFNV1a(_ text: String) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
