import Foundation
import HTTPServer
import StoredValues
import Testing

@testable import RingService

/// Reports pushed to `PUT /values/{name}` through the service, against a real SQLite file: every record stored and
/// listed, read back and drawn; 415 for what is no format, 400 naming what is wrong in a report, 413 for a plain
/// body over 4 KiB; and an `Idempotency-Key` that makes a retried push store one point.
@Suite(.serialized)
final class ReportPushTests {
    static let token = "pr_test-token-for-reports"
    let folder = NSTemporaryDirectory() + "/report-push-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func put(_ name: String, _ body: String, _ extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Length": "\(body.utf8.count)"]
        headers.append(.authorization, "Bearer " + Self.token)
        for field in extra.fields { headers.append(field.name, field.value) }
        return service.response(
            to: HTTPRequest(method: .put, target: "/values/\(name)", headers: headers, body: Array(body.utf8)))
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    static let lcov = "TN:\nSF:a.c\nLF:10\nLH:8\nBRF:4\nBRH:1\nFNF:2\nFNH:2\nend_of_record\n"

    @Test func aCoverageReportStoresEveryRecordAndListsThem() throws {
        let response = put("coverage", Self.lcov)
        #expect(response.status.code == 200, "\(text(response))")
        let answer = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(answer?["format"] as? String == "lcov")
        let records = answer?["records"] as? [[String: Any]] ?? []
        #expect(records.map { $0["name"] as? String } == ["coverage", "coverage.branches", "coverage.functions"])
        #expect(records.map { $0["value"] as? Double } == [8, 1, 2])
        #expect(records.map { $0["max"] as? Double } == [10, 4, 2])
        #expect(text(service.get("/values/coverage.branches")).contains("\"value\": 1, \"max\": 4"))
        // The record draws as a value pushed as a number would.
        #expect(service.get("/ring.svg?value=@coverage").body == service.get("/ring.svg?value=8&max=10").body)
    }

    @Test func aTestReportStoresPassesFailuresAndSkips() {
        let junit = """
            <testsuites><testsuite><testcase name="a"/><testcase name="b"><failure/></testcase>
            <testcase name="c"><skipped/></testcase></testsuite></testsuites>
            """
        let response = put("tests", junit)
        #expect(response.status.code == 200, "\(text(response))")
        #expect(text(service.get("/values/tests")).contains("\"value\": 1, \"max\": 2"))
        #expect(text(service.get("/values/tests.failed")).contains("\"value\": 1, \"max\": 2"))
        #expect(text(service.get("/values/tests.skipped")).contains("\"value\": 1, \"max\": 3"))
    }

    /// A media type names the format, whatever the content looks like.
    @Test func aContentTypeNamesTheFormat() {
        let response = put("coverage", "87", ["Content-Type": "text/x-lcov"])
        #expect(response.status.code == 400 && text(response).contains("the LCOV report names no source file"))
    }

    @Test(arguments: [
        ("<html><body>hi</body></html>", nil as String?, 415, "an XML document whose root is <html>"),
        ("GIF89a....", nil, 415, "no number, JSON or report"),
        ("87", "image/png", 415, "Content-Type \\\"image/png\\\" is not a format"),
        ("<coverage lines-valid=\"3\" lines-covered=\"4\"/>", nil, 400, "4 lines covered of 3"),
        ("mode: set\nnonsense\n", nil, 400, "the Go coverprofile's line 2"),
        ("<testsuites><testcase>", nil, 400, "is not well-formed XML"),
    ])
    func refusals(body: String, contentType: String?, status: Int, says: String) {
        let response = put("coverage", body, contentType.map { ["Content-Type": $0] } ?? [:])
        #expect(response.status.code == status)
        #expect(text(response).contains(says), "\(text(response))")
        #expect(service.get("/values/coverage").status.code == 404)
    }

    /// Today's limit on a plain value stays: a number's body over 4 KiB is refused, naming both limits.
    @Test func aPlainBodyOver4KiBIsRefused() {
        let response = put("coverage", "8" + String(repeating: " ", count: 4200))
        #expect(response.status.code == 413 && text(response).contains("over the 4096"))
    }

    /// The records' names are the pushed name and a suffix: one past 64 characters is refused before anything is
    /// stored.
    @Test func aNameTooLongForItsRecordsIsRefused() {
        let name = String(repeating: "c", count: 60)
        let response = put(name, Self.lcov)
        #expect(response.status.code == 400 && text(response).contains("\(name).branches cannot be stored"))
        #expect(service.get("/values/\(name)").status.code == 404)
    }

    /// A retried push with the same key stores one point and gets the first answer again; another key stores
    /// another point.
    @Test func anIdempotencyKeyStoresARetriedPushOnce() throws {
        let first = put("coverage", Self.lcov, ["Idempotency-Key": "k-1"])
        let again = put("coverage", Self.lcov, ["Idempotency-Key": "k-1"])
        #expect(first.status.code == 200 && again.status.code == 200 && first.body == again.body)
        #expect(try history("coverage").count == 1)
        // The key decides, not the body: a client that reuses a key gets the first push's records again.
        #expect(text(put("coverage", "87", ["Idempotency-Key": "k-1"])).contains("\"value\": 8, \"max\": 10"))
        #expect(try history("coverage").count == 1)
        #expect(put("coverage", "87", ["Idempotency-Key": "k-2"]).status.code == 200)
        #expect(try history("coverage").count == 2)
        #expect(put("coverage", "90").status.code == 200)
        #expect(try history("coverage").count == 3)
    }

    @Test(arguments: ["", "a b", String(repeating: "k", count: 129), "é"])
    func badIdempotencyKeysAreRefused(key: String) {
        let response = put("coverage", "87", ["Idempotency-Key": key])
        #expect(response.status.code == 400 && text(response).contains("Idempotency-Key is not 1 to 128"))
    }

    func history(_ name: String) throws -> [Any] {
        try JSONSerialization.jsonObject(with: Data(service.get("/values/\(name)/history").body)) as? [Any] ?? []
    }
}
