import Testing

@testable import ValueReports

/// How a push's body is recognised: by a report's media type, else by its content; anything else a 415.
struct PushBodyKindTests {
    @Test(arguments: [
        ("87.4", PushBodyKind.plain),
        ("  {\"value\": 1, \"max\": 2}", .plain),
        ("nan", .plain),
        ("", .plain),
        ("TN:\nSF:a.c\n", .report(.lcov)),
        ("# made by a tool\nSF:a.c\nLF:1\n", .report(.lcov)),
        ("mode: set\na.go:1.1,2.2 1 1\n", .report(.goCoverprofile)),
        ("\u{FEFF}<?xml version=\"1.0\"?><coverage/>", .report(.cobertura)),
        ("<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\"><report/>", .report(.jacoco)),
        ("<testsuite/>", .report(.junit)),
        ("<testsuites></testsuites>", .report(.junit)),
        ("{\"meta\": {\"format\": 2}, \"files\": {\"a\": {\"totals\": 1}}, \"totals\": {}}", .report(.coveragePy)),
        ("{\"/a.js\": {\"lines\": {}}, \"total\": {}}", .report(.istanbul)),
    ])
    func recognisedByContent(body: String, kind: PushBodyKind) {
        #expect(PushBodyKind.of(contentType: "text/plain; charset=utf-8", body: Array(body.utf8)) == kind)
        #expect(PushBodyKind.of(contentType: nil, body: Array(body.utf8)) == kind)
    }

    /// A key named `totals` inside a file does not make an Istanbul summary a coverage.py report.
    @Test func onlyTopLevelKeysDecide() {
        #expect(
            PushBodyKind.topLevelKeys(Array(#"{"a": {"totals": 1}, "total": [{"x": 2}], "b\"c": 3}"#.utf8))
                == ["a", "total", "b\\\"c"])
    }

    /// curl's `--data-binary @lcov.info` sends `application/x-www-form-urlencoded` unless told otherwise.
    @Test func curlsDefaultTypeLeavesItToTheContent() {
        let body = Array("SF:a.c\nLF:1\nLH:1\nend_of_record\n".utf8)
        #expect(PushBodyKind.of(contentType: "application/x-www-form-urlencoded", body: body) == .report(.lcov))
    }

    @Test func aMediaTypeNamesTheFormat() {
        for format in ReportFormat.allCases {
            #expect(
                PushBodyKind.of(contentType: format.mediaType.uppercased(), body: Array("87".utf8)) == .report(format))
        }
    }

    @Test(arguments: [
        (nil as String?, "<html><body/></html>", "an XML document whose root is <html>"),
        (nil, "<unclosed", "XML that is not well-formed"),
        (nil, "GIF89a", "no number, JSON or report"),
        ("image/png", "87", "Content-Type \"image/png\" is not a format"),
    ])
    func unsupported(contentType: String?, body: String, says: String) {
        guard case .unsupported(let sentence) = PushBodyKind.of(contentType: contentType, body: Array(body.utf8))
        else {
            Issue.record("\(body) was accepted")
            return
        }
        #expect(sentence.contains(says), "\(sentence)")
        // Every 415 lists the formats with the types that name them.
        #expect(sentence.contains("LCOV (text/x-lcov)") && sentence.contains("JUnit XML (application/x-junit+xml)"))
    }
}
