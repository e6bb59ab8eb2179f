/// Go's coverprofile (`go test -coverprofile`): a `mode:` line, then one line a block,
/// `file.go:12.34,14.2 STATEMENTS COUNT`. Go counts statements, not lines, so the name's record is statements
/// covered of statements, as `go tool cover -func` totals them; a block listed more than once (profiles of several
/// packages concatenated) counts once, covered when any of its lines has a count above 0.
enum GoCoverprofileReader {
    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        var blocks: [ArraySlice<UInt8>: (statements: Int, covered: Bool)] = [:]
        var lineNumber = 0
        var sawMode = false
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var stop = start
            while stop < bytes.count && bytes[stop] != 0x0a { stop += 1 }
            var last = stop
            if last > start && bytes[last - 1] == 0x0d { last -= 1 }
            let line = bytes[start..<last]
            start = stop + 1
            if line.isEmpty { continue }
            if line.starts(with: "mode:".utf8) {
                // `go test ./...` with -coverpkg, or profiles merged with cat, repeat the mode line.
                sawMode = true
                continue
            }
            guard sawMode else {
                throw ReportError("the Go coverprofile does not begin with a mode: line (mode: set, count or atomic)")
            }
            guard let countSpace = line.lastIndex(of: UInt8(ascii: " ")),
                let statementSpace = line[..<countSpace].lastIndex(of: UInt8(ascii: " ")),
                let statements = ReportNumber.integer(line[(statementSpace + 1)..<countSpace]), statements >= 0,
                let count = ReportNumber.integer(line[(countSpace + 1)...]), count >= 0,
                line[..<statementSpace].contains(UInt8(ascii: ":"))
            else {
                throw ReportError(
                    "the Go coverprofile's line \(lineNumber) is \(ReportNumber.quoted(line)), not "
                        + "file.go:LINE.COL,LINE.COL STATEMENTS COUNT")
            }
            let key = line[..<statementSpace]
            let seen = blocks[key]
            blocks[key] = (statements, (seen?.covered ?? false) || count > 0)
        }
        guard sawMode else { throw ReportError("the Go coverprofile is empty (no mode: line)") }
        guard !blocks.isEmpty else { throw ReportError("the Go coverprofile lists no block: nothing to count") }
        var statements = CoverageCount()
        for block in blocks.values {
            try statements.add(
                covered: block.covered ? block.statements : 0, total: block.statements, what: "statements",
                format: .goCoverprofile)
        }
        return try CoverageCount.records(
            lines: statements, branches: CoverageCount(), functions: CoverageCount(), format: .goCoverprofile)
    }
}
