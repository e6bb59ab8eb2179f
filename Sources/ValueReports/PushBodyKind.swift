/// What a pushed body is: a plain value (a number or `{"value", "max"}`), a report in one of the formats, or
/// something this server does not read (a 415). A `Content-Type` naming a report's media type decides; a generic
/// one (none, `text/plain`, `application/json`, `application/xml`, `text/xml`, `application/octet-stream`, curl's
/// default `application/x-www-form-urlencoded`) leaves it to the content: XML by its root element, a Go profile by
/// its `mode:` line, LCOV by an `SF:` or `TN:` line, JSON reports by their `totals` (coverage.py) or `total`
/// (Istanbul) object, and anything that begins like a number or JSON is a plain value.
public enum PushBodyKind: Sendable, Equatable {
    case plain
    case report(ReportFormat)
    /// Neither: the sentence of the 415 (it lists the formats).
    case unsupported(String)

    /// Content types that name no format: the body says what it is. curl's `--data` and `--data-binary` send
    /// `application/x-www-form-urlencoded` unless told otherwise, so it is one of them.
    static let generic: Set<String> = [
        "", "text/plain", "application/json", "application/xml", "text/xml", "application/octet-stream",
        "application/x-www-form-urlencoded",
    ]

    /// Decides from the `Content-Type` field (nil when absent) and the body.
    public static func of(contentType: String?, body: [UInt8]) -> PushBodyKind {
        let mediaType = contentType.map(Self.mediaType) ?? ""
        if let format = ReportFormat.allCases.first(where: { $0.mediaType == mediaType }) { return .report(format) }
        guard generic.contains(mediaType) else {
            return .unsupported(
                "Content-Type \(ReportNumber.quoted(mediaType.utf8)) is not a format this server reads (accepted: a "
                    + "number or {\"value\", \"max\"} as text/plain or application/json, or a report: "
                    + "\(ReportFormat.accepted))")
        }
        return sniff(body)
    }

    /// The media type of a `Content-Type` value: before any `;`, trimmed, in lower case.
    static func mediaType(_ field: String) -> String {
        let type = field.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.trimmingBlanks).lowercased()
    }

    /// Recognises a body by its content.
    static func sniff(_ body: [UInt8]) -> PushBodyKind {
        var start = 0
        // A UTF-8 byte order mark, then blanks.
        if body.starts(with: [0xef, 0xbb, 0xbf]) { start = 3 }
        while start < body.count, [0x20, 0x09, 0x0a, 0x0d].contains(body[start]) { start += 1 }
        guard start < body.count else { return .plain }
        let head = body[start...]
        switch body[start] {
        case UInt8(ascii: "<"):
            switch XMLReportWalk.rootName(body) {
            case "coverage": return .report(.cobertura)
            case "report": return .report(.jacoco)
            case "testsuites", "testsuite": return .report(.junit)
            case let root?:
                return unrecognised("an XML document whose root is <\(root)>")
            case nil:
                return unrecognised("XML that is not well-formed or has no root element")
            }
        case UInt8(ascii: "{"):
            let keys = topLevelKeys(body)
            if keys.contains("totals") { return .report(.coveragePy) }
            if keys.contains("total") { return .report(.istanbul) }
            return .plain
        default:
            if head.starts(with: "mode:".utf8) { return .report(.goCoverprofile) }
            if startsALine(head, with: "SF:") || startsALine(head, with: "TN:") { return .report(.lcov) }
            let first = body[start]
            if (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || Array("-+.[\"ntfNI".utf8).contains(first) {
                return .plain
            }
            return unrecognised("a body that is no number, JSON or report this server knows")
        }
    }

    private static func unrecognised(_ what: String) -> PushBodyKind {
        .unsupported(
            "the body is \(what) (accepted: a number, {\"value\", \"max\"}, or a report: \(ReportFormat.accepted); "
                + "name one by Content-Type when its content does not say)")
    }

    /// Whether a line within the first 64 KiB begins with `prefix` (LCOV begins with `TN:` or `SF:`, but a tool
    /// may write comments first).
    private static func startsALine(_ bytes: ArraySlice<UInt8>, with prefix: String) -> Bool {
        let window = bytes.prefix(64 * 1024)
        if window.starts(with: prefix.utf8) { return true }
        var i = window.startIndex
        while let newline = window[i...].firstIndex(of: 0x0a) {
            if window[(newline + 1)...].starts(with: prefix.utf8) { return true }
            i = newline + 1
        }
        return false
    }

    /// The keys of a JSON object's top level, read without building the document (a coverage.py report's
    /// `totals` comes after megabytes of `files`); empty when the text is not an object.
    static func topLevelKeys(_ body: [UInt8]) -> Set<String> {
        var keys: Set<String> = []
        var depth = 0
        var i = 0
        var expectKey = false
        while i < body.count {
            let byte = body[i]
            switch byte {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < body.count && body[j] != UInt8(ascii: "\"") { j += body[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if depth == 1 && expectKey && j < body.count {
                    keys.insert(String(decoding: body[(i + 1)..<j], as: UTF8.self))
                    expectKey = false
                }
                i = j + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { expectKey = byte == UInt8(ascii: "{") }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 { expectKey = true }
            default:
                break
            }
            i += 1
        }
        return keys
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
