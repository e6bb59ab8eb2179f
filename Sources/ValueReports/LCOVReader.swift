/// LCOV tracefiles (`lcov`, `geninfo`, c8, grcov, cargo-llvm-cov, Jest's `lcov.info`): each source file's record,
/// from `SF:` to `end_of_record`, counts lines (`LF`/`LH`), branches (`BRF`/`BRH`) and functions (`FNF`/`FNH`);
/// where a record has no summary line, its `DA`, `BRDA` and `FNDA`/`FNA` lines are counted instead. The totals are
/// summed over the records. Unknown lines are passed over, as lcov's own tools do.
enum LCOVReader {
    private struct FileCounts {
        var lines: (found: Int?, hit: Int?) = (nil, nil)
        var branches: (found: Int?, hit: Int?) = (nil, nil)
        var functions: (found: Int?, hit: Int?) = (nil, nil)
        var da = (found: 0, hit: 0)
        var brda = (found: 0, hit: 0)
        var fnda = (found: 0, hit: 0)
        var hasBranchLines = false
        var hasFunctionLines = false
    }

    static func read(_ bytes: [UInt8]) throws(ReportError) -> [ReportRecord] {
        var lines = CoverageCount()
        var branches = CoverageCount()
        var functions = CoverageCount()
        var file: FileCounts?
        var files = 0
        var lineNumber = 0

        func finish(_ counts: FileCounts) throws(ReportError) {
            files += 1
            try lines.add(
                covered: counts.lines.hit ?? counts.da.hit, total: counts.lines.found ?? counts.da.found,
                what: "lines", format: .lcov)
            if counts.branches.found != nil || counts.hasBranchLines {
                try branches.add(
                    covered: counts.branches.hit ?? counts.brda.hit, total: counts.branches.found ?? counts.brda.found,
                    what: "branches", format: .lcov)
            }
            if counts.functions.found != nil || counts.hasFunctionLines {
                try functions.add(
                    covered: counts.functions.hit ?? counts.fnda.hit,
                    total: counts.functions.found ?? counts.fnda.found, what: "functions", format: .lcov)
            }
        }

        var start = 0
        let end = bytes.count
        while start < end {
            lineNumber += 1
            var stop = start
            while stop < end && bytes[stop] != 0x0a { stop += 1 }
            var last = stop
            if last > start && bytes[last - 1] == 0x0d { last -= 1 }
            let line = bytes[start..<last]
            start = stop + 1
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                if line.elementsEqual("end_of_record".utf8) {
                    guard let counts = file else {
                        throw ReportError("the LCOV report has end_of_record without SF: at line \(lineNumber)")
                    }
                    try finish(counts)
                    file = nil
                }
                continue
            }
            let key = line[line.startIndex..<colon]
            let value = line[(colon + 1)...]
            if key.elementsEqual("SF".utf8) {
                if let counts = file { try finish(counts) }
                file = FileCounts()
                continue
            }
            guard file != nil else { continue }
            func count() throws(ReportError) -> Int {
                guard let number = ReportNumber.integer(value), number >= 0 else {
                    throw ReportError(
                        "the LCOV report's \(String(decoding: key, as: UTF8.self)) at line \(lineNumber) is "
                            + "\(ReportNumber.quoted(value)), not a count of 0 or more")
                }
                return number
            }
            switch String(decoding: key, as: UTF8.self) {
            case "LF": file!.lines.found = try count()
            case "LH": file!.lines.hit = try count()
            case "BRF": file!.branches.found = try count()
            case "BRH": file!.branches.hit = try count()
            case "FNF": file!.functions.found = try count()
            case "FNH": file!.functions.hit = try count()
            case "DA":
                file!.da.found += 1
                if let hits = field(value, 1), hits != 0 { file!.da.hit += 1 }
            case "BRDA":
                file!.hasBranchLines = true
                file!.brda.found += 1
                if let taken = field(value, 3), taken > 0 { file!.brda.hit += 1 }
            case "FNDA":
                file!.hasFunctionLines = true
                file!.fnda.found += 1
                if let calls = field(value, 0), calls > 0 { file!.fnda.hit += 1 }
            case "FNA":
                file!.hasFunctionLines = true
                file!.fnda.found += 1
                if let calls = field(value, 1), calls > 0 { file!.fnda.hit += 1 }
            default:
                continue
            }
        }
        if let counts = file { try finish(counts) }
        guard files > 0 else {
            throw ReportError("the LCOV report names no source file (no SF: line): nothing to count")
        }
        return try CoverageCount.records(lines: lines, branches: branches, functions: functions, format: .lcov)
    }

    /// The integer in comma-separated field `index` of `value` (`DA:12,3`: field 1 is 3); nil when it is not one
    /// (`BRDA`'s `-`, never taken).
    private static func field(_ value: ArraySlice<UInt8>, _ index: Int) -> Int? {
        var fieldStart = value.startIndex
        var current = 0
        var i = value.startIndex
        while i <= value.endIndex {
            if i == value.endIndex || value[i] == UInt8(ascii: ",") {
                if current == index { return ReportNumber.integer(value[fieldStart..<i]) }
                current += 1
                fieldStart = i + 1
            }
            i += 1
        }
        return nil
    }
}
