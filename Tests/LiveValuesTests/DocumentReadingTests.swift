import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// JSONPath, numbers written as text, shields endpoint documents and Prometheus answers, without a network.
struct DocumentReadingTests {
    @Test(arguments: [
        ("$.a.b", "$.a.b"), ("a.b", "$.a.b"), ("$.a[0].b", "$.a[0].b"), ("$['key.with.dots']", "$['key.with.dots']"),
        (#"$["k"]"#, "$.k"), ("$", "$"), (#"$['it\'s']"#, #"$['it\'s']"#), ("$.ünï.ç0d€", "$.ünï.ç0d€"),
        ("$[0][1]", "$[0][1]"), ("$['a b']", "$['a b']"), (#"$["a\\b"]"#, #"$['a\\b']"#),
    ])
    func pathsParseAndPrintInOneSpelling(text: String, canonical: String) throws {
        guard case .success(let path) = JSONPath.parse(text) else { throw TestFailure("\(text) refused") }
        #expect(path.description == canonical)
        guard case .success(let again) = JSONPath.parse(path.description) else { throw TestFailure("reprint refused") }
        #expect(again == path)
    }

    @Test func aPathFindsItsNodeOrNothing() throws {
        let document = try #require(JSONValue.parse(Array(#"{"a": [{"b.c": 4}], "n": null}"#.utf8)))
        func find(_ text: String) -> JSONValue? {
            guard case .success(let path) = JSONPath.parse(text) else { return nil }
            return path.find(in: document)
        }
        #expect(find("$.a[0]['b.c']") == .number(4))
        #expect(find("$.a[1]") == nil)
        #expect(find("$.a.b") == nil)
        #expect(find("$.n") == .null)
    }

    @Test(arguments: [
        ("87", 87.0), ("87%", 87), (" 87 % ", 87), ("-0.5", -0.5), ("+3", 3), ("1e3", 1000), ("2.5E-1", 0.25),
        ("100%", 100),
    ])
    func numericTextIsRead(text: String, expected: Double) {
        #expect(DocumentNumber.whole(text) == expected)
    }

    @Test(arguments: ["", "%", "87%%", "0x10", "inf", "nan", "1,234", "12 apples", ".5", "5.", "--1", "1e", "٣"])
    func otherTextIsNotANumber(text: String) {
        #expect(DocumentNumber.whole(text) == nil)
    }

    @Test(arguments: [
        ("87% covered", 87.0), ("7/12", 7), ("  -2.5 left", -2.5), ("1.2k", 1.2), ("3.", 3), ("2e", 2), ("9e2x", 900),
    ])
    func aMessageGivesItsLeadingNumber(text: String, expected: Double) {
        #expect(DocumentNumber.leading(text) == expected)
    }

    @Test func endpointDocumentsAreReadAsShieldsWritesThem() throws {
        func endpoint(_ json: String) -> Result<(value: Double, label: String?, color: String?), LiveError> {
            JSONReading.endpoint(JSONReading.document(Array(json.utf8)) ?? .null)
        }
        let good = try endpoint(##"{"schemaVersion": 1, "label": "tests", "message": "7/12", "color": "#ff0000"}"##)
            .get()
        #expect(good.value == 7 && good.label == "tests" && good.color == "#ff0000")
        let bare = try endpoint(#"{"schemaVersion": 1, "message": "42", "label": 5}"#).get()
        #expect(bare.value == 42 && bare.label == nil && bare.color == nil)
        // Too long to keep with the value: left out, as the defaults they are.
        let long = try endpoint(
            #"{"schemaVersion": 1, "message": "1", "label": "\#(String(repeating: "x", count: 257))", "color": "red"}"#
        ).get()
        #expect(long.value == 1 && long.label == nil && long.color == "red")
        let cases: [(String, String)] = [
            (#"{"value": 1}"#, "the document is not a shields endpoint document (give query, e.g. $.coverage)"),
            (#"{"schemaVersion": 2, "message": "1"}"#, "the endpoint document's schemaVersion is not 1"),
            (#"{"schemaVersion": 1, "message": 87}"#, "the endpoint document has no message text"),
            (
                #"{"schemaVersion": 1, "message": "passing"}"#,
                #"the endpoint message "passing" does not start with a number"#
            ),
            (
                #"{"schemaVersion": 1, "message": "down", "isError": true}"#,
                #"the endpoint document reports an error: "down""#
            ),
        ]
        for (json, reason) in cases {
            guard case .failure(let error) = endpoint(json) else {
                Issue.record("\(json) accepted")
                continue
            }
            #expect(error.message == "query: not given, and " + reason)
        }
    }

    static func prometheus(_ json: String, status: Int = 200) -> Result<Double, LiveError> {
        PrometheusAnswer.value(status: status, body: Array(json.utf8), server: "main")
    }

    @Test func prometheusScalarsAndOneSampleVectorsGiveTheirNumber() throws {
        #expect(
            try Self.prometheus(#"{"status":"success","data":{"resultType":"scalar","result":[1.5,"14"]}}"#).get() == 14
        )
        let vector = #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"0.25"]}]}}"#
        #expect(try Self.prometheus(vector).get() == 0.25)
    }

    @Test(arguments: [
        (
            #"{"status":"success","data":{"resultType":"vector","result":[]}}"#, 200,
            "prometheus: the query returned no data"
        ),
        (
            #"{"status":"success","data":{"resultType":"vector","result":[{"value":[1,"1"]},{"value":[1,"2"]},{"value":[1,"3"]}]}}"#,
            200, "prometheus: the query returned 3 series; one is needed"
        ),
        (
            #"{"status":"success","data":{"resultType":"matrix","result":[]}}"#, 200,
            "prometheus: the query returned a range vector; an instant query giving one number is needed"
        ),
        (
            #"{"status":"success","data":{"resultType":"string","result":[1,"x"]}}"#, 200,
            "prometheus: the query returned a string, not a number"
        ),
        (
            #"{"status":"success","data":{"resultType":"scalar","result":[1,"NaN"]}}"#, 200,
            "prometheus: the query returned NaN, not a finite number"
        ),
        (
            #"{"status":"success","data":{"resultType":"scalar","result":[1,"+Inf"]}}"#, 200,
            "prometheus: the query returned +Inf, not a finite number"
        ),
        (
            #"{"status":"error","errorType":"bad_data","error":"parse error: unexpected \"\n\" in label"}"#, 400,
            #"prometheus: server main refused the query (bad_data: "parse error: unexpected \"\u{a}\" in label")"#
        ),
        ("<html>busy</html>", 503, "prometheus: server main answered 503"),
        ("<html>ok</html>", 200, "prometheus: server main answered with text that is not JSON"),
    ])
    func otherPrometheusAnswersNameTheirShape(json: String, status: Int, message: String) {
        guard case .failure(let error) = Self.prometheus(json, status: status) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message == message)
    }
}
